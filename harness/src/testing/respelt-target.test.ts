/**
 * A deployment that keeps every stated value but spells each as its field's grammar allows: the
 * reference behind a proxy that writes Cache-Control directives in another order without spaces,
 * Vary and X-Frame-Options in lower case, HSTS and the storefront's CSP directives in another
 * order, a charset on text types, Set-Cookie attributes in another order and case, a root Location
 * without its slash, a quoted Content-Disposition file name, and adds headers of its own. The whole
 * suite, with the specs derived from the reference's recordings beside the hand-written ones, has
 * no failure from the spelling; the one value it really changes (the media's lifetime, a day
 * instead of a week, written in the same new spelling) is the one cause. Run in process
 * (suite-collected.ts), without HTTP/3 (the proxy has no edge).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { failsRun } from '../core';
import { buildResults } from '../report/build';
import { causeHeadline, causes } from '../report/causes';
import { runMeta } from '../report/fixtures';
import { specMeta, targetMeta } from '../report/meta';
import type { ConformanceResults } from '../report/types';
import { parseSpecFolders } from '../settings/spec-folders';
import { WHOLE_RUN_MS, withTestBudgets } from './budgets';
import type { Mutation } from './mutating-proxy';
import { ROOT } from './playwright-cli';
import { writeDerivedSpecs } from './reference-recordings';
import { startProxiedReference, stopProxiedReference, type ProxiedReference } from './proxied-reference';
import { REFERENCE_NAMES, ROLE_HOSTS } from './reference-names';
import { suiteCollected } from './suite-collected';

const ASSETS = 'media.lessons.test';
const alternate = (s: string) => [...s].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join('');
const reversed = (v: string, sep: ';' | ',', join: string) =>
  v
    .split(sep)
    .map((x) => x.trim())
    .filter(Boolean)
    .reverse()
    .join(join);

const RESPELT: Mutation = (e) => {
  e.lines = e.lines.map(([n, v]): [string, string] => {
    switch (n) {
      case 'cache-control':
        // The one real change: media kept for a day, not the stated week.
        return [n, reversed(e.host === ASSETS && v.includes('max-age=604800') ? v.replace('604800', '86400') : v, ',', ',')];
      case 'vary':
      case 'x-frame-options':
        return [n, v.toLowerCase()];
      case 'pragma':
      case 'accept-ranges':
      case 'x-content-type-options':
        return [n, v.toUpperCase()];
      case 'strict-transport-security':
        return [n, reversed(v, ';', '; ')];
      case 'content-security-policy':
        return [n, v.startsWith('block-all-mixed-content') ? reversed(v, ';', ';') : v];
      case 'content-type':
        return [n, /^(text\/(css|html|plain)|application\/(x-javascript|javascript|xml))$/i.test(v) ? `${v}; charset=utf-8` : v];
      case 'content-disposition':
        return [n, v.replace(/^inline/, 'Inline').replace(/filename=([^;"]+)/, 'filename="$1"')];
      case 'location':
        return [n, /^https:\/\/[^/]+\/$/.test(v) ? v.slice(0, -1).replace('https://www.', 'https://WWW.') : v];
      case 'set-cookie': {
        const [pair, ...attributes] = v.split(';').map((x) => x.trim());
        const respelt = attributes.reverse().map((a) => (a.includes('=') ? alternate(a.slice(0, a.indexOf('='))) + a.slice(a.indexOf('=')) : alternate(a)));
        return [n, [pair, ...respelt].join('; ')];
      }
      default:
        return [n, v];
    }
  });
  e.lines.push(['x-request-id', Math.random().toString(16).slice(2)]);
};

let target: ProxiedReference;
let work: string;
let results: ConformanceResults;

beforeAll(async () => {
  target = await startProxiedReference(REFERENCE_NAMES, 'Respelt Proxy Root');
  target.proxy.setMutation(RESPELT);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'respelt-'));
  writeDerivedSpecs(path.join(work, 'derived'));
  const env = target.proxy.targetEnv(ROLE_HOSTS, target.pki.caFile);
  env.TARGET_REDIRECTOR_URL = REFERENCE_NAMES.filter((n) => n.endsWith('redirect.test'))
    .map((n) => `https://${n}:${target.proxy.port}`)
    .join(',');
  env.TARGET_H3 = '0';
  env.HARNESS_SPECS = `${path.join(ROOT, 'specs')},${path.join(work, 'derived')}`;
  const tests = await suiteCollected(withTestBudgets(env));
  results = buildResults({ tests, run: runMeta({ target: targetMeta(env), spec: specMeta(parseSpecFolders(env)), playwrightStatus: 'failed' }) });
}, WHOLE_RUN_MS);

afterAll(async () => {
  await stopProxiedReference(target ?? {});
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** An expectation of the run; the hand-written specs' ids carry their folder (`specs:`) beside the derived ones. */
const expectation = (id: string) => {
  for (const t of results.tests) for (const e of t.expectations) if (e.id === id) return e;
  throw new Error(`no expectation ${id} in the results`);
};

test('the one value changed is the one cause; no spelling is a failure or a run error', () => {
  expect(causes(results, (v) => failsRun(v, 'fail')).map(causeHeadline)).toEqual([
    expect.stringMatching(/^assets: header cache-control is "max-age=86400,public" on h1 and h2/),
  ]);
  expect(results.totals.error).toBe(0);
  // The derived specs' one warning: the recordings' Alt-Svc, which this proxy does not send.
  const warned = results.tests.flatMap((t) => t.expectations).filter((e) => e.verdict === 'warn');
  expect([...new Set(warned.map((e) => e.id.replace(/^\S+ /, '')))]).toEqual(['header alt-svc']);
});

test('each respelling passes, saying the rule that makes it the same value', () => {
  const passes = (id: string, rule: RegExp) => {
    const e = expectation(id);
    expect([id, e.verdict, e.findings[0].actual]).toEqual([id, 'pass', expect.stringMatching(rule)]);
  };
  passes('specs:site/home header cache-control', /^no-store,no-cache \(RFC 9111 §5\.2: /);
  passes('specs:site/static/css header vary', /^accept-encoding \(RFC 9110 §12\.5\.5: /);
  passes('specs:site/static/css header content-type', /^text\/css; charset=utf-8 \(RFC 9110 §8\.3\.1: /);
  passes('specs:site/static/head header strict-transport-security', /^preload; includeSubDomains; max-age=31536000 \(RFC 6797 §6\.1: /);
  passes('specs:shop/product header strict-transport-security', /^includeSubDomains; max-age=63072000$/);
  passes('specs:shop/product header x-frame-options', /^deny \(RFC 7034 §2\.1: /);
  passes('specs:shop/product header content-security-policy', /^upgrade-insecure-requests;frame-ancestors 'none';block-all-mixed-content$/);
  passes('specs:bare/root header location', /^https:\/\/WWW\.lessons\.test:\d+ \(RFC 3986 §6\.2: /);
  passes('specs:assets/media/icon header content-disposition', /^Inline; filename="[a-z-]+\.svg" \(RFC 6266 §4\.1: /);
  // Set-Cookie attributes in another order and case: undici's parser reads them alike.
  passes('specs:site/home cookie ARRAffinity httponly', /^HttpOnly$/);
  passes('specs:site/home cookie ARRAffinity domain', /^www\.lessons\.test$/);
  passes('shop/browser/product cookie _tracking_consent domain', /^store\.test$/);
});
