import { observed } from '../spec-model/observed-fixture';
import { cookieFlipKeepsId } from './cookie-flip-keeps-id';
import { runRow, tableTest } from './test-support';

const ID = '6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b';
const OTHER = 'ffffffffffffffffffffffffffffffff';
const set = (v: string): [string, string] => ['set-cookie', `SC_ANALYTICS_GLOBAL_COOKIE=${v}; expires=Tue, 08-Apr-2036 16:54:52 GMT; path=/; HttpOnly`];
const first = observed({ lines: [set(`${ID}|False`)] });

tableTest(cookieFlipKeepsId, [
  { name: 'flip keeps the id (from the previous response)', input: { lines: [set(`${ID}|True`)] }, previous: [first], verdicts: ['pass'] },
  {
    name: 'flip keeps the id (from the request cookie)',
    input: { lines: [set(`${ID}|True`)], requestHeaders: { cookie: `a=b; SC_ANALYTICS_GLOBAL_COOKIE=${ID}|False` } },
    verdicts: ['pass'],
  },
  {
    name: 'flip issues a new id',
    input: { lines: [set(`${OTHER}|True`)] },
    previous: [first],
    verdicts: ['fail'],
    expected: `id ${ID}`,
    actual: `id ${OTHER}`,
  },
  {
    name: 'request cookie wins over an older response',
    input: { lines: [set(`${OTHER}|True`)], requestHeaders: { cookie: `SC_ANALYTICS_GLOBAL_COOKIE=${OTHER}|False` } },
    previous: [first],
    verdicts: ['pass'],
  },
  { name: 'first visit: not applicable', input: { lines: [set(`${ID}|False`)] }, verdicts: [] },
  { name: 'other cookie: not applicable', input: { lines: [['set-cookie', 'sxa_site=Lessons; path=/']] }, previous: [first], verdicts: [] },
]);

it('declares the values it holds as cookie secrets', () => {
  const [f] = runRow(cookieFlipKeepsId, { name: '', input: { lines: [set(`${ID}|True`)] }, previous: [first], verdicts: [] });
  expect(f.secrets?.map((s) => s.kind)).toEqual(['cookie', 'cookie']);
  expect(f.secrets?.[1].value).toBe(`${ID}|True`);
  expect(f.id).toBe('cookie/flip-keeps-id SC_ANALYTICS_GLOBAL_COOKIE');
});
