// Fixture of entry-points.test.ts: what the entry point uses.
export const roleNames = (): string[] => ['site', 'assets'];
