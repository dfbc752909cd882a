import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { configSecrets } from './secrets';

const values = (env: NodeJS.ProcessEnv) => configSecrets(env).map((s) => s.value);

test('the values of TARGET_HEADERS and BASELINE_HEADERS, a Basic value taken apart, a Bearer token', () => {
  const basic = Buffer.from('staging:pa55-word').toString('base64');
  const found = values({
    TARGET_HEADERS: JSON.stringify({ '*': { Authorization: `Basic ${basic}` }, shop: { 'X-Bypass': 'bypass-token-1' } }),
    BASELINE_HEADERS: JSON.stringify({ '*': { Authorization: 'Bearer abc.def.ghi' } }),
  });
  expect(found).toEqual(
    expect.arrayContaining([`Basic ${basic}`, basic, 'staging:pa55-word', 'pa55-word', 'bypass-token-1', 'Bearer abc.def.ghi', 'abc.def.ghi']),
  );
});

test('a HEADERS variable that is not JSON is one secret as a whole', () => {
  expect(values({ TARGET_HEADERS: 'Authorization: Basic xyz' })).toContain('Authorization: Basic xyz');
});

test('the userinfo of URLs in the run’s variables: the password as written and decoded, user:password, the Basic value it is sent as', () => {
  const found = values({ HTTPS_PROXY: 'http://proxy-user:p%40ss-word@proxy.corp:3128', TARGET_URL: 'https://tok3n-as-user@www.x.test' });
  expect(found).toEqual(
    expect.arrayContaining(['p%40ss-word', 'p@ss-word', 'proxy-user:p@ss-word', Buffer.from('proxy-user:p@ss-word').toString('base64'), 'tok3n-as-user']),
  );
  // A role URL without userinfo, a path with an @, and other variables give nothing.
  expect(values({ TARGET_URL: 'https://www.x.test', TARGET_SECTION: 'a@b', PATH: 'http://u:p@x' })).toEqual([]);
});

test('headers of a targets file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
  try {
    const file = path.join(dir, 't.json');
    fs.writeFileSync(file, JSON.stringify({ roles: { site: 'https://www.x.test' }, headers: { site: { 'X-Api-Key': 'key-from-the-file' } } }));
    expect(values({ TARGETS_FILE: file })).toContain('key-from-the-file');
    expect(values({ TARGETS_FILE: path.join(dir, 'missing.json') })).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
