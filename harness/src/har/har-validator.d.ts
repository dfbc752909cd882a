/** har-validator 5 ships no types: its callback ("async") API, as har2spec uses it. */
declare module 'har-validator/lib/async' {
  /** An ajv 6 error object. */
  export interface HarValidationError {
    keyword: string;
    dataPath: string;
    schemaPath: string;
    params: Record<string, unknown>;
    message?: string;
  }
  export interface HARError extends Error {
    errors: HarValidationError[];
  }
  type Validate = (data: unknown, next: (err: HARError | null, valid: boolean) => void) => boolean;
  export const har: Validate;
  export const log: Validate;
  export const entry: Validate;
  export const creator: Validate;
  export const page: Validate;
}
