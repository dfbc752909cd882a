import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main as har2spec } from '../../har/cli';
import { mergeSupplement, prepareRecordedHar } from './har-output';
import { parseRecordArgs } from './record-cli';

const ROOT = path.resolve(__dirname, '../../../..');
const COMMITTED = path.join(ROOT, 'har', 'reference');
const entry = (url: string, started: string, text?: string) => ({
  startedDateTime: started,
  time: 1,
  request: { method: 'GET', url, httpVersion: 'HTTP/2.0', cookies: [], headers: [], queryString: [], headersSize: -1, bodySize: 0 },
  response: {
    status: 200,
    statusText: '',
    httpVersion: 'HTTP/2.0',
    cookies: [],
    headers: [],
    content: { size: text?.length ?? 0, mimeType: 'text/plain', ...(text ? { text } : {}) },
    redirectURL: '',
    headersSize: -1,
    bodySize: -1,
  },
  cache: {},
  timings: { send: 0, wait: 0, receive: 0 },
});
const har = () => ({
  log: { version: '1.2', creator: { name: 't', version: '1' }, pages: [], entries: [entry('https://a.t/', '2026-01-01T00:00:01.000Z', 'x'.repeat(9000))] },
});

describe('prepareRecordedHar', () => {
  it('drops bodies over 8 KB and validates with har-validator', () => {
    const { har: out, problems } = prepareRecordedHar(har(), 'f.har');
    expect(problems).toEqual([]);
    expect(out.log.entries[0].response.content.text).toBeUndefined();
  });

  it('reports every schema problem with its JSON path', () => {
    const bad = har() as unknown as { log: { entries: Array<{ request: Record<string, unknown> }> } };
    delete bad.log.entries[0].request.method;
    expect(prepareRecordedHar(bad, 'f.har').problems).toEqual([{ file: 'f.har', path: 'log.entries[0].request', message: 'missing required property method' }]);
  });
});

it('mergeSupplement adds what the recorder left out, once, in time order', () => {
  const h = har();
  const added = mergeSupplement(h, [entry('https://a.t/favicon.ico', '2026-01-01T00:00:00.000Z'), entry('https://a.t/', '2026-01-01T00:00:02.000Z')]);
  expect(added).toBe(1);
  expect(h.log.entries.map((e) => e.request.url)).toEqual(['https://a.t/favicon.ico', 'https://a.t/']);
});

it('parseRecordArgs', () => {
  expect(parseRecordArgs([])).toEqual({ out: path.join('har', 'reference'), flows: [] });
  expect(parseRecordArgs(['--', '--out', 'x', '--flow=site/browser/home'])).toEqual({ out: 'x', flows: ['site/browser/home'] });
  expect(() => parseRecordArgs(['--bogus'])).toThrow(/unknown argument/);
});

const committed = fs.existsSync(COMMITTED)
  ? fs
      .readdirSync(COMMITTED)
      .filter((f) => f.endsWith('.har'))
      .map((f) => path.join(COMMITTED, f))
  : [];
// The HARs are committed: their absence is a broken checkout, not a reason to skip.
it('the committed HARs of the reference (npm run record) are accepted by har2spec', () => {
  expect(committed.length).toBeGreaterThan(0);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'h2s-'));
  const lines: string[] = [];
  try {
    const code = har2spec([...committed, '--out', out], { out: (l) => lines.push(l), err: (l) => lines.push(l) });
    expect({ code, lines }).toEqual({ code: 0, lines: expect.arrayContaining([expect.stringMatching(/^site: \d+ exchange/)]) });
    expect(fs.readdirSync(out).sort()).toEqual(
      expect.arrayContaining(['bare.derived.json', 'redirector.derived.json', 'shop.derived.json', 'site.derived.json']),
    );
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
