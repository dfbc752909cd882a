/** The 43-byte transparent 1x1 GIF trackers answer with. */
export const TRANSPARENT_GIF = Buffer.from('47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');

/** The tracking pixel's parameters: every one must be present (values may be empty). */
export const PIXEL_PARAMS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;

/** A collect hit's body is empty; anything larger than this is refused unread. */
export const MAX_COLLECT_BODY = 16 * 1024;

const ORIGIN = /^(https?:\/\/[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?|null)$/;
const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/;

/** The request's Origin when it is one (scheme, host, optional port), else undefined. */
export function corsOrigin(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && ORIGIN.test(value) ? value : undefined;
}

/** Access-Control-Request-Headers echoed back when it is a plain list of header names. */
export function allowedRequestHeaders(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value.length <= 1024 && HEADER_LIST.test(value.trim()) ? value.trim().toLowerCase() : undefined;
}

/** The names of a..h the query lacks. */
export function missingPixelParams(query: string | undefined): string[] {
  const params = new URLSearchParams(query ?? '');
  return PIXEL_PARAMS.filter((p) => !params.has(p));
}
