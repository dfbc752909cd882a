import * as dgram from 'node:dgram';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { fieldLines } from '../core';
import type { ConformanceResults } from '../report/types';
import { WHOLE_RUN_MS } from './budgets';
import type { ProxiedExchange } from './mutating-proxy';
import { watchPeakRss } from './peak-rss';
import { startProxiedReference, stopProxiedReference, type ProxiedReference } from './proxied-reference';
import { REFERENCE_NAMES, ROLE_HOSTS } from './reference-names';
import { playwrightCli, REPORTER } from './playwright-cli';

/*
 * The attack run: the whole suite (raw, browser, and HTTP/3 where Caddy is installed) against a
 * hostile deployment that does every trick at once. The reference sits behind a proxy that:
 * redirects the bare host to an unmapped loopback address and a redirector hop to the cloud
 * metadata address; advertises an HTTP/3 alternative on an unmapped loopback address for the asset
 * host; presents a certificate whose AIA names an unmapped loopback OCSP responder; answers a
 * stylesheet with 48 MiB and a script with a gzip bomb (64 MiB of zeros) on every protocol and in
 * the browser; puts its session cookie, a signed link's token and the run's credentials in the home
 * page, its links and its error page; links a third party that answers 401 with a Basic challenge,
 * and resources on the runner's loopback and at the metadata address; opens a WebSocket to the
 * unmapped listener and asks the unmapped UDP socket as a STUN server.
 *
 * Three things hold: the unmapped listeners (TCP and UDP) see no connection and no datagram; no
 * canary is in any file the run writes or in what it prints; and no Node process of the run grows
 * past a stated bound. A misspelt secret variable stops a second run at once, printing no canary.
 */
const NAMES = REFERENCE_NAMES;
const CANARY = `att4ck${Date.now().toString(36)}`;
const USER_PASS = `staging:${CANARY}-basic-password`;
const AUTHORIZATION = `Basic ${Buffer.from(USER_PASS).toString('base64')}`;
/** The staging's session (an identifier: letters and digits) and a signed link's token. */
const SESSION = `${CANARY}0s3ss10n0${'9f8e7d6c'.repeat(2)}`;
const TOKEN = `${CANARY}t0k3n${'a1b2c3d4'.repeat(3)}`;
const CANARIES = [AUTHORIZATION.slice(6), USER_PASS, `${CANARY}-basic-password`, SESSION, TOKEN];
const MiB = 1024 * 1024;
/** The run's body cap: small, so that "a small multiple of the cap" is a tight bound. */
const CAP = 4 * MiB;
/**
 * The bound on any Node process of the run (the runner, each worker), in MiB. Measured with every
 * trick on this machine: 261 MiB for the busiest worker, whose baseline (Playwright, Chromium's
 * driver, the specs) is about 200. Before the browser's bodies were sized first, the same run
 * peaked at 1457 MiB: Playwright's HAR recorder and the discovery read each 48 MiB body whole.
 */
const PEAK_MIB = 400;

const BIG = Buffer.alloc(48 * MiB, 'a');
const BOMB = zlib.gzipSync(Buffer.alloc(64 * MiB), { level: 9 });

let p: ProxiedReference;
let unmapped: http.Server;
let unmappedPort = 0;
const unmappedHits: string[] = [];
let quic: dgram.Socket;
const quicHits: string[] = [];
let third: https.Server;
let thirdPort = 0;
const thirdSeen: Array<Record<string, string | string[] | undefined>> = [];
let ocsp: http.Server;
let ocspPort = 0;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attack-run-'));

const listen = (server: http.Server | https.Server, host: string) =>
  new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));

/** The body as text whatever its coding, then coded as it was. */
function rewrite(e: ProxiedExchange, change: (text: string) => string): void {
  const coding = fieldLines(e.lines, 'content-encoding')[0];
  const decode = coding === 'gzip' ? zlib.gunzipSync : coding === 'br' ? zlib.brotliDecompressSync : (b: Buffer) => b;
  const encode = coding === 'gzip' ? zlib.gzipSync : coding === 'br' ? zlib.brotliCompressSync : (b: Buffer) => b;
  e.body = encode(Buffer.from(change(decode(e.body).toString('utf8'))));
}

function hostile(e: ProxiedExchange): void {
  const site = NAMES[0];
  const set = (name: string, value: string) => (e.lines = [...e.lines.filter(([n]) => n !== name), [name, value]]);
  if (e.host === site && e.path === '/' && e.status === 200) {
    e.lines.push(['set-cookie', `attack_session=${SESSION}; Path=/; Secure; HttpOnly; SameSite=Lax`]);
    // Its policy lets the page's scripts connect anywhere (the reference's own has no wss: source, so Chromium would refuse the WebSocket itself).
    e.lines = e.lines.map(([n, v]) => [n, n === 'content-security-policy' ? `${v}; connect-src 'self' https: wss:` : v]);
    rewrite(e, (html) =>
      html.replace(
        '</body>',
        `<a href="/search?token=${TOKEN}">saved search</a><p>your session: ${SESSION}</p>` +
          `<img src="https://third.attack.test:${thirdPort}/pixel.png"><img src="https://127.0.0.2:${unmappedPort}/steal.png">` +
          `<img src="https://169.254.169.254/latest/meta-data/iam/">` +
          // Connections no request announces, beneath the browser's request gate: a WebSocket and WebRTC's STUN.
          `<script>try { new WebSocket('wss://127.0.0.2:${unmappedPort}/ws') } catch (e) {}` +
          `try { const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.3:${(quic.address() as AddressInfo).port}' }] });` +
          ` pc.createDataChannel('x'); pc.createOffer().then((o) => pc.setLocalDescription(o)) } catch (e) {}</script></body>`,
      ),
    );
  } else if (e.host === site && e.path === '/no-such-page') {
    // An error page that echoes what it was sent: the run's credentials and the session.
    rewrite(e, (html) => `${html}<pre>Authorization: ${e.requestHeaders.authorization ?? ''}\nCookie: ${e.requestHeaders.cookie ?? ''}</pre>`);
  } else if (e.host === site && /\.css(\?|$)/.test(e.path) && e.status === 200) {
    e.body = BIG;
    e.lines = e.lines.filter(([n]) => n !== 'content-encoding');
  } else if (e.host === site && e.path.startsWith('/layouts/system/VisitorIdentification.js')) {
    e.body = BOMB;
    set('content-encoding', 'gzip');
  } else if (e.host === NAMES[1] && e.path === '/') {
    e.status = 301;
    set('location', `http://127.0.0.2:${unmappedPort}/bare-steal`);
  } else if (e.host === NAMES[5] && e.path === '/favicon.ico') {
    set('location', 'http://169.254.169.254/latest/meta-data/');
  }
  if (e.host === NAMES[2]) set('alt-svc', `h3="127.0.0.3:${(quic.address() as AddressInfo).port}"; ma=60`);
}

beforeAll(async () => {
  unmapped = http.createServer((_req, res) => res.end('internal\n'));
  unmapped.on('connection', (s) => unmappedHits.push(`tcp from ${s.remotePort}`));
  unmappedPort = await listen(unmapped, '127.0.0.2');
  quic = dgram.createSocket('udp4');
  quic.on('message', (_m, from) => quicHits.push(`udp from ${from.port}`));
  await new Promise<void>((resolve) => quic.bind(0, '127.0.0.3', resolve));
  p = await startProxiedReference(NAMES, 'Attack Staging Root', [], {
    h3: true,
    aia: `http://127.0.0.2:${unmappedPort}/ocsp`,
    extraNames: ['third.attack.test'],
  });
  third = https.createServer({ key: p.pki.keyPem, cert: p.pki.certPem }, (req, res) => {
    thirdSeen.push(req.headers);
    res.writeHead(401, { 'www-authenticate': 'Basic realm="third"', 'content-type': 'text/plain' });
    res.end('who are you?\n');
  });
  thirdPort = await listen(third, '127.0.0.4');
  // The mapped OCSP responder: asked, as the map says; it knows no certificate.
  ocsp = http.createServer((_req, res) => res.writeHead(404).end());
  ocspPort = await listen(ocsp, '127.0.0.1');
  p.proxy.setMutation(hostile);
}, WHOLE_RUN_MS);

afterAll(async () => {
  for (const s of [unmapped, third, ocsp]) s?.closeAllConnections();
  await Promise.all([unmapped, third, ocsp].map((s) => new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()))));
  quic?.close();
  await stopProxiedReference(p ?? {});
  fs.rmSync(work, { recursive: true, force: true });
});

function runEnv(): Record<string, string> {
  const env = p.proxy.targetEnv(ROLE_HOSTS, p.pki.caFile);
  return {
    ...env,
    TARGET_REDIRECTOR_URL: NAMES.slice(5, 8)
      .map((n) => `https://${n}:${p.proxy.port}`)
      .join(','),
    TARGET_OCSP_URL: `http://ocsp.attack.test:${ocspPort}`,
    TARGET_RESOLVE: `${env.TARGET_RESOLVE},ocsp.attack.test:${ocspPort}:127.0.0.1,third.attack.test:${thirdPort}:127.0.0.4`,
    TARGET_HEADERS: JSON.stringify({ '*': { Authorization: AUTHORIZATION } }),
    HARNESS_BODY_CAP_BYTES: String(CAP),
    // The site's script is a gzip bomb, so the visitor flag's wait for a response that script would
    // cause runs to its end: the run's longest wait. A third of the tests' budget (a 15 s wait, not
    // 40 s) is still far above what any answer here takes, and nothing here is judged by its speed.
    HARNESS_BROWSER_TIMEOUT_MS: '22500',
    ...(p.edge ? {} : { TARGET_H3: '0' }),
  };
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

const leaksIn = (name: string, text: string) => CANARIES.filter((c) => text.includes(c)).map((c) => `${name}: ${c}`);

test(
  'the whole suite against a hostile deployment: nothing reaches an unmapped address, no canary is written or printed, memory stays bounded',
  async () => {
    const out = path.join(work, 'attack');
    let watch: ReturnType<typeof watchPeakRss> | undefined;
    const run = await playwrightCli(
      ['test', `--reporter=list,${REPORTER}`, `--output=${path.join(out, 'results')}`],
      { ...runEnv(), HARNESS_REPORT_DIR: path.join(out, 'report') },
      { watch: (pid) => (watch = watchPeakRss(pid)) },
    );
    const peak = watch?.stop();
    // A hostile target fails, and its bodies over the cap are errors (exit 2); the run judged it all the same.
    expect(`${run.code}\n${run.stdout.slice(-3000)}`).toMatch(/^[12]\n/);
    expect(run.stdout).toMatch(/Exit status [12]: /);
    const results = JSON.parse(fs.readFileSync(path.join(out, 'report', 'results.json'), 'utf8')) as ConformanceResults;
    const findings = results.tests.flatMap((t) => t.expectations.flatMap((e) => e.findings.map((f) => ({ ...f, kind: t.kind }))));
    const said = (re: RegExp) => findings.filter((f) => re.test(`${f.actual} ${f.message ?? ''}`));

    // Every trick was tried, and each refusal names the address.
    expect(said(new RegExp(`127\\.0\\.0\\.2:${unmappedPort}/bare-steal.*not the origin of a mapped role`)).length).toBeGreaterThan(0);
    expect(said(/169\.254\.169\.254\/latest\/meta-data\/.*link-local/).length).toBeGreaterThan(0);
    expect(said(new RegExp(`127\\.0\\.0\\.2:${unmappedPort}/ocsp is not a mapped OCSP name`)).length).toBeGreaterThan(0);
    if (p.edge) expect(said(/127\.0\.0\.3:\d+ is not a host of the target map/).length).toBeGreaterThan(0);
    const capped = said(/cap|Cannot create a Buffer larger than/).map((f) => (f.kind === 'browser-flow' ? 'browser' : f.protocol));
    expect(new Set(capped)).toEqual(new Set(['h1', 'h2', ...(p.edge ? ['h3'] : []), 'browser']));

    // 1. Nothing reached an unmapped address: no TCP connection, no QUIC datagram.
    expect(unmappedHits).toEqual([]);
    expect(quicHits).toEqual([]);
    // The third party's 401 got no credentials.
    expect(thirdSeen.filter((h) => h.authorization !== undefined || String(h.cookie ?? '').includes(SESSION))).toEqual([]);

    // 2. No canary in any file the run wrote, nor in what it printed.
    const written = filesUnder(out);
    expect(written.filter((f) => f.endsWith('.har')).length).toBeGreaterThan(3);
    const leaks = written.flatMap((f) => leaksIn(path.relative(work, f), fs.readFileSync(f).toString('latin1')));
    expect([...leaks, ...leaksIn('stdout', run.stdout), ...leaksIn('stderr', run.stderr)]).toEqual([]);

    // 3. No Node process of the run held more than the bound.
    // Over the bound, the processes are listed by their peaks (which one grew says where a body was read whole).
    expect(peak !== undefined && peak >= PEAK_MIB ? watch!.byProcess() : []).toEqual([]);
    process.stdout.write(`attack run: peak RSS of the run's Node processes ${peak ?? '(no /proc)'} MiB (bound ${PEAK_MIB} MiB, body cap ${CAP / MiB} MiB)\n`);

    // A misspelt secret variable stops a run at once, its value never printed.
    const misspelt = await playwrightCli(['test', `--reporter=${REPORTER}`], {
      ...runEnv(),
      TARGET_HEADRS: JSON.stringify({ '*': { Authorization: AUTHORIZATION } }),
      HARNESS_REPORT_DIR: path.join(work, 'misspelt'),
    });
    expect(misspelt.code).toBe(2);
    // The summary wraps its lines: the words are matched across a line break.
    expect(misspelt.stderr + misspelt.stdout).toMatch(
      /TARGET_HEADRS: "‹\d+ chars›" is set, but the harness reads no variable TARGET_HEADRS; did you\s+mean TARGET_HEADERS\?/,
    );
    expect([...leaksIn('stdout', misspelt.stdout), ...leaksIn('stderr', misspelt.stderr)]).toEqual([]);
  },
  WHOLE_RUN_MS,
);
