import { buildResults } from './build';
import { collected, replayRecord, runMeta } from './fixtures';
import { renderHtml } from './html';
import { renderJunit } from './junit';
import { terminalSummary } from './terminal';
import { runRedactor } from '../har/redact';
import { redactResults } from './redact-results';

/*
 * Secrets that travel into fields no field rule redacts: a parity finding whose expected value is
 * the other protocol's cookie, a diff message quoting the baseline's cookie, a transport error
 * naming a whole signed URL, an assertion message carrying an expected value, the extra header
 * values of the run. None reaches results.json, index.html, junit.xml or the terminal summary.
 */
const SESSION = 'z8x7c6v5b4n3m2l1k0jhgfds';
const BASELINE_SESSION = 'p0o9i8u7y6t5r4e3w2q1mnbv';
const HMAC = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const HEADER = 'Bearer header-canary-77a1e';
const SIGNED = `https://shop.store.test:8443/cdn/fonts/f.woff2?h1=c2hvcA&hmac=${HMAC}`;

function leakyTests() {
  const record = replayRecord('site/home', { cookieValue: SESSION }) as Record<string, unknown> & {
    parity: unknown[];
    diff?: unknown[];
    legs: Array<{ steps: Array<{ findings: unknown[] }> }>;
  };
  record.parity = [
    {
      id: 'site/home parity cookie ASP.NET_SessionId',
      verdict: 'fail',
      expected: `h2 as h1: ${SESSION}`,
      actual: 'h2: (absent)',
      source: 'rfc',
      target: 'user',
    },
  ];
  record.diff = [
    {
      id: 'site/home diff cookie ASP.NET_SessionId',
      verdict: 'diff',
      expected: 'the baseline',
      actual: 'set',
      message: `baseline sent ASP.NET_SessionId=${BASELINE_SESSION}; path=/`,
      source: 'baseline',
      target: 'user',
    },
  ];
  (record as { baseline?: unknown }).baseline = {
    legs: [
      {
        protocol: 'h1',
        steps: [
          {
            id: 'site/home',
            protocol: 'h1',
            response: { status: 200, lines: [['set-cookie', `ASP.NET_SessionId=${BASELINE_SESSION}; path=/`]] },
            findings: [],
          },
        ],
      },
    ],
  };
  const font = replayRecord('shop/font', { role: 'shop' }) as { legs: Array<{ steps: Array<{ request: { url: string }; findings: unknown[] }> }> };
  font.legs[0].steps[0].request.url = SIGNED;
  font.legs[0].steps[0].findings.push({
    id: 'shop/font transport',
    verdict: 'error',
    expected: 'a response',
    actual: '(no response)',
    message: `shop: ${SIGNED}: connect ECONNRESET`,
    source: 'capture',
    target: 'user',
  });
  return [
    collected(['site', 'site/home'], record, {
      status: 'failed',
      errors: [`Error: site/home: 1 failing\n  parity cookie ASP.NET_SessionId: expected "h2 as h1: ${SESSION}"`],
    }),
    collected(['shop', 'shop/font'], font, { status: 'failed', errors: [`Error: shop/font transport: ${SIGNED}`] }),
  ];
}

test('no secret value reaches results.json, index.html, junit.xml or the terminal', () => {
  const tests = leakyTests();
  const redactor = runRedactor({ TARGET_HEADERS: JSON.stringify({ '*': { Authorization: HEADER } }) }, { raw: false });
  const run = runMeta({ runErrors: [`worker: ${HEADER} refused`] });
  const results = redactResults(buildResults({ tests, run }), tests, redactor);
  const outputs = { json: JSON.stringify(results), html: renderHtml(results), junit: renderJunit(results), terminal: terminalSummary(results, 'index.html') };
  for (const [name, text] of Object.entries(outputs)) {
    for (const secret of [SESSION, BASELINE_SESSION, HMAC, HEADER, 'header-canary-77a1e'])
      expect(`${name}: ${text.includes(secret) ? secret : 'none'}`).toBe(`${name}: none`);
  }
  // What was redacted says what it was: shape and length.
  expect(outputs.json).toContain('h2 as h1: ‹secret: alnum-lower24, 24 chars›');
  expect(outputs.json).toContain('hmac=‹secret: hex64, 64 chars›');
});

test('with HARNESS_REPORT_RAW_SECRETS=1 the values the target sent stay, the run’s own credentials never', () => {
  const tests = leakyTests();
  const redactor = runRedactor({ TARGET_HEADERS: JSON.stringify({ '*': { Authorization: HEADER } }), HARNESS_REPORT_RAW_SECRETS: '1' });
  const results = redactResults(buildResults({ tests, run: runMeta({ rawSecrets: true, runErrors: [`worker: ${HEADER} refused`] }) }), tests, redactor);
  const json = JSON.stringify(results);
  expect(json).toContain(`h2 as h1: ${SESSION}`);
  expect(json).not.toContain('header-canary-77a1e');
});
