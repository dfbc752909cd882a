/**
 * An option of `startReference` that cannot be used: the message names it and its value. Its own
 * module so that the server and the modules it is composed of (`nodes.ts`) throw the same class.
 */
export class ReferenceOptionsError extends Error {
  readonly code = 'REFERENCE_ERR_OPTIONS';
}
