/**
 * Test fixtures of a hostile target for the XSS test: markup in every value a record can carry (a
 * header name and value, a URL, a cookie, a clause, an h3 endpoint and command, a redirect, a test
 * title, a run error). A file of its own: one run built to attack the renderers, apart from the
 * ordinary runs of fixtures.ts and h3-fixtures.ts.
 */
import type { BuildInput } from './build';
import { collected, flowRecord, PNG, replayRecord, runMeta } from './fixtures';
import { h3Leg, h3Parity } from './h3-fixtures';

export const HOSTILE = {
  script: '<script>window.__pwned=1</script>',
  img: '"><img src=x onerror="window.__pwned=1">',
  location: 'javascript:window.__pwned=1',
  cookie: 'a</script><script>window.__pwned=1</script><!--',
};

/** A target that answers with markup everywhere a value can go. */
export function hostileInput(): BuildInput {
  const id = 'site/home';
  const record = replayRecord(id, {
    xfo: [HOSTILE.script, HOSTILE.img],
    expectedXfo: 'SAMEORIGIN, SAMEORIGIN',
    status: 302,
    location: HOSTILE.location,
    cookieValue: HOSTILE.cookie,
    extraLines: [
      ['x-evil', HOSTILE.img],
      [`x-name-${HOSTILE.script}`, 'v'],
    ],
  }) as ReturnType<typeof replayRecord> & { legs: Array<{ steps: Array<{ findings: unknown[]; request: { url: string } }> }> };
  for (const l of record.legs) {
    l.steps[0].request.url = `https://www.lessons.test:8443/${encodeURI(HOSTILE.img)}?next=${HOSTILE.location}`;
    l.steps[0].findings.push({
      id: `${id} header location`,
      aspect: { kind: 'header', name: 'location' },
      verdict: 'fail',
      level: 'must',
      expected: 'https://www.lessons.test:8443/',
      actual: HOSTILE.location,
      source: 'capture',
      clause: HOSTILE.script,
      shape: HOSTILE.img,
    });
  }
  // The h3 leg: markup in the endpoint, in the recorded command and in both answers' header values.
  const h3 = {
    endpoint: `127.0.0.1:443${HOSTILE.script}`,
    command: { launch: `chromium ${HOSTILE.script}`, request: `'${HOSTILE.img}'` },
    xfo: [HOSTILE.img],
    twinXfo: [HOSTILE.script],
  };
  (record.legs as unknown[]).push(h3Leg(id, h3));
  (record.parity as unknown[]).push(...h3Parity(id, h3));
  const flow = {
    ...flowRecord('bare/browser/to-www', 'fail'),
    findings: [
      {
        id: `bare/browser/to-www ${HOSTILE.script}`,
        verdict: 'fail',
        level: 'must',
        expected: HOSTILE.img,
        actual: HOSTILE.location,
        source: 'capture',
        message: HOSTILE.cookie,
      },
    ],
  };
  return {
    run: runMeta({ title: `Hostile ${HOSTILE.script}`, runErrors: [`global setup: ${HOSTILE.img}`] }),
    tests: [
      collected(['site', id], record, { status: 'failed', errors: [HOSTILE.script] }),
      collected(['bare', 'bare/browser/to-www'], flow, {
        project: 'browser',
        status: 'failed',
        attachments: [
          { name: 'findings', contentType: 'application/json', body: Buffer.from(JSON.stringify(flow)) },
          { name: 'screenshot', contentType: 'image/png', body: PNG },
        ],
        redirects: [
          { status: 302, url: `https://lessons.test:8443/${HOSTILE.img}`, location: HOSTILE.location },
          { status: 301, url: 'https://lessons.test:8443/x', location: `javascript:alert(1)//${HOSTILE.script}` },
        ],
      }),
      collected(['other', `a test titled ${HOSTILE.img}`], undefined, { status: 'failed', errors: [`expect(received).toBe(expected) ${HOSTILE.script}`] }),
    ],
  };
}
