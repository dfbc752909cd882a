import { buildResults } from '../build';
import { collected, failingInput, passingInput, replayRecord, runMeta } from '../fixtures';
import { H3_ENDPOINT, H3_SKIPPED, H3_UNREACHABLE, h3FailingInput, h3PassingInput, h3Record } from '../h3-fixtures';
import { HOSTILE, hostileInput } from '../hostile-fixtures';
import { renderHtml } from '.';

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

/** The block of one step of one leg, from its anchor to the next step's. */
function stepHtml(html: string, results: ReturnType<typeof buildResults>, test: string, leg: number): string {
  const key = results.tests.find((t) => t.id === test)!.legs![leg].steps[0].key;
  const start = html.indexOf(`<div class="step" id="${key}">`);
  expect(start).toBeGreaterThan(0);
  const ends = [html.indexOf('<div class="step"', start + 1), html.indexOf('</article>', start)].filter((i) => i > 0);
  return html.slice(start, Math.min(...ends));
}

describe('the h3 leg', () => {
  test('is shown beside h1 and h2: request, endpoint, the Chromium command, noise, and the answer against its h1 twin', () => {
    const results = buildResults(h3PassingInput());
    const html = renderHtml(results);
    const legs = html.slice(html.indexOf('<div class="legs">', html.indexOf('id="t-site-home')));
    expect(legs.indexOf('site/home over h1')).toBeLessThan(legs.indexOf('site/home over h2'));
    expect(legs.indexOf('site/home over h2')).toBeLessThan(legs.indexOf('site/home over h3'));
    const h3 = stepHtml(html, results, 'site/home', 2);
    expect(h3).toContain('<h4>site/home over h3<a class="anchor"');
    expect(h3).toContain('body 21000 bytes decoded');
    expect(h3).toContain(`QUIC forced to <code>${H3_ENDPOINT}</code>`);
    expect(h3).toContain('compared with an h1 request carrying the same header fields: <code>h1 200 · 21000 bytes decoded</code>');
    expect(h3).toContain('<summary>request headers (3)</summary><pre>accept: text/html\nsec-fetch-mode: cors\n');
    // The step calls the launch the run's header defines once.
    expect(h3).toContain('chromium_h3 --log-net-log=h3-netlog.json --dump-dom &#39;https://www.lessons.test:8443/?q=1&#39;</code>');
    expect(html).toContain(
      'chromium_h3() { chromium --headless &#39;--host-resolver-rules=MAP www.lessons.test:8443 127.0.0.1:8443&#39; --origin-to-force-quic-on=www.lessons.test:8443 &quot;$@&quot;; }',
    );
    expect(h3).not.toMatch(/<code[^>]*>curl /);
    expect(h3).toContain('over h3, or between two h1 twins');
    expect(h3).toContain('<th>h1 twin</th><th>h3</th>');
    // Content-Length is left out over h3 and the comparison allows it: shown, not marked.
    expect(h3).toMatch(
      /<td>header content-length<\/td><td class="exp"><div>4158<\/div><\/td><td><span class="muted">\(absent\)<\/span><div class="muted">\(allowed by the comparison/,
    );
    expect(h3).toContain('2 more header fields</td>');
    expect(h3).not.toContain('<mark>');
  });

  test("each Chromium launch is written once, as a shell function the steps' commands call", () => {
    const launch = (port: number) =>
      `chromium --headless '--host-resolver-rules=MAP www.lessons.test:8443 127.0.0.1:${port}' --origin-to-force-quic-on=www.lessons.test:8443`;
    const request = (p: string) => `--log-net-log=h3-netlog.json --dump-dom https://www.lessons.test:8443/${p}`;
    const input = {
      run: h3PassingInput().run,
      tests: [
        ['site/home', launch(9001), ''],
        ['site/static', launch(9001), 'static'],
        ['site/other', launch(9002), 'other'],
      ].map(([id, l, p]) => collected(['site', id], h3Record(id, { command: { launch: l, request: request(p) } }))),
    };
    const html = renderHtml(buildResults(input));
    const escaped = (x: string) => x.replace(/'/g, '&#39;');
    expect(html.split(escaped(launch(9001))).length - 1).toBe(1);
    expect(html.split(escaped(launch(9002))).length - 1).toBe(1);
    expect(html).toContain(`chromium_h3() { ${escaped(launch(9001))} &quot;$@&quot;; }`);
    expect(html).toContain(`chromium_h3_2() { ${escaped(launch(9002))} &quot;$@&quot;; }`);
    expect(html).toContain('<summary>HTTP/3 reproduction (2 Chromium launches)</summary>');
    expect(html).toContain(`>chromium_h3 ${request('static')}</code>`);
    expect(html).toContain(`>chromium_h3_2 ${request('other')}</code>`);
  });

  test('fields the comparison does not compare as fields (Date, Set-Cookie) are listed as the h3 answer sent them, not compared', () => {
    const record = h3Record('site/home', {
      extraLines: [
        ['date', 'Thu, 01 Jan 2026 00:00:00 GMT'],
        ['set-cookie', 'lang=en; Path=/'],
      ],
    });
    const results = buildResults({ run: runMeta(), tests: [collected(['site', 'site/home'], record)] });
    const h3 = stepHtml(renderHtml(results), results, 'site/home', 2);
    expect(h3).toContain(
      // A cookie's value is judged by what it is: a language is no secret.
      '<td>2 field lines not compared as fields (over h3)</td><td colspan="3"><pre>date: Thu, 01 Jan 2026 00:00:00 GMT\nset-cookie: lang=en; Path=/</pre>',
    );
    expect(h3).not.toContain('<td>header date');
    expect(h3).toContain('2 more header fields</td>');
  });

  test("a skipped h3 leg shows its reason, once for a flow's steps", () => {
    const html = renderHtml(buildResults(h3PassingInput()));
    expect(html).toContain(`<div class="step"><h4>site/static over h3</h4><p class="muted">skipped: ${H3_SKIPPED}</p></div>`);
    const flow = replayRecord('site/f') as ReturnType<typeof replayRecord> & { kind: string; legs: unknown[] };
    flow.kind = 'flow';
    for (const l of flow.legs as Array<{ steps: unknown[] }>) l.steps.push({ ...(l.steps[0] as object), id: 'site/f/two' });
    flow.legs.push({ protocol: 'h3', skipped: 'flows run over h1 and h2; the HTTP/3 leg sends single exchanges from a page', steps: [] });
    const flowHtml = renderHtml(buildResults({ run: runMeta(), tests: [collected(['site', 'site/f'], flow)] }));
    expect(flowHtml.match(/over h3<\/h4><p class="muted">skipped: flows run over h1 and h2/g)).toHaveLength(1);
    expect(flowHtml).toContain('site/f/two over h2');
  });

  test('a parity failure is listed and marked in the comparison with the twin; a transport error says why there is no answer', () => {
    const results = buildResults(h3FailingInput());
    const html = renderHtml(results);
    const parity = results.tests.find((t) => t.id === 'site/home')!.expectations.find((e) => e.id === 'site/home parity h3 header x-frame-options')!;
    const failures = html.slice(html.indexOf('<section class="failures">'), html.indexOf('<section class="tests">'));
    expect(failures).toContain(`<a href="#${parity.key}">site/home parity h3 header x-frame-options</a>`);
    expect(html).toMatch(
      new RegExp(
        `<tbody class="expectation" id="${parity.key}" data-verdict="fail"[^>]*><tr class="f-fail"[^>]*>.*<td class="exp">h3 as h1: SAMEORIGIN, SAMEORIGIN</td><td>h3`,
      ),
    );
    const h3 = stepHtml(html, results, 'site/home', 2);
    expect(h3).toContain(
      `<tr class="f-fail"><td>header x-frame-options<a class="anchor" href="#${parity.key}">#</a></td><td class="exp"><div><span class="line-no">[1]</span>SAMEORIGIN</div><div><span class="line-no">[2]</span>SAMEORIGIN</div></td><td><div><mark>SAMEORIGIN</mark></div></td>`,
    );
    const transport = results.tests.find((t) => t.id === 'site/static')!.expectations.find((e) => e.id === 'site/static h3 transport')!;
    const lost = stepHtml(html, results, 'site/static', 2);
    expect(lost).toContain(`QUIC forced to <code>${H3_ENDPOINT}</code>`);
    expect(lost).toContain('not compared with an h1 request (no h3 answer to compare)');
    expect(lost).toContain(`<p class="muted">no response</p><div><a href="#${transport.key}">transport</a>: ${H3_UNREACHABLE}</div>`);
  });

  test('anchors of h3 steps and findings are there, once', () => {
    for (const input of [h3PassingInput(), h3FailingInput()]) {
      const results = buildResults(input);
      const html = renderHtml(results);
      const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(ids.length).toBe(new Set(ids).size);
      const wanted = results.tests.flatMap((t) => [
        ...t.legs!.flatMap((l) => l.steps.map((s) => s.key)),
        ...t.expectations.flatMap((e) => [e.key, ...e.findings.filter((f) => f.verdict !== 'pass').map((f) => f.key)]),
      ]);
      expect(wanted.filter((k) => !ids.includes(k))).toEqual([]);
    }
  });

  test("a hostile endpoint, command and twin's header values are escaped", () => {
    const results = buildResults(hostileInput());
    const html = renderHtml(results, { csp: false });
    const h3 = stepHtml(html, results, 'site/home', 2);
    const escaped = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    expect(h3).toContain(`QUIC forced to <code>127.0.0.1:443${escaped(HOSTILE.script)}</code>`);
    // The command's launch is the page's shell function, its request part the step's.
    expect(html).toContain(`chromium_h3() { chromium ${escaped(HOSTILE.script)} &quot;$@&quot;; }</code>`);
    expect(h3).toContain(`>chromium_h3 &#39;${escaped(HOSTILE.img)}&#39;</code>`);
    expect(h3).toContain(`<td class="exp"><div>${escaped(HOSTILE.script)}</div></td><td><div><mark>${escaped(HOSTILE.img)}</mark></div></td>`);
    expect(h3).not.toMatch(/<script|<img|<!--/);
  });
});
