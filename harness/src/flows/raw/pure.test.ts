import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { CHECKS } from '../../checks';
import { loadSpecs } from '../../spec-model/load';
import { BodySink } from '../../transport/body-sink';
import { loadLimits, DEFAULT_LIMITS } from '../../target-map/limits';
import { mapOcspUrl, ocspEndpoints } from './ocsp';
import { errorResponse, getPath, parseOcspResponse } from './ocsp-der';
import { chainProblem, redirectChains } from './redirects';
import { expectedCoding, resourceRows, resourceType } from './resources';

const SPECS = loadSpecs(path.resolve(__dirname, '../../../../specs'), CHECKS);

test('resource rows: one per role and type, with the spec coding', () => {
  const rows = resourceRows(SPECS);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  expect(byKey.get('assets/svg')?.coding).toBe('br');
  expect(byKey.get('site/css')?.coding).toBe('gzip');
  expect(byKey.get('site/woff2')?.coding).toBeUndefined();
  expect(resourceType('/a/b.CSS?x=1')).toBe('css');
  expect(resourceType('/api/x')).toBe('page');
});

test('expected coding per offer', () => {
  const row = resourceRows(SPECS).find((r) => r.key === 'assets/svg')!;
  expect(expectedCoding(row, 'gzip, deflate, br').allowed).toEqual(['br']);
  expect(expectedCoding(row, 'gzip').allowed).toEqual(['identity', 'gzip']);
  expect(expectedCoding(row, undefined).allowed).toEqual(['identity']);
  expect(expectedCoding(row, 'identity').allowed).toEqual(['identity']);
});

test('redirect chains come from Location-following flows; loops and long chains are named', () => {
  expect(redirectChains(SPECS).map((c) => c.flow.id)).toEqual(expect.arrayContaining(['bare/redirect-to-www', 'redirector/favicon-chain']));
  expect(chainProblem(['https://a/', 'https://b/'], 'https://a/')).toBe('loop: https://a/ -> https://b/ -> https://a/');
  expect(
    chainProblem(
      Array.from({ length: 10 }, (_, i) => `https://h${i}/`),
      'https://z/',
    ),
  ).toMatch(/^more than 10 hops/);
  expect(chainProblem(['https://a/'], 'https://b/')).toBeUndefined();
});

test('OCSP URLs: the AIA name mapped onto the configured URL of the same name', () => {
  const configured = [new URL('http://r10.o.pki.test:8080'), new URL('http://r11.o.pki.test:8080')];
  expect(mapOcspUrl('http://r10.o.pki.test', configured)).toEqual({ url: 'http://r10.o.pki.test:8080/' });
  // A name the map does not give is never asked, whatever the certificate says (an internal or metadata address).
  expect(mapOcspUrl('http://ocsp.other.test/x', configured)).toEqual({ refused: expect.stringMatching(/is not a mapped OCSP name \(ocsp\.other\.test\)/) });
  expect(mapOcspUrl('http://169.254.169.254/latest/meta-data/', configured)).toEqual({ refused: expect.stringMatching(/link-local/) });
  expect(mapOcspUrl('http://metadata.google.internal/', [...configured, new URL('http://metadata.google.internal')])).toEqual({
    refused: expect.stringMatching(/metadata/),
  });
  expect(ocspEndpoints(['http://r10.o.pki.test'], configured)).toEqual({
    endpoints: ['http://r10.o.pki.test:8080/', 'http://r11.o.pki.test:8080/'],
    refused: [],
  });
  expect(ocspEndpoints(['http://10.0.0.7/latest/meta-data/'], configured)).toEqual({
    endpoints: ['http://r10.o.pki.test:8080/', 'http://r11.o.pki.test:8080/'],
    refused: [{ url: 'http://10.0.0.7/latest/meta-data/', reason: expect.stringMatching(/is not a mapped OCSP name \(10\.0\.0\.7\)/) }],
  });
  expect(getPath(Buffer.from([0xfb, 0xff]))).toBe('%2B%2F8%3D');
  expect(parseOcspResponse(errorResponse(6))).toEqual({ responseStatus: 6 });
  expect(() => parseOcspResponse(Buffer.from('junk'))).toThrow(/not a DER/);
});

test('limits: defaults, overrides, refusals', () => {
  expect(loadLimits({})).toEqual(DEFAULT_LIMITS);
  expect(loadLimits({ HARNESS_BODY_CAP_BYTES: '1024' }).bodyCapBytes).toBe(1024);
  expect(() => loadLimits({ HARNESS_REQUEST_TIMEOUT_MS: '10s' })).toThrow(/HARNESS_REQUEST_TIMEOUT_MS="10s"/);
  expect(() => loadLimits({ HARNESS_CONNECT_TIMEOUT_MS: '0' })).toThrow(/positive/);
});

test('a body over the cap keeps its head, its length and the SHA-256 of every byte', () => {
  const sink = new BodySink(5);
  sink.push(Buffer.from('abc'));
  sink.push(Buffer.from('defgh'));
  sink.push(Buffer.from('ij'));
  const { body, truncated } = sink.finish();
  expect(body.toString()).toBe('abcde');
  expect(truncated).toEqual({ totalBytes: 10, keptBytes: 5, sha256: createHash('sha256').update('abcdefghij').digest('hex') });
  const small = new BodySink(5);
  small.push(Buffer.from('abc'));
  expect(small.finish()).toEqual({ body: Buffer.from('abc') });
});
