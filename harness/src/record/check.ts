/**
 * A record checked against its schema (`record.schema.json`, generated from the types) before it is
 * attached: a writer that strays from the types is a harness error at the test that wrote it,
 * not a field the report silently reads as missing.
 */
import { HarnessError, lazySchemaValidators, type SchemaSet } from '../core';
import schema from './record.schema.json';

export const RECORD_VALIDATORS: SchemaSet<'any' | 'replay' | 'browser'> = {
  options: { allErrors: true, strict: false },
  schemas: { [schema.$id]: schema },
  refs: { any: schema.$id, replay: `${schema.$id}#/definitions/ReplayRecord`, browser: `${schema.$id}#/definitions/BrowserFlowRecord` },
};
const validators = lazySchemaValidators(RECORD_VALIDATORS);

/**
 * What is wrong with a record, one line per problem (at most `max`); empty when it fits the schema.
 * The problems are those of the kind the record says it is (the union's would list every kind's).
 */
export function recordProblems(record: unknown, max = 5): string[] {
  const v = validators();
  if (v.any(record)) return [];
  const validate = (record as { kind?: unknown } | null)?.kind === 'browser-flow' ? v.browser : v.replay;
  validate(record);
  const errors = validate.errors?.length ? validate.errors : (v.any.errors ?? []);
  return errors.slice(0, max).map((e) => {
    const extra = e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: unknown }).additionalProperty)})` : '';
    return `${e.instancePath || '/'} ${e.message ?? e.keyword}${extra}`;
  });
}

export class RecordSchemaError extends HarnessError {
  constructor(
    readonly id: string,
    readonly problems: string[],
  ) {
    super('HARNESS_ERR_RECORD', `the record of ${id} does not fit its schema: ${problems.join('; ')}`);
  }
}

/** The record, or a RecordSchemaError naming what does not fit. */
export function checkedRecord<T>(record: T): T {
  const problems = recordProblems(record);
  if (problems.length) throw new RecordSchemaError(String((record as { id?: unknown }).id ?? '(no id)'), problems);
  return record;
}
