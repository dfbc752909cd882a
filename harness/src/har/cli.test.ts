import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from './cli';

const FIX = path.join(__dirname, 'fixtures');
const fx = (name: string) => path.join(FIX, name);
const TOOL_HARS = ['chrome-devtools.har', 'firefox.har', 'playwright.har', 'mitmproxy.har', 'charles.har'].map(fx);

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'har2spec-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function readAll(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fs.readdirSync(dir).sort()) out[f] = fs.readFileSync(path.join(dir, f), 'utf8');
  return out;
}

describe('har2spec CLI: bad input', () => {
  it('prints every validation problem with its JSON path, exits 1 and writes nothing', () => {
    const r = run([fx('invalid.har'), '--out', tmp]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('invalid.har: log.entries[0].request: missing required property method');
    expect(r.err).toContain('invalid.har: log.entries[1].request.headers[0]: missing required property value');
    expect(r.err).toContain('invalid.har: log.entries[2].response.status: should be integer');
    expect(r.err).toContain('invalid.har: log.entries[2].startedDateTime:');
    expect(r.err).toContain('invalid.har: log.creator: missing required property name');
    expect(r.err).toContain('nothing written');
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('writes nothing when one file of several is invalid', () => {
    const r = run([fx('chrome-devtools.har'), fx('invalid.har'), '--out', tmp]);
    expect(r.code).toBe(1);
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it.each([
    ['truncated.har', /truncated\.har: the file ends early at byte 1500: truncated JSON/],
    ['empty.har', /empty\.har: the file is empty/],
    ['not-json.har', /not-json\.har: not valid JSON/],
  ])('%s gets one clear line, no stack trace', (name, message) => {
    const r = run([fx(name), '--out', tmp]);
    expect(r.code).toBe(1);
    const lines = r.err.split('\n');
    expect(lines[0]).toMatch(message);
    expect(lines).toHaveLength(2);
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it.each([
    [[], /no HAR file given/],
    [['--bogus', fx('firefox.har')], /unknown option --bogus/],
    [[fx('nope.har')], /nope\.har: no such file/],
    [[fx('firefox.har'), '--roles'], /--roles needs a value/],
    [[fx('firefox.har'), '--roles', fx('roles-bad.json')], /hosts\["www\.example\.org"\]: "sitee" is not a role/],
  ])('usage error %j exits 2', (args, message) => {
    const r = run([...(args as string[]), '--out', tmp]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});

describe('har2spec CLI: real tool formats', () => {
  it.each(TOOL_HARS)('accepts %s', (file) => {
    const r = run([file, '--out', tmp]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(fs.readdirSync(tmp).length).toBeGreaterThan(0);
  });

  it('maps hosts to roles, lists unmapped hosts, templates paths and infers shapes across captures', () => {
    const r = run([...TOOL_HARS, '--out', tmp]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('skipped 2 entries (unmapped hosts, no answer): www.googletagmanager.com (2)');
    const site = JSON.parse(fs.readFileSync(path.join(tmp, 'site.derived.json'), 'utf8'));
    expect(site.role).toBe('site');
    const css = site.exchanges.find((e: { id: string }) => e.id === 'site/har/get-section-css-name-css-lw');
    expect(css.title).toContain('/{section}/css/<name>.css?lw=<v>');
    expect(css.title).toContain('4 captured');
    expect(css.source).toBe('capture');
    expect(css.request.path).toBe('/{section}/css/main.css?lw=260408T1650');
    // Covered by the hand-written site/static/css: the description's matchers and levels, with its clause.
    expect(css.clause).toContain('as the description states it in site/static/css');
    expect(css.expect.headers['etag']).toMatchObject({ shape: 'iis-etag', level: 'must', clause: expect.stringContaining('etag (quoted string of the form <hex>:0)') });
    expect(css.expect.headers['content-type']).toMatchObject({ equals: 'text/css', level: 'must' });
    // The description states Vary: Accept-Encoding on every static file.
    expect(css.expect.headers['vary']).toMatchObject({ equals: 'Accept-Encoding', level: 'must' });
    const home = site.exchanges.find((e: { id: string }) => e.id === 'site/har/get-root');
    // What site/home states itself (X-Frame-Options twice) it keeps; the rest of the security set is its check's, not a second finding.
    expect(home.expect.headers['x-frame-options']).toMatchObject({ list: ['SAMEORIGIN', 'SAMEORIGIN'], level: 'must' });
    expect(home.expect.headers['x-content-type-options']).toBeUndefined();
    expect(home.checks).toEqual(expect.arrayContaining(['security', 'cookie/session-cookie-sent-twice']));
    // The reference's own name for the session cookie informs, as in site/home; the stated cookies keep their matchers.
    expect(home.expect.cookies['ASP.NET_SessionId']).toMatchObject({ source: 'reference', level: 'info', count: 2 });
    expect(home.expect.cookies['SC_ANALYTICS_GLOBAL_COOKIE'].expires).toMatchObject({ relativeTime: { to: 'date', offsetSeconds: 3655 * 86400, toleranceSeconds: 6 * 86400 } });
    expect(home.expect.cookies['ARRAffinity']).toMatchObject({ secure: true, domain: '{site_host}', level: 'must' });
    expect(home.request.headers).toEqual({ accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' });
    const bare = JSON.parse(fs.readFileSync(path.join(tmp, 'bare.derived.json'), 'utf8'));
    expect(bare.exchanges[0]).toMatchObject({ id: 'bare/har/get-root/301', expect: { status: { equals: 301, level: 'must' } } });
    // No hand-written exchange covers a good OCSP answer (a raw flow judges it): what the capture shows warns, and no size is taken from it.
    const ocsp = JSON.parse(fs.readFileSync(path.join(tmp, 'ocsp.derived.json'), 'utf8'));
    expect(ocsp.exchanges[0].request).toMatchObject({ method: 'POST', bodyEncoding: 'base64' });
    expect(ocsp.exchanges[0].expect.body).toEqual({ startsWithHex: '308201f4', level: 'should', note: expect.stringContaining('seen in the capture') });
  });

  it('--authority none: every fact is the capture\'s alone, a warning matched by what it means', () => {
    const r = run([...TOOL_HARS, '--authority', 'none', '--out', tmp]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("levels: by authority (none: every fact is the capture's)");
    const site = JSON.parse(fs.readFileSync(path.join(tmp, 'site.derived.json'), 'utf8'));
    const css = site.exchanges.find((e: { id: string }) => e.id === 'site/har/get-section-css-name-css-lw');
    expect(css.expect.headers['etag']).toEqual({ shape: 'iis-etag', level: 'should', note: expect.stringContaining('validator') });
    expect(css.expect.headers['content-type']).toEqual({ equals: 'text/css', level: 'should', note: expect.stringContaining('seen in the capture') });
    expect(css.expect.headers['vary']).toMatchObject({ equals: 'Accept-Encoding', level: 'should', note: expect.stringContaining('RFC 9110') });
    const home = site.exchanges.find((e: { id: string }) => e.id === 'site/har/get-root');
    // Two field lines are one list (RFC 9110 §5.3): one line "SAMEORIGIN, SAMEORIGIN" means the same.
    expect(home.expect.headers['x-frame-options']).toMatchObject({ list: ['SAMEORIGIN', 'SAMEORIGIN'], level: 'should' });
    expect(home.expect.cookies['ASP.NET_SessionId']).toMatchObject({ presence: 'should', level: 'should', value: { shape: 'alnum-lower24' }, count: 2, httpOnly: true, sameSite: 'Lax', path: '/' });
    // "10 years" as a person means it: 3,650 to 3,660 days, a day's slack either side.
    expect(home.expect.cookies['SC_ANALYTICS_GLOBAL_COOKIE'].expires).toEqual({ relativeTime: { to: 'date', offsetSeconds: 3655 * 86400, toleranceSeconds: 6 * 86400 } });
    // A Domain by its relation to the role's host, not by the name one deployment has.
    expect(home.expect.cookies['ARRAffinity']).toMatchObject({ secure: true, domain: { domainOf: '{base_url}', relation: 'host' } });
  });

  it('--mirror: every observed fact must', () => {
    const r = run([...TOOL_HARS, '--mirror', '--out', tmp]);
    expect(r.code).toBe(0);
    const site = JSON.parse(fs.readFileSync(path.join(tmp, 'site.derived.json'), 'utf8'));
    expect(site.description).toContain('Mirror: every fact the capture shows is must');
    const levels = JSON.stringify(site).match(/"level":"[a-z]+"/g) ?? [];
    expect(levels.length).toBeGreaterThan(10);
    expect(new Set(levels)).toEqual(new Set(['"level":"must"']));
    expect(JSON.stringify(site)).not.toContain('"presence"');
  });

  it('--authority with a folder that does not exist is a usage error', () => {
    const r = run([fx('firefox.har'), '--authority', path.join(tmp, 'nope'), '--out', tmp]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--authority .*nope: no such folder/);
  });

  it('derives the cookie hand-off flow from request order', () => {
    run([fx('chrome-devtools.har'), '--out', tmp]);
    const site = JSON.parse(fs.readFileSync(path.join(tmp, 'site.derived.json'), 'utf8'));
    expect(site.flows).toHaveLength(1);
    const flow = site.flows[0];
    expect(flow.steps.map((s: { request: { path: string } }) => s.request.path)).toEqual(['/', '/layouts/system/VisitorIdentificationCSS.aspx?1712345678901']);
    expect(flow.steps[1].title).toContain('sends ASP.NET_SessionId, SC_ANALYTICS_GLOBAL_COOKIE, __RequestVerificationToken set by an earlier step');
    // Its attributes as the description states them; its value (it depends on the cookie sent) by the capture's shape, a warning.
    expect(flow.steps[1].expect.cookies.SC_ANALYTICS_GLOBAL_COOKIE).toMatchObject({ httpOnly: true, path: '/', level: 'must', value: { shape: 'analytics-cookie', level: 'should' } });
  });
});

describe('har2spec CLI: secrets', () => {
  // Every secret in canary.har holds the string CANARY (the file name is lower case on purpose).
  it('writes no canary string anywhere, in files or on the console', () => {
    const r = run([fx('canary.har'), ...TOOL_HARS, '--out', tmp]);
    expect(r.code).toBe(0);
    const files = readAll(tmp);
    expect(Object.keys(files).length).toBeGreaterThan(0);
    for (const [name, text] of Object.entries(files)) expect({ name, hit: /CANARY/.test(text) }).toEqual({ name, hit: false });
    expect(r.out).not.toMatch(/CANARY/);
    expect(r.err).not.toMatch(/CANARY/);
    const site = JSON.parse(files['site.derived.json']);
    const api = site.exchanges.find((e: { id: string }) => e.id.startsWith('site/har/post-api'));
    expect(api.request.path).toBe('/api/LessonPlan/GetPlanJson?guids=&token={secret:token}&access_key={secret:access_key}');
    expect(api.request.headers).toEqual({ accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' });
    expect(api.request.body).toBeUndefined();
  });
});

describe('har2spec CLI: determinism and merging', () => {
  it('same input -> byte-identical output, whatever the file order', () => {
    const a = path.join(tmp, 'a');
    const b = path.join(tmp, 'b');
    run([...TOOL_HARS, '--out', a]);
    run([...[...TOOL_HARS].reverse(), '--out', b]);
    expect(readAll(b)).toEqual(readAll(a));
    const again = run([...TOOL_HARS, '--out', a]);
    expect(again.out).toMatch(/site\.derived\.json \(unchanged\)/);
  });

  it('never touches a hand-written spec, points at overlaps and diffs a changed derived file', () => {
    const hand = { role: 'site', version: 1, exchanges: [{ id: 'site/home', title: 'home', clause: 'x', source: 'capture', request: { path: '/' }, expect: { status: 200 } }] };
    const handText = JSON.stringify(hand, null, 2);
    fs.writeFileSync(path.join(tmp, 'site.json'), handText);
    const first = run([fx('chrome-devtools.har'), '--out', tmp]);
    expect(first.out).toContain('site/har/get-root: the hand-written site.json covers this request as site/home');
    const second = run([fx('chrome-devtools.har'), fx('firefox.har'), '--out', tmp]);
    expect(second.out).toMatch(/site\.derived\.json \(updated\)/);
    expect(second.out).toMatch(/^ {2}[-+] /m);
    expect(fs.readFileSync(path.join(tmp, 'site.json'), 'utf8')).toBe(handText);
  });

  it('honours a mapping file and its section', () => {
    const r = run([fx('chrome-devtools.har'), '--roles', fx('roles-example.json'), '--out', tmp]);
    expect(r.code).toBe(0);
    expect(fs.readdirSync(tmp).sort()).toEqual(['bare.derived.json', 'site.derived.json']);
  });
});
