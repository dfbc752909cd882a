/** One problem of a spec file, where it is. */
export type ViolationKind = 'io' | 'json' | 'schema' | 'shape' | 'regex' | 'check' | 'duplicate-id' | 'id-prefix' | 'level' | 'discover';

export interface SpecViolation {
  file: string;
  /** JSON pointer (RFC 6901) of the offending value; "" for the whole document. */
  pointer: string;
  reason: string;
  kind: ViolationKind;
  /** For invalid JSON: where the parser stopped (1-based). */
  line?: number;
  column?: number;
}
