/** RFC 9110 §9.2.2: the methods a client may send again without asking whether the first was applied. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);

export const isIdempotent = (method: string | undefined): boolean => IDEMPOTENT_METHODS.has((method ?? 'GET').toUpperCase());
