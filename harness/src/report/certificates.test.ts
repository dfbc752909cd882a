import { RECORD_VERSION } from '../record';
import { buildResults } from './build';
import { collected, runMeta } from './fixtures';
import { renderHtml } from './html';

/** A certs flow's record as the flow attaches it: its findings, and what the certificate is. */
function certsRecord(subject: string, daysLeft: number) {
  return {
    version: RECORD_VERSION,
    id: 'certs/site',
    role: 'site',
    kind: 'flow',
    target: 'user',
    legs: [{ protocol: 'h1', steps: [{ id: 'certs/site/handshake', protocol: 'h1', findings: [] }] }],
    parity: [],
    certificates: [
      {
        host: 'www.lessons.test',
        fingerprint256: 'AA:BB',
        serial: '0A1B',
        subject,
        names: ['www.lessons.test', 'lessons.test'],
        issuer: 'CN=Lessons R10',
        notBefore: '2026-01-01T00:00:00.000Z',
        notAfter: '2026-04-01T00:00:00.000Z',
        daysLeft,
        chain: [subject, 'CN=Lessons R10'],
        protocols: ['TLSv1.2', 'TLSv1.3'],
        alpn: 'h2',
        stapled: false,
      },
    ],
  };
}

test('the certs flow\'s facts reach results.json as typed fields and the page\'s "Certificates" section, escaped', () => {
  const hostile = 'CN=<script>alert(1)</script>';
  const live = { ...certsRecord(hostile, 89), id: 'ocsp/live/site', certificates: undefined };
  const results = buildResults({
    tests: [collected(['site', 'certs/site'], certsRecord(hostile, 89)), collected(['site', 'ocsp/live/site'], live)],
    run: runMeta(),
  });
  const t = results.tests[0];
  expect(t.certificates).toHaveLength(1);
  expect(t.certificates![0]).toMatchObject({ host: 'www.lessons.test', subject: hostile, daysLeft: 89, protocols: ['TLSv1.2', 'TLSv1.3'], alpn: 'h2' });
  const html = renderHtml(results);
  const section = html.slice(html.indexOf('<section class="certificates">'), html.indexOf('<section class="tests">'));
  expect(section).toContain('<h2>Certificates (1 role)</h2>');
  expect(section).toContain('CN=&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(section).not.toContain('<script>');
  expect(section).toContain('www.lessons.test, lessons.test');
  expect(section).toContain('2026-04-01<div class="muted">89 days left</div>');
  expect(section).toContain('TLSv1.2, TLSv1.3, ALPN h2');
  // The leaf's OCSP status: the live OCSP flow's verdict, linked to its test.
  const ocsp = results.tests.find((x) => x.id === 'ocsp/live/site')!;
  expect(section).toContain(`not stapled<div><a href="#${ocsp.key}">ocsp/live/site</a> <span class="badge`);
});

test('a certificate field that is not what it should be is left out, never shown half; no certs flow, no section', () => {
  const broken = { ...certsRecord('CN=x', 3), certificates: [{ ...certsRecord('CN=x', 3).certificates[0], daysLeft: 'three' }] };
  const results = buildResults({ tests: [collected(['site', 'certs/site'], broken)], run: runMeta() });
  expect(results.tests[0].certificates).toBeUndefined();
  expect(renderHtml(results)).not.toContain('<section class="certificates">');
});

test('with several nodes each gets its row, named, in results.json and on the page; a node serving another leaf shows its serial', () => {
  const base = certsRecord('CN=www.lessons.test', 60);
  const [first] = base.certificates;
  const record = {
    ...base,
    nodes: ['127.0.0.1', '127.0.0.2'],
    certificates: [
      { ...first, node: '127.0.0.1' },
      { ...first, node: '127.0.0.2', fingerprint256: 'CC:DD', serial: '0C0D', daysLeft: 5 },
    ],
  };
  const results = buildResults({ tests: [collected(['site', 'certs/site'], record)], run: runMeta() });
  expect(results.tests[0].certificates!.map((c) => [c.node, c.serial, c.daysLeft])).toEqual([
    ['127.0.0.1', '0A1B', 60],
    ['127.0.0.2', '0C0D', 5],
  ]);
  const html = renderHtml(results);
  const section = html.slice(html.indexOf('<section class="certificates">'), html.indexOf('<section class="tests">'));
  expect(section).toContain('<h2>Certificates (1 role)</h2>');
  expect(section).toContain('<th>node</th>');
  expect(section).toContain('<td class="mono">127.0.0.2</td>');
  expect(section).toContain('serial 0C0D');
  expect(section).toContain('5 days left');
});
