import { PkiError, loadOrCreatePki, type PkiOptions } from './index';
import { OCSP_NAMES } from './test-fixtures';

const base: PkiOptions = { dir: 'unused', hosts: [{ role: 'site', names: ['www.lessons.test'] }], ocspNames: OCSP_NAMES };

async function errorOf(options: PkiOptions): Promise<PkiError> {
  const error = await loadOrCreatePki(options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PkiError);
  return error as PkiError;
}

test('names that cannot be a DNS name or a PrintableString CN are refused, naming the value', async () => {
  for (const name of ['*.lessons.test', 'under_score.test', '', 'a..test', `${'a'.repeat(64)}.test`]) {
    const error = await errorOf({ ...base, hosts: [{ role: 'site', names: [name] }] });
    expect([error.code, error.message]).toEqual(['PKI_BAD_NAME', expect.stringContaining(JSON.stringify(name))]);
  }
  const error = await errorOf({ ...base, ocspNames: { R10: 'r10.o.pki.test', R11: 'http://r11' } });
  expect([error.code, error.message]).toEqual(['PKI_BAD_NAME', expect.stringContaining('ocspNames.R11')]);
});

test('empty host lists, repeated roles and repeated names are refused', async () => {
  expect((await errorOf({ ...base, hosts: [] })).code).toBe('PKI_BAD_OPTIONS');
  const twice = { role: 'site', names: ['a.test'] };
  expect((await errorOf({ ...base, hosts: [twice, twice] })).message).toContain('"site"');
  expect((await errorOf({ ...base, hosts: [{ role: 'site', names: ['a.test', 'a.test'] }] })).code).toBe('PKI_BAD_OPTIONS');
  expect((await errorOf({ ...base, hosts: [{ role: 'site', names: [] }] })).code).toBe('PKI_BAD_OPTIONS');
  expect((await errorOf({ ...base, now: new Date(Number.NaN) })).code).toBe('PKI_BAD_OPTIONS');
});

test('a revocation needs a CRLReason name and, if dated, a valid date', async () => {
  const host = (revoked: unknown) => ({ ...base, hosts: [{ role: 'site', names: ['www.lessons.test'], revoked } as never] });
  for (const revoked of [
    null,
    'keyCompromise',
    { reason: 'stolen' },
    { reason: 'toString' },
    { reason: 'keyCompromise', at: 'yesterday' },
    { reason: 'superseded', at: 5 },
  ]) {
    const error = await errorOf(host(revoked));
    expect([error.code, error.message]).toEqual(['PKI_BAD_OPTIONS', expect.stringContaining('hosts[0].revoked')]);
  }
});
