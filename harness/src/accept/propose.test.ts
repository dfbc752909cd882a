import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BODY_SIZE_RULE } from '../har/answer-rules';
import type { ExchangeSpec, FlowSpec } from '../spec-model/types';
import { renderDiff, validateProposal } from './apply';
import { expectation, replayTest, results } from './fixtures';
import { REFUSED_BY_LEVEL } from './levels';
import { propose } from './propose';
import { readSpecDocs } from './spec-files';

const SPEC = {
  $schema: './spec.schema.json',
  role: 'site',
  version: 1,
  exchanges: [
    {
      id: 'site/a',
      title: 'A',
      clause: 'c',
      source: 'capture',
      request: { path: '/a' },
      expect: {
        headers: {
          'cache-control': { equals: 'no-cache', source: 'reference', note: 'n' },
          etag: { absent: true, source: 'reference' },
          'x-frame-options': 'DENY',
        },
        cookies: {
          gone: { source: 'reference', note: 'kept', path: '/', httpOnly: true },
          flag: { absent: true, source: 'reference', clause: 'x' },
        },
        body: { source: 'reference', size: 10, contains: ['<html'] },
      },
    },
  ],
  flows: [
    {
      id: 'site/f',
      title: 'F',
      clause: 'c',
      source: 'capture',
      steps: [{ id: 'site/f/one', title: 'one', clause: 'c', source: 'reference', request: { path: '/' }, expect: { status: 200 } }],
    },
  ],
};

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accept-propose-'));
  fs.writeFileSync(path.join(dir, 'site.json'), JSON.stringify(SPEC, null, 2) + '\n');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function fixture() {
  const a = replayTest(
    'site/a',
    [
      {
        id: 'site/a',
        bodySize: 12,
        lines: [
          ['cache-control', 'max-age=60'],
          ['etag', '"abc"'],
          ['x-frame-options', 'SAMEORIGIN'],
          ['set-cookie', 'flag=1; Path=/; Secure'],
        ],
      },
    ],
    [
      expectation({ step: 'site/a', aspect: { kind: 'header', name: 'cache-control' } }, 'info', 'info', 'no-cache', 'max-age=60'),
      expectation({ step: 'site/a', aspect: { kind: 'header', name: 'etag' } }, 'info', 'info', '(absent)', '"abc"'),
      // the report says info, the spec (edited since) says must: the stronger wins
      expectation({ step: 'site/a', aspect: { kind: 'header', name: 'x-frame-options' } }, 'info', 'info', 'DENY', 'SAMEORIGIN'),
      expectation({ step: 'site/a', aspect: { kind: 'cookie', name: 'gone' } }, 'info', 'info', 'set', '(not set)'),
      expectation({ step: 'site/a', aspect: { kind: 'cookie', name: 'gone', attribute: 'path' } }, 'skip', 'info', '/', '(cookie not set)'),
      expectation({ step: 'site/a', aspect: { kind: 'cookie', name: 'flag' } }, 'info', 'info', '(not set)', 'set on 1 Set-Cookie line'),
      expectation({ step: 'site/a', aspect: { kind: 'body', fact: 'size' } }, 'info', 'info', '10', '12'),
      expectation({ step: 'site/a', aspect: { kind: 'body', fact: 'contains "<html"' } }, 'info', 'info', 'contains "<html"', '12 bytes without it'),
      expectation(
        {
          id: 'site/a check vary/negotiated-response-has-vary accept-encoding',
          step: 'site/a',
          aspect: { kind: 'check', check: 'vary/negotiated-response-has-vary' },
        },
        'info',
        'info',
        'vary',
        '(absent)',
        'reference',
      ),
    ],
  );
  const f = replayTest(
    'site/f',
    [{ id: 'site/f/one', lines: [['x-new', 'v']] }],
    [expectation({ id: 'site/f parity', compared: { by: 'parity', first: 'h1', second: 'h2' } }, 'fail', 'must', 'same', 'different', 'rfc')],
    'flow',
  );
  return results([a, f], { target: null });
}

test("changed: info expectations take har2spec's matcher of the observed value with their meta; must ones, checks, sizes and bodies are refused", () => {
  const specs = readSpecDocs(dir);
  const p = propose({ results: fixture(), specs, mode: 'changed', ids: [] });
  expect(p.changes).toEqual(['site/a header cache-control', 'site/a header etag', 'site/a cookie gone', 'site/a cookie flag']);
  expect(p.additions).toEqual([]);
  expect(p.refused).toEqual([
    { id: 'site/a header x-frame-options', reason: REFUSED_BY_LEVEL.must },
    { id: 'site/a body size', reason: BODY_SIZE_RULE.reason },
    { id: 'site/a body contains "<html"', reason: 'results.json does not hold the body, so there is no observed value to set: change it by hand' },
    {
      id: 'site/a check vary/negotiated-response-has-vary accept-encoding',
      reason: 'a named check is code (harness/src/checks), not a value of the spec file',
    },
    { id: 'site/f parity', reason: REFUSED_BY_LEVEL.must },
  ]);
  const ex = specs[0].doc.exchanges[0];
  // As har2spec writes them: a lifetime within its span, a validator by shape (here one with nothing to stand for: present).
  expect(ex.expect.headers).toEqual({
    'cache-control': { directives: { 'max-age': { min: 0, max: 120 } }, separator: ',', source: 'reference', note: 'n' },
    etag: { present: true, source: 'reference' },
    'x-frame-options': 'DENY',
  });
  expect(ex.expect.cookies!.gone).toEqual({ source: 'reference', note: 'kept', absent: true });
  expect(ex.expect.cookies!.flag).toEqual({ source: 'reference', clause: 'x', value: { shape: 'digits' }, path: '/', httpOnly: false, secure: true });
  expect(ex.expect.body).toEqual({ source: 'reference', size: 10, contains: ['<html'] });
  expect(() => validateProposal(dir, p.files)).not.toThrow();
});

test('missing: a status where there is none, new fields of flow steps; the clause names the target when no origin is known', () => {
  const specs = readSpecDocs(dir);
  const doc = fixture();
  for (const t of doc.tests) for (const l of t.legs!) for (const s of l.steps) delete s.request;
  const p = propose({ results: doc, specs, mode: 'missing', ids: [] });
  expect(p.additions).toEqual(['site/a status', 'site/f/one header x-new']);
  expect(p.notes).toEqual([]);
  const ex = specs[0].doc.exchanges[0] as ExchangeSpec;
  expect(ex.expect.status).toEqual({ equals: 200, source: 'reference', clause: 'accepted from target user (npm run accept, missing)' });
  expect(Object.keys(ex.expect)).toEqual(['headers', 'cookies', 'body', 'status']);
  const step = (specs[0].doc.flows as FlowSpec[])[0].steps[0];
  // A field only this target sends informs by its shape, as har2spec writes a platform's own header.
  expect(step.expect.headers).toEqual({
    'x-new': { shape: 'url-safe-token', source: 'reference', clause: 'accepted from target user (npm run accept, missing)' },
  });
  expect(renderDiff(p.files)).toMatch(/^--- .*site\.json\n\+\+\+ .*site\.json\n@@ /);
});

test('missing: a field whose presence was learned as noise is not proposed, and a note says why; one whose value was is a shape, or the request-id check', () => {
  const specs = readSpecDocs(dir);
  const f = replayTest(
    'site/f',
    [
      {
        id: 'site/f/one',
        lines: [
          ['x-cache', 'HIT'],
          ['x-trace', 'a1b2c3d4'],
          ['x-edge', 'fra 12'],
        ],
        noise: ['header x-cache (present or not)', 'header x-trace', 'header x-edge'],
      },
    ],
    [],
    'flow',
  );
  const p = propose({ results: results([f], { target: null }), specs, mode: 'missing', ids: [] });
  expect(p.additions).toEqual(['site/f/one check headers/request-id', 'site/f/one header x-edge']);
  expect(p.notes).toEqual(['site/f/one header x-cache: not added: present on one answer to the same request and not on the other (learned as noise)']);
  const step = (specs[0].doc.flows as FlowSpec[])[0].steps[0];
  // As har2spec selects it, at info as everything accept adds.
  expect(step.checks).toEqual(['headers/request-id']);
  expect(step.checkLevels).toEqual({ 'headers/request-id': 'info' });
  expect(step.expect.headers!['x-edge']).toMatchObject({ regex: '^fra [0-9]+$' });
  expect(() => validateProposal(dir, p.files)).not.toThrow();
});

test('a run against the reference is named so; nothing to change leaves the files out', () => {
  const specs = readSpecDocs(dir);
  const doc = fixture();
  doc.run.target = { origin: 'reference', roles: {}, resolve: [], insecure: false, section: 'static', description: '' };
  const p = propose({ results: doc, specs, mode: 'missing', ids: ['site/f'] });
  expect((specs[0].doc.flows as FlowSpec[])[0].steps[0].expect.headers!['x-new']).toMatchObject({
    clause: 'accepted from the reference (npm run accept, missing)',
  });
  const again = propose({ results: doc, specs: readSpecDocs(dir), mode: 'changed', ids: ['site/f/one'] });
  expect(again.files).toEqual([]);
  expect(p.files).toHaveLength(1);
});
