/**
 * A record as a reader gets it from an attachment: the record's own shape, with every field
 * possibly absent and every value of unknown type until the reader has checked it. Derived from
 * the record types, so a field added there is a field the reader sees here.
 */
export type Untrusted<T> = T extends readonly (infer U)[]
  ? Array<Untrusted<U>>
  : T extends object
    ? { [K in keyof T]?: Untrusted<NonNullable<T[K]>> }
    : unknown;
