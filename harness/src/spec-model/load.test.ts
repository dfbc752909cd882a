import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHECKS } from '../checks';
import { discoverSource, loadSpecFile, loadSpecs, SpecLoadError, type SpecViolation } from './load';
import { SCHEMA_FILE, specSchemaText } from './schema';

/** A spec document broken on purpose, any shape: the loader is what says what is wrong with it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Mangled = any;

const good = {
  $schema: './spec.schema.json',
  role: 'site',
  version: 1,
  exchanges: [
    {
      id: 'site/home',
      title: 'Home page',
      clause: 'Endpoints, site host, GET /',
      source: 'capture',
      request: { path: '/', headers: { accept: 'text/html' } },
      expect: {
        status: 200,
        headers: {
          'x-frame-options': { lines: ['SAMEORIGIN'] },
          'content-encoding': 'gzip',
          etag: { absent: true },
          expires: { oneOf: ['-1', { shape: 'http-date' }] },
          'cache-control': { regex: '^no-cache', flags: 'i', source: 'reference', clause: 'x' },
        },
        cookies: {
          SC_ANALYTICS_GLOBAL_COOKIE: {
            value: { shape: 'analytics-cookie' },
            expires: { relativeTime: { to: 'date', offsetSeconds: 315532800, toleranceSeconds: 259200 } },
            path: '/',
            httpOnly: true,
          },
        },
        body: { decodedSize: { range: { min: 1 } }, contains: ['{section}'] },
      },
      checks: ['security', 'cookie/expires-matches-lifetime'],
    },
  ],
  flows: [
    {
      id: 'site/flip',
      title: 'flip',
      clause: 'States',
      source: 'capture',
      steps: [
        {
          id: 'site/flip/1',
          title: 'first',
          clause: 'c',
          source: 'capture',
          request: { path: '/' },
          expect: {},
          capture: { visitorId: { cookie: 'SC_ANALYTICS_GLOBAL_COOKIE', regex: '^([0-9a-f]{32})' } },
        },
      ],
      checks: ['cookie/flip-keeps-id'],
    },
  ],
};

function dirWith(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'specs-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return dir;
}

function violations(fn: () => unknown): SpecViolation[] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SpecLoadError);
    expect((e as SpecLoadError).code).toBe('HARNESS_ERR_SPEC_LOAD');
    return (e as SpecLoadError).violations;
  }
  throw new Error('expected a SpecLoadError');
}

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('spec.schema.json', () => {
  it('is up to date with schema.ts (regenerate: npx tsx harness/src/spec-model/schema.ts)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(specSchemaText());
  });
});

describe('loadSpecFile', () => {
  it('loads a valid file', () => {
    const dir = dirWith({ 'site.json': good });
    expect(loadSpecFile(join(dir, 'site.json'), CHECKS).exchanges[0].id).toBe('site/home');
  });

  it('reports invalid JSON with line and column', () => {
    const dir = dirWith({ 'site.json': '{\n  "role": "site",\n  "version": 1,,\n}' });
    const [v] = violations(() => loadSpecFile(join(dir, 'site.json'), CHECKS));
    expect(v).toMatchObject({ kind: 'json', pointer: '', line: 3 });
    expect(v.reason).toMatch(/invalid JSON at line 3, column \d+/);
  });

  it('reports a missing file', () => {
    expect(violations(() => loadSpecFile('/nonexistent/site.json', CHECKS))[0].kind).toBe('io');
  });

  it('reports every violation with its pointer, not just the first', () => {
    const doc = clone(good) as Mangled;
    doc.extra = 1;
    doc.exchanges[0].expect.headers['x-frame-options'] = { lines: ['SAMEORIGIN'], equals: 'x' };
    doc.exchanges[0].expect.headers.etag = { shape: 'hex33' };
    doc.exchanges[0].expect.headers.expires = { regex: '(' };
    doc.exchanges[0].expect.cookies.SC_ANALYTICS_GLOBAL_COOKIE.httpOnly = 'yes';
    doc.exchanges[0].expect.cookies.SC_ANALYTICS_GLOBAL_COOKIE.maxage = 1;
    doc.exchanges[0].expect.status = { range: {} };
    doc.exchanges[0].checks = ['nope/check'];
    doc.exchanges[0].source = 'guess';
    delete doc.exchanges[0].title;
    doc.flows[0].steps[0].id = 'bare/flip/1';
    doc.exchanges[0].expect.headers['cache-control'] = { flags: 'i', contains: 'x' };
    const dir = dirWith({ 'site.json': doc });
    const vs = violations(() => loadSpecFile(join(dir, 'site.json'), CHECKS));
    const at = (pointer: string) => vs.filter((v) => v.pointer === pointer).map((v) => `${v.kind}: ${v.reason}`);
    expect(at('/extra')).toEqual(['schema: unknown property "extra"']);
    expect(at('/exchanges/0/expect/headers/x-frame-options')).toEqual([expect.stringContaining('exactly one of')]);
    expect(at('/exchanges/0/expect/headers/etag/shape')).toEqual([expect.stringMatching(/^shape: unknown shape "hex33"/)]);
    expect(at('/exchanges/0/expect/headers/expires/regex')).toEqual([expect.stringMatching(/^regex: invalid regex/)]);
    expect(at('/exchanges/0/expect/cookies/SC_ANALYTICS_GLOBAL_COOKIE/httpOnly')).toEqual(['schema: must be boolean']);
    expect(at('/exchanges/0/expect/cookies/SC_ANALYTICS_GLOBAL_COOKIE/maxage')).toEqual(['schema: unknown property "maxage"; did you mean "maxAge"?']);
    expect(at('/exchanges/0/expect/status/range')).toEqual([expect.stringContaining('fewer than 1')]);
    expect(at('/exchanges/0/checks/0')).toEqual(['check: unknown check id or prefix "nope/check"']);
    expect(at('/exchanges/0/source')).toEqual([expect.stringContaining('"capture", "rfc", "reference"')]);
    expect(at('/exchanges/0')).toEqual(['schema: missing required property "title"']);
    expect(at('/flows/0/steps/0/id')).toEqual(['id-prefix: id "bare/flip/1" must start with the file\'s role: "site/"']);
    expect(at('/exchanges/0/expect/headers/cache-control')).toEqual(['schema: "flags" needs "regex"']);
    expect(vs.every((v) => v.file.endsWith('site.json'))).toBe(true);
    expect(vs).toHaveLength(12);
  });

  it('levels, premises and lists: valid forms load, a reference expectation cannot be a must, a bad premise is named', () => {
    const doc = clone(good) as Mangled;
    doc.exchanges[0].level = 'should';
    doc.exchanges[0].expect.headers.allow = { present: true, source: 'rfc', when: { status: 405 } };
    doc.exchanges[0].expect.headers['x-frame-options'] = { list: ['SAMEORIGIN', 'SAMEORIGIN'] };
    const dir = dirWith({ 'site.json': doc });
    expect(loadSpecFile(join(dir, 'site.json'), CHECKS).exchanges[0].level).toBe('should');

    doc.exchanges[0].expect.headers['cache-control'].level = 'must';
    doc.exchanges[0].expect.cookies.SC_ANALYTICS_GLOBAL_COOKIE.source = 'reference';
    doc.exchanges[0].expect.cookies.SC_ANALYTICS_GLOBAL_COOKIE.path = { equals: '/', level: 'should' };
    doc.exchanges[0].expect.headers.allow.when = { status: 'x' };
    doc.exchanges[0].expect.headers.vary = { equals: 'Accept', level: 'sometimes' };
    const bad = dirWith({ 'site.json': doc });
    const vs = violations(() => loadSpecFile(join(bad, 'site.json'), CHECKS));
    const at = (pointer: string) => vs.filter((v) => v.pointer.startsWith(pointer)).map((v) => `${v.kind}: ${v.reason}`);
    expect(at('/exchanges/0/expect/headers/cache-control/level')).toEqual([expect.stringMatching(/^level: "must" on a reference expectation/)]);
    expect(at('/exchanges/0/expect/cookies/SC_ANALYTICS_GLOBAL_COOKIE/path/level')).toEqual([
      expect.stringMatching(/^level: "should" on a reference expectation/),
    ]);
    expect(at('/exchanges/0/expect/headers/allow/when/status')).not.toEqual([]);
    expect(at('/exchanges/0/expect/headers/vary/level')).toEqual(['schema: must be one of "must", "should", "info"']);
  });

  it('requires $schema, role and version', () => {
    const doc = clone(good) as Mangled;
    delete doc.$schema;
    doc.version = 2;
    doc.role = 'nowhere';
    const dir = dirWith({ 'site.json': doc });
    const reasons = violations(() => loadSpecFile(join(dir, 'site.json'), CHECKS)).map((v) => `${v.pointer} ${v.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([' missing required property "$schema"', '/version must be 1', expect.stringMatching(/^\/role must be one of "site"/)]),
    );
  });
});

describe('loadSpecs', () => {
  it('loads every *.json but the schema, sorted', () => {
    const bare = { ...clone(good), role: 'bare', flows: [], exchanges: [{ ...clone(good.exchanges[0]), id: 'bare/root', checks: [] }] };
    const dir = dirWith({ 'site.json': good, 'bare.json': bare, 'spec.schema.json': {}, 'notes.txt': 'x' });
    expect(loadSpecs(dir, CHECKS).map((s) => s.role)).toEqual(['bare', 'site']);
  });

  it('reports duplicate ids across files and problems of several files together', () => {
    const other = clone(good) as Mangled;
    other.flows = [];
    const broken = '{';
    const dir = dirWith({ 'a.json': good, 'b.json': other, 'c.json': broken });
    const vs = violations(() => loadSpecs(dir, CHECKS));
    expect(vs.map((v) => [v.file.slice(-6), v.kind, v.pointer])).toEqual([
      ['c.json', 'json', ''],
      ['b.json', 'duplicate-id', '/exchanges/0/id'],
    ]);
    expect(vs[1].reason).toContain('a.json#/exchanges/0/id');
  });
});

describe('discover', () => {
  const withDiscover = (exchanges: unknown[], role = 'assets') => ({ $schema: './spec.schema.json', role, version: 1, exchanges });
  const media = (id: string, discover: unknown, path = '{{found}}') => ({
    id,
    title: 't',
    clause: 'c',
    source: 'capture',
    request: { path },
    discover,
    expect: { status: 200 },
  });

  it('links discover.from to an exchange of another file', () => {
    const dir = dirWith({
      'site.json': good,
      'assets.json': withDiscover([media('assets/m', { from: 'site/home', select: ['img[src]'], template: '{asset_url}/-/media/{f*}.svg' })]),
    });
    const specs = loadSpecs(dir, CHECKS);
    const d = specs.find((s) => s.role === 'assets')!.exchanges[0].discover!;
    expect(discoverSource(d)?.exchange.id).toBe('site/home');
    expect(discoverSource(d)?.role).toBe('site');
    // The link is not part of the JSON.
    expect(JSON.stringify(d)).toBe('{"from":"site/home","select":["img[src]"],"template":"{asset_url}/-/media/{f*}.svg"}');
  });

  it('reports unknown sources, circles, bad templates and selectors, and {{found}} without discover', () => {
    const dir = dirWith({
      'assets.json': withDiscover([
        media('assets/a', { from: 'site/nowhere', select: ['img[src]'], template: '/{a}.svg' }),
        media('assets/b', { from: 'assets/c', select: ['img[src]'], template: '/{a}/{a}.svg' }),
        media('assets/c', { from: 'assets/b', select: ['img[href]'], template: 'x.svg' }),
        { ...media('assets/d', undefined), discover: undefined },
      ]),
    });
    const vs = violations(() => loadSpecs(dir, CHECKS));
    expect(vs.map((v) => [v.kind, v.pointer, v.reason])).toEqual([
      ['schema', '/exchanges/2/discover/select/0', expect.stringContaining('must be one of')],
      ['schema', '/exchanges/2/discover/template', expect.stringContaining('must match')],
      ['discover', '/exchanges/0/discover/from', expect.stringContaining('"site/nowhere" is neither an exchange id')],
      ['discover', '/exchanges/1/discover/template', 'template "/{a}/{a}.svg": {a} appears twice'],
      ['discover', '/exchanges/1/discover/from', 'discovery goes round in a circle: assets/b -> assets/c -> assets/b'],
      ['discover', '/exchanges/2/discover/template', expect.stringContaining('must be a path')],
      ['discover', '/exchanges/2/discover/from', 'discovery goes round in a circle: assets/c -> assets/b -> assets/c'],
      ['discover', '/exchanges/3/request', '{{found}} is used, but the exchange has no "discover"'],
    ]);
  });
});
