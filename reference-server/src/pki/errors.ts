/** Failures the caller can act on; `code` is stable, the message names the offending value. */
export class PkiError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PkiError';
    this.code = code;
  }
}

// Not `instanceof Error`: errors of node's fs come from another realm under Jest's sandbox.
export function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as NodeJS.ErrnoException).code === code;
}
