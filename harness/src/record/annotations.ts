/**
 * The Playwright annotations the suite's tests carry for the report: the role a test is about, read
 * by the report where the test attached no record (it was skipped before it ran, or failed before
 * it could attach one), so that the report never guesses the role from a title.
 */
export const ROLE_ANNOTATION = 'role';

export function roleAnnotation(role: string): { type: string; description: string } {
  return { type: ROLE_ANNOTATION, description: role };
}
