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
    expect(css.expect.headers['etag']).toEqual({ shape: 'iis-etag', note: expect.stringContaining('validator') });
    expect(css.expect.headers['content-type']).toBe('text/css');
    // Vary is a SHOULD of RFC 9110 and its list a deployment's choice: a warning, saying why.
    expect(css.expect.headers['vary']).toMatchObject({ equals: 'Accept-Encoding', level: 'should', note: expect.stringContaining('RFC 9110') });
    const home = site.exchanges.find((e: { id: string }) => e.id === 'site/har/get-root');
    // Two field lines are one list (RFC 9110 §5.3): one line "SAMEORIGIN, SAMEORIGIN" means the same.
    expect(home.expect.headers['x-frame-options']).toEqual({ list: ['SAMEORIGIN', 'SAMEORIGIN'] });
    // One deployment's cookie name: its absence warns; where it is set, its attributes are the contract.
    expect(home.expect.cookies['ASP.NET_SessionId']).toMatchObject({ presence: 'should', value: { shape: 'alnum-lower24' }, count: 2, httpOnly: true, sameSite: 'Lax', path: '/' });
    // "10 years" as a person means it: 3,650 to 3,660 days, a day's slack either side.
    expect(home.expect.cookies['SC_ANALYTICS_GLOBAL_COOKIE'].expires).toEqual({ relativeTime: { to: 'date', offsetSeconds: 3655 * 86400, toleranceSeconds: 6 * 86400 } });
    expect(home.expect.cookies['ARRAffinity']).toMatchObject({ secure: true, domain: { present: true, level: 'should' } });
    expect(home.request.headers).toEqual({ accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' });
    const bare = JSON.parse(fs.readFileSync(path.join(tmp, 'bare.derived.json'), 'utf8'));
    expect(bare.exchanges[0]).toMatchObject({ id: 'bare/har/get-root/301', expect: { status: 301, headers: { location: '{base_url}/' } } });
    const ocsp = JSON.parse(fs.readFileSync(path.join(tmp, 'ocsp.derived.json'), 'utf8'));
    expect(ocsp.exchanges[0].request).toMatchObject({ method: 'POST', bodyEncoding: 'base64' });
    expect(ocsp.exchanges[0].expect.body).toEqual({ decodedSize: 504, startsWithHex: '308201f4' });
  });

  it('derives the cookie hand-off flow from request order', () => {
    run([fx('chrome-devtools.har'), '--out', tmp]);
    const site = JSON.parse(fs.readFileSync(path.join(tmp, 'site.derived.json'), 'utf8'));
    expect(site.flows).toHaveLength(1);
    const flow = site.flows[0];
    expect(flow.steps.map((s: { request: { path: string } }) => s.request.path)).toEqual(['/', '/layouts/system/VisitorIdentificationCSS.aspx?1712345678901']);
    expect(flow.steps[1].title).toContain('sends ASP.NET_SessionId, SC_ANALYTICS_GLOBAL_COOKIE, __RequestVerificationToken set by an earlier step');
    expect(flow.steps[1].expect.cookies.SC_ANALYTICS_GLOBAL_COOKIE.value).toEqual({ shape: 'analytics-cookie' });
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
