/*
 * Done when: accepting a run of a deployment on ports of its own (the reference started on free
 * ports, a staging behind another port) proposes what holds on any deployment. Every answer is the
 * same on h1 and h2 and learned as no noise, so a literal would have looked stable: still no port,
 * no Content-Length value and no validator's value is proposed, whether an expectation is added
 * (missing) or an info one that missed is moved (changed).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SpecFile } from '../spec-model/types';
import { renderDiff, validateProposal } from './apply';
import { expectation, replayTest, results } from './fixtures';
import { propose } from './propose';
import { readSpecDocs } from './spec-files';

const SITE = 'https://www.lessons.test:41443';
const MEDIA = 'https://media.lessons.test:41445';
const DATE = 'Thu, 01 Jan 2026 00:00:00 GMT';
const ETAG = '"1d9a2b3c4d5e6f7:0"';
const LAST_MODIFIED = 'Wed, 01 Jan 2025 00:00:00 GMT';

/** The spec before the run: the reference's own choices (info), which this deployment does not meet. */
const SPEC = {
  $schema: './spec.schema.json',
  role: 'site',
  version: 1,
  exchanges: [
    {
      id: 'site/page',
      title: 'a page',
      clause: 'c',
      source: 'capture',
      request: { path: '/' },
      expect: {
        status: 200,
        headers: {
          'alt-svc': { equals: 'h3=":443"; ma=86400', source: 'reference' },
          'content-length': { equals: '4096', source: 'reference' },
        },
      },
    },
    {
      id: 'site/file',
      title: 'a static file',
      clause: 'c',
      source: 'capture',
      request: { path: '/static/app.css' },
      expect: {
        status: 200,
        headers: {
          etag: { equals: '"0123456789abcde:0"', source: 'reference' },
          'last-modified': { equals: 'Mon, 01 Jan 2024 00:00:00 GMT', source: 'reference' },
        },
      },
    },
  ],
};

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accept-other-ports-'));
  fs.writeFileSync(path.join(dir, 'site.json'), `${JSON.stringify(SPEC, null, 2)}\n`);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function run() {
  const both: Array<[string, string]> = [
    ['date', DATE],
    ['alt-svc', 'h3=":41444"; ma=86400'],
    ['cache-control', 'public, max-age=86400'],
    ['expires', 'Fri, 02 Jan 2026 00:00:00 GMT'],
  ];
  const page = replayTest(
    'site/page',
    [
      {
        id: 'site/page',
        url: `${SITE}/`,
        bodySize: 5120,
        lines: [
          ...both,
          ['content-type', 'text/html'],
          ['content-length', '5120'],
          ['content-location', `${SITE}/`],
          ['access-control-allow-origin', 'https://cdn.other.test:41446'],
          ['timing-allow-origin', MEDIA],
          ['link', `<${MEDIA}/files/app.css>; rel=preload`],
          ['set-cookie', `visitor=5f0c8d2e8a414d0b9c3e1a2b3c4d5e6f; Path=/; Domain=www.lessons.test; Expires=Fri, 01 Jan 2027 00:00:00 GMT`],
        ],
      },
    ],
    [
      expectation({ step: 'site/page', aspect: { kind: 'header', name: 'alt-svc' } }, 'info', 'info', 'h3=":443"; ma=86400', 'h3=":41444"; ma=86400'),
      expectation({ step: 'site/page', aspect: { kind: 'header', name: 'content-length' } }, 'info', 'info', '4096', '5120'),
    ],
  );
  const file = replayTest(
    'site/file',
    [
      {
        id: 'site/file',
        url: `${SITE}/static/app.css`,
        bodySize: 2048,
        lines: [
          ...both,
          ['content-type', 'text/css'],
          ['content-length', '2048'],
          ['etag', ETAG],
          ['last-modified', LAST_MODIFIED],
          ['accept-ranges', 'bytes'],
        ],
      },
    ],
    [
      expectation({ step: 'site/file', aspect: { kind: 'header', name: 'etag' } }, 'info', 'info', '"0123456789abcde:0"', ETAG),
      expectation({ step: 'site/file', aspect: { kind: 'header', name: 'last-modified' } }, 'info', 'info', 'Mon, 01 Jan 2024 00:00:00 GMT', LAST_MODIFIED),
    ],
  );
  return results([page, file], {
    target: { origin: 'user', roles: { site: [SITE], assets: [MEDIA] }, resolve: [], insecure: false, section: 'static', description: 'target (user)' },
  });
}

test('accepting a deployment on other ports proposes no port, no Content-Length value and no validator value', () => {
  const specs = readSpecDocs(dir);
  const p = propose({ results: run(), specs, mode: 'all', ids: [] });
  expect(p.changes).toEqual(['site/page header alt-svc', 'site/file header etag', 'site/file header last-modified']);
  expect(p.refused).toEqual([
    {
      id: 'site/page header content-length',
      reason: 'no value to accept: judged by body/content-length-matches (the check har2spec selects for it), not by a value',
    },
  ]);
  expect(p.additions).toEqual(
    expect.arrayContaining([
      'site/page header content-location',
      'site/page header access-control-allow-origin',
      'site/page header link',
      'site/page header timing-allow-origin',
      'site/page cookie visitor',
      'site/file check body/content-length-matches',
    ]),
  );
  expect(p.additions.filter((a) => /content-length|etag|last-modified/.test(a))).toEqual(['site/file check body/content-length-matches']);

  const added = renderDiff(p.files)
    .split('\n')
    .filter((l) => l.startsWith('+') && !l.startsWith('+++'))
    // The clause says where the value was accepted from (that deployment's origin): provenance, not a value to match.
    .filter((l) => !l.includes('"clause": "accepted from https://www.lessons.test:41443 (npm run accept, all)"'));
  expect(added.length).toBeGreaterThan(0);
  for (const line of added) {
    expect({ line, port: /4144[0-9]/.test(line) }).toEqual({ line, port: false });
    expect({ line, length: /5120|2048/.test(line) }).toEqual({ line, length: false });
    expect({ line, validator: line.includes('1d9a2b3c4d5e6f7') || line.includes(LAST_MODIFIED) }).toEqual({ line, validator: false });
  }

  const [page, file] = specs[0].doc.exchanges;
  const headers = page.expect.headers as Record<string, unknown>;
  // h3 on any port, for any lifetime; the other origins as their placeholder or as any port of their host.
  const altSvc = headers['alt-svc'] as { regex: string };
  expect(new RegExp(altSvc.regex).test('h3=":443"; ma=2592000')).toBe(true);
  expect(headers['content-location']).toMatchObject({ equals: '{base_url}/' });
  expect(headers['timing-allow-origin']).toMatchObject({ equals: '{asset_url}' });
  expect(headers['access-control-allow-origin']).toMatchObject({ regex: '^https://cdn\\.other\\.test(?::[0-9]+)?$' });
  // The spec keeps what it had where nothing may be proposed: the Content-Length it stated is not replaced by another deployment's.
  expect(headers['content-length']).toEqual({ equals: '4096', source: 'reference' });
  expect(file.expect.headers!.etag).toEqual({ shape: 'iis-etag', source: 'reference' });
  expect(file.expect.headers!['last-modified']).toEqual({ shape: 'http-date', source: 'reference' });
  expect(file.checks).toEqual(['body/content-length-matches']);
  expect(file.checkLevels).toEqual({ 'body/content-length-matches': 'info' });
  expect(() => validateProposal(dir, p.files)).not.toThrow();
  expect((JSON.parse(p.files[0].after) as SpecFile).exchanges).toHaveLength(2);
});
