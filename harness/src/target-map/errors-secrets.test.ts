import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readRunSettings } from '../settings/run';
import { looksLikeCredential, TargetConfigError } from './errors';

/*
 * Configuration errors name the variable and what is wrong, never a credential: header values,
 * userinfo in a URL, a proxy password (also where the URL parser reads part of it as a path), a
 * JSON text quoted by the parser, the value of a variable the harness does not know.
 */
const CANARY = 'c4nary-Secret-9f31';
const BASIC = `Basic ${Buffer.from(`staging:${CANARY}`).toString('base64')}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-secrets-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
}

const SITE = { TARGET_URL: 'https://www.staging.test' };

const CASES: Array<[string, () => Record<string, string>, RegExp]> = [
  ['userinfo in a role URL', () => ({ TARGET_URL: `https://staging:${CANARY}@www.staging.test` }), /^TARGET_URL: .* must not carry credentials/],
  ['a user name alone in a role URL', () => ({ TARGET_URL: `https://${CANARY}@www.staging.test` }), /must not carry credentials/],
  [
    'userinfo in a baseline URL',
    () => ({ ...SITE, BASELINE_URL: `https://staging:${CANARY}@www.example.org` }),
    /^BASELINE_URL: .* must not carry credentials/,
  ],
  [
    'userinfo in a URL of TARGETS_FILE',
    () => ({ TARGETS_FILE: file('roles.json', JSON.stringify({ roles: { site: `https://u:${CANARY}@www.staging.test` } })) }),
    /must not carry credentials/,
  ],
  [
    'a proxy password the URL parser reads as a path',
    () => ({ ...SITE, HTTPS_PROXY: `http://user:12/${CANARY}@proxy.corp:3128` }),
    /^HTTPS_PROXY: .* has a path/,
  ],
  ['a proxy user name with a slash', () => ({ ...SITE, HTTPS_PROXY: `http://us/er:${CANARY}@proxy.corp:3128` }), /^HTTPS_PROXY: .* has a path/],
  ['a proxy password with a bad port', () => ({ ...SITE, HTTP_PROXY: `http://user:${CANARY}@proxy.corp:99999` }), /^HTTP_PROXY: /],
  ['TARGET_HEADERS that is not JSON', () => ({ ...SITE, TARGET_HEADERS: `${CANARY}` }), /^TARGET_HEADERS: .* is not valid JSON/],
  ['TARGET_HEADERS cut short', () => ({ ...SITE, TARGET_HEADERS: `{"*": {"Authorization": "${BASIC}"},` }), /is not valid JSON/],
  ['a header value given as a name', () => ({ ...SITE, TARGET_HEADERS: JSON.stringify({ '*': { [`Authorization: ${BASIC}`]: '' } }) }), /is not a header name/],
  ['a role given a string', () => ({ ...SITE, TARGET_HEADERS: JSON.stringify({ '*': BASIC }) }), /is not an object of header name/],
  [
    'BASELINE_HEADERS that is not JSON',
    () => ({ ...SITE, BASELINE_URL: 'https://www.example.org', BASELINE_HEADERS: `{"*": {"Authorization": "${CANARY}"}` }),
    /^BASELINE_HEADERS: /,
  ],
  [
    'BASELINE_HEADERS without a baseline',
    () => ({ ...SITE, BASELINE_HEADERS: JSON.stringify({ '*': { Authorization: BASIC } }) }),
    /^BASELINE_HEADERS: .* is set, but no baseline is/,
  ],
  [
    'BASELINE_HEADERS with BASELINE=reference',
    () => ({ ...SITE, BASELINE: 'reference', BASELINE_HEADERS: JSON.stringify({ '*': { Authorization: BASIC } }) }),
    /set together with BASELINE=reference/,
  ],
  [
    'a misspelt baseline variable',
    () => ({ ...SITE, BASELINE_URL: 'https://www.example.org', BASELINE_HEDERS: BASIC }),
    /^BASELINE_HEDERS: .* is not a baseline variable; did you mean BASELINE_HEADERS\?/,
  ],
  ['a misspelt role variable', () => ({ ...SITE, TARGET_SHOPP_URL: `https://u:${CANARY}@shop.staging.test` }), /^TARGET_SHOPP_URL: .* is not a role variable/],
  [
    'TARGETS_FILE that is not JSON',
    () => ({ TARGETS_FILE: file('bad.json', `{"headers": {"*": {"Authorization": "${BASIC}"}}, roles: }`) }),
    /is not valid JSON/,
  ],
  [
    'TARGETS_FILE headers of the wrong type',
    () => ({ ...SITE, TARGETS_FILE: file('headers.json', JSON.stringify({ headers: { '*': { Authorization: [BASIC] } } })) }),
    /has a value that is not a string/,
  ],
];

test.each(CASES)('%s: the message names the variable, never the credential', (_name, env, message) => {
  let error: unknown;
  try {
    readRunSettings(env());
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(TargetConfigError);
  const text = `${(error as Error).message}\n${JSON.stringify(error)}`;
  expect((error as Error).message).toMatch(message);
  for (const secret of [CANARY, BASIC, Buffer.from(`staging:${CANARY}`).toString('base64'), CANARY.slice(0, 8), CANARY.slice(-8)])
    expect(text).not.toContain(secret);
});

describe('looksLikeCredential: what is shown by its length whatever variable holds it', () => {
  test.each([
    [`Bearer ${CANARY}`, true],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig', true],
    ['{"Authorization": "x"}', true],
    ['dGhpcyBpcyBBIHNlY3JldDEyMzQ1Njc4OTA', true],
    ['0123456789abcdef0123456789abcdef', true],
    // A file name or a URL is what a user must see to fix it.
    ['/tmp/baselines-GX2fwl/baselines.json.other', false],
    ['https://www.staging.test/', false],
    ['root.pem', false],
    ['warn', false],
  ])('%s -> %s', (value, expected) => {
    expect(looksLikeCredential(value)).toBe(expected);
  });
});
