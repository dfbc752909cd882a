import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv';
import { lazySchemaValidators, schemaValidators, type SchemaSet } from './schema-validators';

const ITEM = {
  $id: 'test-item/1',
  type: 'object',
  required: ['name', 'size'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: '^[a-z]+$' },
    size: { type: 'integer', minimum: 0 },
    tags: { type: 'array', items: { $ref: '#/definitions/tag' }, uniqueItems: true },
  },
  definitions: { tag: { type: 'string', maxLength: 3 } },
};
const SET: SchemaSet<'item' | 'tag'> = {
  options: { allErrors: true, strict: false },
  schemas: { [ITEM.$id]: ITEM },
  refs: { item: ITEM.$id, tag: `${ITEM.$id}#/definitions/tag` },
};
const DOCS: unknown[] = [
  { name: 'abc', size: 1 },
  { name: 'abc', size: 1, tags: ['x', 'yy'] },
  { name: 'ABC', size: -1, extra: true },
  { name: 'abc', size: 1, tags: ['x', 'x', 'long'] },
  { size: 'big' },
  null,
  'text',
];

let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'validators-'))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What ajv compiled in memory says of each document: the verdict and every error. */
function inMemory(doc: unknown): { valid: boolean; errors: unknown } {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const v = ajv.compile(ITEM);
  const valid = v(doc);
  return { valid, errors: v.errors ?? null };
}

test('the validators judge as ajv compiled in memory does, errors and all, the first time and from the cache', () => {
  const first = schemaValidators(SET, dir);
  expect(fs.readdirSync(dir).filter((f) => f.endsWith('.js'))).toHaveLength(1);
  const second = schemaValidators(SET, dir);
  for (const validators of [first, second])
    for (const doc of DOCS) {
      const valid = validators.item(doc);
      expect({ valid, errors: validators.item.errors ?? null }).toEqual(inMemory(doc));
    }
  expect(second.tag('abc')).toBe(true);
  expect(second.tag('abcd')).toBe(false);
  expect(second.tag.errors?.[0]).toMatchObject({ keyword: 'maxLength' });
});

test('a second process reads the cached file rather than compiling again', () => {
  schemaValidators(SET, dir);
  const [file] = fs.readdirSync(dir);
  // A cached validator that rejects everything proves the cache is what answers.
  fs.writeFileSync(path.join(dir, file), 'exports.item = function v() { v.errors = [{ keyword: "cached" }]; return false; };\nexports.tag = () => false;');
  const validators = schemaValidators(SET, dir);
  expect(validators.item({ name: 'abc', size: 1 })).toBe(false);
  expect(validators.item.errors).toEqual([{ keyword: 'cached' }]);
});

test('a cached file that does not load, or lacks a validator, is compiled again and written again', () => {
  schemaValidators(SET, dir);
  const [name] = fs.readdirSync(dir);
  const file = path.join(dir, name);
  for (const bad of ['exports.item = function (', 'exports.item = () => true;', 'throw new Error("boom")', '']) {
    fs.writeFileSync(file, bad);
    const validators = schemaValidators(SET, dir);
    expect(validators.item({ name: 'ABC', size: 1 })).toBe(false);
    expect(validators.tag('abcd')).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).not.toBe(bad);
  }
  expect(fs.readdirSync(dir)).toEqual([name]);
});

test('a changed schema, option or validator list is a new file, never the old one', () => {
  schemaValidators(SET, dir);
  const narrower = { ...ITEM, properties: { ...ITEM.properties, size: { type: 'integer', minimum: 10 } } };
  const changed = schemaValidators({ ...SET, schemas: { [ITEM.$id]: narrower } }, dir);
  expect(changed.item({ name: 'abc', size: 1 })).toBe(false);
  schemaValidators({ ...SET, options: { allErrors: false, strict: false } }, dir);
  schemaValidators({ ...SET, refs: { item: ITEM.$id, tag: ITEM.$id } }, dir);
  expect(fs.readdirSync(dir)).toHaveLength(4);
});

test('a cache folder that cannot be written costs only the compile', () => {
  const blocked = path.join(dir, 'not-a-folder');
  fs.writeFileSync(blocked, 'a file where the folder would be');
  const validators = schemaValidators(SET, path.join(blocked, 'validators'));
  expect(validators.item({ name: 'abc', size: 1 })).toBe(true);
  expect(validators.item({ name: 'abc' })).toBe(false);
  expect(fs.readdirSync(dir)).toEqual(['not-a-folder']);
});

test('a ref the schemas do not hold is a harness error naming it', () => {
  expect(() => schemaValidators({ ...SET, refs: { item: 'nowhere/1' } }, dir)).toThrow(
    expect.objectContaining({ code: 'HARNESS_ERR_INTERNAL', message: expect.stringContaining('"nowhere/1"') }),
  );
});

test('lazy validators compile nothing until first used, then keep the same functions', () => {
  const get = lazySchemaValidators(SET, dir);
  expect(fs.readdirSync(dir)).toHaveLength(0);
  const first = get();
  expect(get()).toBe(first);
  expect(fs.readdirSync(dir)).toHaveLength(1);
});
