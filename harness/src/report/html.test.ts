import { buildResults } from './build';
import { failingInput, hostileInput, passingInput } from './fixtures';
import { renderHtml } from './html';

describe('renderHtml', () => {
  test('self-contained: no external resource, inline style and script, a CSP that allows only the inline script', () => {
    const html = renderHtml(buildResults(passingInput()));
    expect(html).not.toMatch(/<(link|iframe|object|embed)\b/i);
    expect(html).not.toMatch(/\bsrc="(?!data:image\/png;base64,)/);
    expect(html).not.toMatch(/https?:\/\/[^"'\s<]*\.(js|css)\b/);
    expect(html).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: 'self'; style-src 'unsafe-inline'; script-src 'sha256-[A-Za-z0-9+/=]+'/,
    );
    expect(html).toContain('<style>');
  });

  test('summary per role, the failure first with expected vs actual, clause, anchors and reproduction command', () => {
    const results = buildResults(failingInput());
    const html = renderHtml(results);
    const failures = html.indexOf('<section class="failures">');
    const tests = html.indexOf('<section class="tests">');
    expect(failures).toBeGreaterThan(html.indexOf('Summary per role'));
    const list = html.slice(failures, tests);
    expect(list).toContain('site/home header x-frame-options');
    expect(list).toContain('SAMEORIGIN, SAMEORIGIN');
    // The failing test is the first one listed.
    expect(html.slice(tests).indexOf('site/home')).toBeLessThan(html.slice(tests).indexOf('bare/browser/to-www'));
    const e = results.tests.find((t) => t.id === 'site/home')!.expectations.find((x) => x.verdict === 'fail')!;
    expect(html).toContain(`id="${e.key}"`);
    expect(html).toContain(`href="#${e.key}"`);
    for (const f of e.findings) expect(html).toContain(`id="${f.key}"`);
    expect(html).toContain('capture: X-Frame-Options is sent twice');
    expect(html).toContain('--resolve www.lessons.test:8443:127.0.0.1 --cacert &#39;/tmp/ca dir/root.pem&#39;');
    // Repeated header lines stay visible, one per line.
    expect(html).toMatch(/header x-frame-options ×2/);
    // Shape name and examples next to a shaped expectation; the bar chart per role.
    expect(html).toContain('shape <b>alnum-lower24</b>');
    expect(html).toMatch(/<div class="bar" title="[^"]*1 fail/);
  });

  test('browser flows show the screenshot and the redirect chain', () => {
    const html = renderHtml(buildResults(passingInput()));
    expect(html).toMatch(/<img class="shot" alt="screenshot of bare\/browser\/to-www" src="data:image\/png;base64,iVBOR/);
    expect(html).toContain('<td class="mono">https://lessons.test:8443/</td><td class="mono">https://www.lessons.test:8443/</td>');
  });

  test('every hostile value is escaped; the data is beside the page (results.json), not in it', () => {
    const html = renderHtml(buildResults(hostileInput()), { csp: false });
    expect(html).not.toContain('<script>window.__pwned');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toMatch(/<!--/);
    expect(html).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(html).toContain(`<title>Hostile ${'&lt;script&gt;window.__pwned=1&lt;/script&gt;'}`);
    // Exactly one script element: the report's own.
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(html).not.toContain('results-data');
  });
});

test('anchors: every test, expectation, exchange step and unmet finding has its id, once', () => {
  for (const input of [failingInput(), passingInput()]) {
    const results = buildResults(input);
    const html = renderHtml(results);
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBe(new Set(ids).size);
    const wanted: string[] = [];
    for (const t of results.tests) {
      wanted.push(t.key, ...t.expectations.map((e) => e.key), ...(t.legs ?? []).flatMap((l) => l.steps.map((s) => s.key)));
      for (const e of t.expectations) wanted.push(...e.findings.filter((f) => f.verdict !== 'pass').map((f) => f.key));
    }
    expect(wanted.length).toBeGreaterThan(10);
    expect(wanted.filter((k) => !ids.includes(k))).toEqual([]);
  }
});
