/**
 * Generates the record's JSON schema from its types (`types.ts`), so the two cannot drift:
 * `npm run record:schema` writes `record.schema.json`, and `schema.test.ts` fails when the file is
 * not what the types generate. Uses ts-json-schema-generator, which reads TypeScript's own view of
 * the types (unions, literals, optional fields, the doc comments as descriptions).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';
import { RECORD_VERSION } from './version';

export const SCHEMA_FILE = path.join(__dirname, 'record.schema.json');

/** The schema of `TestRecord`, as the file holds it (two-space JSON and a final newline). */
export function generateRecordSchema(): string {
  const schema = createGenerator({
    path: path.join(__dirname, 'types.ts'),
    tsconfig: path.join(__dirname, '..', '..', '..', 'tsconfig.json'),
    type: 'TestRecord',
    // tsc checks the types in `npm run typecheck`; the generator needs only their shapes.
    skipTypeCheck: true,
    expose: 'export',
    topRef: true,
    additionalProperties: false,
  }).createSchema('TestRecord');
  return `${JSON.stringify({ $id: RECORD_VERSION, ...schema }, null, 2)}\n`;
}

if (require.main === module) {
  fs.writeFileSync(SCHEMA_FILE, generateRecordSchema());
  process.stdout.write(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}\n`);
}
