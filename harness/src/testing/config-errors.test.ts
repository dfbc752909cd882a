/**
 * A configuration or spec error, as a user meets it at the start of a run: exit status 2, the
 * problem in one line (a spec error: one line per problem) naming the variable or the place and the
 * fix, no stack trace and no harness source (DEBUG=1 keeps them), and no test run.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WHOLE_RUN_MS } from './budgets';
import { playwrightCli, ROOT } from './playwright-cli';

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'config-errors-'));
  const specs = path.join(work, 'bad-specs');
  fs.mkdirSync(specs);
  const site = JSON.parse(fs.readFileSync(path.join(ROOT, 'specs', 'site.json'), 'utf8'));
  site.exchanges[0].expect.status = '20O';
  site.exchanges[1].expcet = site.exchanges[1].expect;
  delete site.exchanges[1].expect;
  fs.writeFileSync(path.join(specs, 'site.json'), JSON.stringify(site));
  fs.writeFileSync(path.join(work, 'known.json'), '{ "entries": [ { "id": "site/home" } ] }');
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

// A user target, so nothing is started before the settings are read (the site's name resolves nowhere).
const USER = { TARGET_URL: 'https://www.example.invalid' };

test.each<[string, Record<string, string>, RegExp[]]>([
  ['a bad TARGET_INSECURE', { ...USER, TARGET_INSECURE: 'maybe' }, [/TARGET_INSECURE: "maybe" must be 1 or true \(verification off\), 0 or false \(on\)/]],
  ['a misspelt variable', { ...USER, TARGET_RESOVLE: 'x:1:127.0.0.1' }, [/TARGET_RESOVLE\b.*did you mean TARGET_RESOLVE\?/]],
  ['a bad HARNESS_FAIL_ON', { ...USER, HARNESS_FAIL_ON: 'never' }, [/HARNESS_FAIL_ON: "never" is not one of fail, warn, diff, info/]],
  [
    'a bad HARNESS_REPORT_RAW_SECRETS',
    { ...USER, HARNESS_REPORT_RAW_SECRETS: 'maybe' },
    [/HARNESS_REPORT_RAW_SECRETS must be 1 \(show raw secret values\) or 0, got "maybe"/],
  ],
  [
    'a HARNESS_RERUN file that is not there',
    { ...USER, HARNESS_RERUN: 'no-such-results.json' },
    [/HARNESS_RERUN: "no-such-results\.json" names no results\.json to re-run/],
  ],
  ['a bad timeout', { ...USER, HARNESS_CONNECT_TIMEOUT_MS: 'ten' }, [/HARNESS_CONNECT_TIMEOUT_MS/]],
  ['a known deviations file that does not load', { ...USER, HARNESS_KNOWN: '<known>' }, [/known\.json/]],
  [
    'spec files with a bad status and a misspelt key',
    { ...USER, HARNESS_SPECS: '<specs>' },
    [
      /site\.json#\/exchanges\/0\/expect\/status: status "20O" is not an HTTP status/,
      /site\.json#\/exchanges\/1\/expcet: unknown property "expcet"; did you mean "expect"\?/,
    ],
  ],
])(
  '%s: exit 2, said in one line naming the fix, no stack trace, no test',
  async (_what, env, said) => {
    const filled = Object.fromEntries(
      Object.entries(env).map(([k, v]) => [k, v.replace('<known>', path.join(work, 'known.json')).replace('<specs>', path.join(work, 'bad-specs'))]),
    );
    const run = await playwrightCli(['test'], { ...filled, HARNESS_REPORT_DIR: path.join(work, 'report') });
    const out = `${run.stdout}\n${run.stderr}`;
    expect(run.code).toBe(2);
    for (const line of said) expect(out).toMatch(line);
    expect(out).not.toMatch(/^\s+at \S/m);
    expect(out).not.toMatch(/harness\/src\/|^\s*\d+ \|/m);
    expect(out).not.toMatch(/No tests found|\d+ passed|\d+ failed/);
  },
  WHOLE_RUN_MS,
);
