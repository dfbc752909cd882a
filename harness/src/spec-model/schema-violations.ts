/**
 * ajv's errors on a spec file in words, one per cause: a misspelt property names the property it
 * resembles, and the "missing required" error the misspelling causes is not listed again.
 */
import type { ErrorObject } from 'ajv';
import { nearest } from '../target-map/nearest';
import { MATCHER_KINDS } from './matchers';
import { SPEC_SCHEMA } from './schema';
import type { SpecViolation } from './violation';

const MATCHER_KINDS_TEXT = MATCHER_KINDS.join(', ');

/** A JSON pointer segment. */
export const escapePointer = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every property name the spec schema knows, anywhere: what a misspelt key is matched against. */
function propertyNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const x of schema) propertyNames(x, out);
  else if (schema && typeof schema === 'object') {
    for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
      if (k === 'properties' && v && typeof v === 'object') for (const name of Object.keys(v)) out.add(name);
      propertyNames(v, out);
    }
  }
  return out;
}

let known: string[] | undefined;
const knownProperties = () => (known ??= [...propertyNames(SPEC_SCHEMA)].sort());

/** ajv errors in words, without the noise of branches that were never meant to apply, nor the errors a misspelt key causes. */
export function schemaViolations(file: string, errors: ErrorObject[]): SpecViolation[] {
  const out: SpecViolation[] = [];
  /** parent pointer -> the names a misspelt key there resembles */
  const meant = new Map<string, Set<string>>();
  for (const e of errors) {
    if (e.keyword === 'if') continue; // its "then" errors are reported themselves
    if (/\/oneOf\/\d+\/required$/.test(e.schemaPath)) continue; // branches of "exactly one form"
    if (e.keyword === 'enum' && e.instancePath.endsWith('/shape')) continue; // reported as an unknown shape below
    let pointer = e.instancePath;
    let reason: string;
    switch (e.keyword) {
      case 'additionalProperties': {
        const name = String(e.params.additionalProperty);
        pointer += '/' + escapePointer(name);
        const guess = nearest(name, knownProperties(), 2);
        if (guess) meant.set(e.instancePath, (meant.get(e.instancePath) ?? new Set()).add(guess));
        reason = `unknown property "${name}"${guess ? `; did you mean "${guess}"?` : ''}`;
        break;
      }
      case 'required':
        reason = `missing required property "${e.params.missingProperty}"`;
        break;
      case 'oneOf':
        reason = e.schemaPath.includes('headerObject')
          ? `a header matcher needs exactly one of ${MATCHER_KINDS_TEXT}, lines`
          : `a matcher needs exactly one of ${MATCHER_KINDS_TEXT}`;
        break;
      case 'enum':
        reason = `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
        break;
      case 'const':
        reason = `must be ${JSON.stringify(e.params.allowedValue)}`;
        break;
      case 'dependencies':
        reason = `"${e.params.property}" needs "${e.params.missingProperty}"`;
        break;
      case 'propertyNames':
        reason = `invalid name "${e.params.propertyName}"`;
        break;
      case 'pattern':
        reason = `must match ${e.params.pattern}`;
        break;
      default:
        reason = e.message ?? e.keyword;
    }
    out.push({ file, pointer, reason, kind: 'schema', ...(e.keyword === 'required' ? { missing: String(e.params.missingProperty) } : {}) } as SpecViolation);
  }
  // One cause, one error: a key that is missing because it is misspelt beside it is said once, with the misspelling.
  const seen = new Set<string>();
  return out
    .filter((v) => {
      const missing = (v as SpecViolation & { missing?: string }).missing;
      return !(missing && meant.get(v.pointer)?.has(missing));
    })
    .map(({ missing: _missing, ...v }: SpecViolation & { missing?: string }) => v)
    .filter((v) => {
      // propertyNames failures are reported twice by ajv (the name and its pattern): keep one per place.
      const key = `${v.pointer}\u0000${v.reason}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
