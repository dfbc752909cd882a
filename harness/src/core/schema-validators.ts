/**
 * JSON Schema validators (ajv) compiled once per checkout rather than once per process. A
 * Playwright run starts a runner and a worker, and each used to spend 0.1-0.25 s of CPU compiling
 * every schema it checks (the spec files', the known deviations', the record's) before its first
 * test. ajv's own standalone output (the validator as JavaScript source) is kept in the harness's
 * cache folder under a name that hashes ajv's version, the options and the schemas, so a changed
 * schema or a new ajv is a new file and a stale one is never read. Whatever goes wrong with the
 * cache (a folder that cannot be written, a file that does not load) costs only the compile: the
 * validators are then compiled in memory as before, and a bad file is written again.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { Options, ValidateFunction } from 'ajv';
import { HARNESS_CACHE_DIR } from './cache-dir';
import { InternalError } from './errors';

export const VALIDATOR_CACHE_DIR = path.join(HARNESS_CACHE_DIR, 'validators');

/** JSON data only, options included: the cached file is named by a hash of their JSON text. */
export interface SchemaSet<K extends string> {
  /** ajv's options, `code` aside (the source is always kept, to be cached). */
  options: Omit<Options, 'code'>;
  /** Each schema under a key of its own (its `$id`, when it has one, also names it). */
  schemas: Record<string, object>;
  /** The validators wanted: a name for each, and the key, `$id` or `$id#/pointer` of its schema. */
  refs: Record<K, string>;
}

// Generated code requires ajv's runtime helpers (`ajv/dist/runtime/...`), resolved from here; ajv
// itself is loaded only to compile (about 0.1 s a process that reads the cache does not spend).
const requireHere = createRequire(__filename);
const AJV_VERSION = (requireHere('ajv/package.json') as { version: string }).version;

function digest(set: SchemaSet<string>): string {
  return createHash('sha256')
    .update(JSON.stringify({ ajv: AJV_VERSION, options: set.options, schemas: set.schemas, refs: set.refs }))
    .digest('hex')
    .slice(0, 32);
}

/** The validators compiled in memory, and their standalone source: what a process without the cache does. */
function compileValidators<K extends string>(set: SchemaSet<K>): { validators: Record<K, ValidateFunction>; source: string } {
  const { default: Ajv } = requireHere('ajv') as typeof import('ajv');
  const { default: standaloneCode } = requireHere('ajv/dist/standalone') as typeof import('ajv/dist/standalone');
  const ajv = new Ajv({ ...set.options, code: { source: true } });
  for (const [key, schema] of Object.entries(set.schemas)) ajv.addSchema(schema, key);
  const validators = {} as Record<K, ValidateFunction>;
  for (const name of Object.keys(set.refs) as K[]) {
    const v = ajv.getSchema(set.refs[name]);
    if (!v) throw new InternalError(`schema-validators: no schema ${JSON.stringify(set.refs[name])} for ${name}`);
    validators[name] = v as ValidateFunction;
  }
  return { validators, source: standaloneCode(ajv, set.refs as Record<string, string>) };
}

function load<K extends string>(file: string, refs: Record<K, string>): Record<K, ValidateFunction> | undefined {
  let source: string;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const module = { exports: {} as Record<string, unknown> };
    new Function('require', 'module', 'exports', source)(requireHere, module, module.exports);
    const out = module.exports;
    return (Object.keys(refs) as K[]).every((k) => typeof out[k] === 'function') ? (out as Record<K, ValidateFunction>) : undefined;
  } catch {
    return undefined;
  }
}

function store(file: string, source: string): void {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(temporary, source);
    // A rename is atomic: a process reading at the same time sees the whole file or none.
    fs.renameSync(temporary, file);
  } catch {
    try {
      fs.rmSync(temporary, { force: true });
    } catch {
      // Nothing was written where nothing could be.
    }
  }
}

/** The validators of `set`: read from the cache folder when a previous process compiled them, compiled (and cached) otherwise. */
export function schemaValidators<K extends string>(set: SchemaSet<K>, dir: string = VALIDATOR_CACHE_DIR): Record<K, ValidateFunction> {
  const file = path.join(dir, `${digest(set)}.js`);
  const cached = load(file, set.refs);
  if (cached) return cached;
  const { validators, source } = compileValidators(set);
  store(file, source);
  return validators;
}

/** `schemaValidators` on first use, then the same validators: a module that imports a schema pays for it only if it validates. */
export function lazySchemaValidators<K extends string>(set: SchemaSet<K>, dir?: string): () => Record<K, ValidateFunction> {
  let validators: Record<K, ValidateFunction> | undefined;
  return () => (validators ??= schemaValidators(set, dir));
}
