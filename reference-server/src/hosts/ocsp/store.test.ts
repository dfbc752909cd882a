import type { ReferencePki } from '../../pki';
import { DEFAULT_RESPONDER_OPTIONS } from './policy';
import { decodeOcspRequest, type RequestedCertId } from './request-decoder';
import { OcspStore, type StoredResponse } from './store';
import { basicResponseOf, issueTestPki, requestFor } from './test-fixtures';

let pki: ReferencePki;
let cleanup: () => Promise<void>;
const certIds = new Map<string, RequestedCertId>();
beforeAll(async () => {
  ({ pki, cleanup } = await issueTestPki());
  for (const leaf of pki.leaves) {
    for (const hash of ['SHA-1', 'SHA-256']) {
      const decoded = decodeOcspRequest(await requestFor(pki, leaf, { hash }));
      if (decoded.ok) certIds.set(`${leaf.role}/${hash}`, decoded.certId);
    }
  }
});
afterAll(() => cleanup());

const T0 = Date.parse('2025-06-07T08:09:10Z');
function storeAt(clock: { now: number }, extra: Partial<ConstructorParameters<typeof OcspStore>[1]> = {}) {
  const store = new OcspStore(pki, { ...DEFAULT_RESPONDER_OPTIONS, now: () => clock.now, refreshCheckMs: 3_600_000, ...extra });
  stores.push(store);
  return store;
}
const stores: OcspStore[] = [];
afterEach(() => stores.splice(0).forEach((s) => s.stop()));

const id = (key: string) => certIds.get(key)!;

describe('OcspStore', () => {
  test('signs every leaf for SHA-1 and SHA-256 ahead of time; lookups are synchronous and sign nothing', async () => {
    const clock = { now: T0 };
    const store = storeAt(clock);
    await store.start();
    expect(store.signatures).toBe(pki.leaves.length * 2);
    for (const leaf of pki.leaves) {
      for (const hash of ['SHA-1', 'SHA-256']) {
        const found = store.lookup(id(`${leaf.role}/${hash}`)) as StoredResponse;
        expect(found).toMatchObject({ certStatus: leaf.revocation ? 'revoked' : 'good', thisUpdate: Date.parse('2025-06-07T08:09:00Z') });
        expect(found.nextUpdate - found.thisUpdate).toBe((15_300 - 1) * 1000);
        expect(found.der.length).toBe(leaf.revocation ? (hash === 'SHA-1' ? 528 : 556) : hash === 'SHA-1' ? 504 : 534);
        expect(basicResponseOf(found.der).tbsResponseData.responses[0].thisUpdate.getTime()).toBe(found.thisUpdate);
      }
    }
    for (let i = 0; i < 100; i++) store.lookup(id('site/SHA-1'));
    expect(store.signatures).toBe(pki.leaves.length * 2);
  });

  test.each([
    ['an unknown serial', (c: RequestedCertId) => ({ ...c, serialHex: `05${c.serialHex.slice(2)}` })],
    ['an unknown issuer name hash', (c: RequestedCertId) => ({ ...c, issuerNameHash: '00'.repeat(20) })],
    ['an unknown issuer key hash', (c: RequestedCertId) => ({ ...c, issuerKeyHash: '00'.repeat(20) })],
    ['a hash it does not sign for', (c: RequestedCertId) => ({ ...c, hash: undefined, hashOid: '2.16.840.1.101.3.4.2.2' })],
    ['SHA-256 hashes labelled SHA-1', (c: RequestedCertId) => ({ ...id('site/SHA-256'), hash: 'SHA-1' as const, hashOid: c.hashOid })],
  ])('%s is not found', async (_name, edit) => {
    const store = storeAt({ now: T0 });
    await store.start();
    expect(store.lookup(edit(id('site/SHA-1')))).toBeUndefined();
  });

  test('a request before the first round waits for it; an unknown one then gets undefined', async () => {
    const store = storeAt({ now: T0 });
    const pending = store.lookup(id('bare/SHA-1'));
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toMatchObject({ certStatus: 'good' });
    expect(store.lookup({ ...id('bare/SHA-1'), serialHex: '00' })).toBeUndefined();
  });

  test('refresh re-signs only responses with less than 6,000 s left, in the background', async () => {
    const clock = { now: T0 };
    const store = storeAt(clock);
    await store.start();
    const first = store.lookup(id('site/SHA-1')) as StoredResponse;
    clock.now = first.nextUpdate - 6_000_000; // exactly 6,000 s left: not due
    await store.refresh();
    expect(store.lookup(id('site/SHA-1'))).toBe(first);
    clock.now += 1000;
    const round = store.refresh();
    // Requests during the round are answered at once from the current responses.
    expect(store.lookup(id('site/SHA-1'))).toBe(first);
    await round;
    const second = store.lookup(id('site/SHA-1')) as StoredResponse;
    expect(second).not.toBe(first);
    expect(second.thisUpdate).toBe(Math.floor(clock.now / 60_000) * 60_000);
    expect(second.etag).not.toBe(first.etag);
    expect(store.signatures).toBe(pki.leaves.length * 4);
  });

  test('an expired response is never served: the request waits for a new signature', async () => {
    const clock = { now: T0 };
    const store = storeAt(clock);
    await store.start();
    const first = store.lookup(id('site/SHA-1')) as StoredResponse;
    clock.now = first.nextUpdate + 1;
    const found = await store.lookup(id('site/SHA-1'));
    expect(found!.nextUpdate).toBeGreaterThan(clock.now);
  });

  test('the background timer refreshes when responses fall due', async () => {
    const clock = { now: T0 };
    const store = storeAt(clock, { refreshCheckMs: 20 });
    await store.start();
    const first = store.lookup(id('site/SHA-1')) as StoredResponse;
    clock.now = first.nextUpdate - 1000;
    const deadline = Date.now() + 10_000;
    while (store.lookup(id('site/SHA-1')) === first && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect((store.lookup(id('site/SHA-1')) as StoredResponse).thisUpdate).toBeGreaterThan(first.thisUpdate);
  });

  test('a signing failure rejects the lookups waiting for it and is retried later', async () => {
    const broken = { ...pki, intermediates: pki.intermediates.map((i) => ({ ...i, keyPem: 'not a key' })) };
    const store = new OcspStore(broken, { ...DEFAULT_RESPONDER_OPTIONS, now: () => T0 });
    stores.push(store);
    // The intermediates' keys do not parse: that is what the waiting lookup and the next round reject with.
    const keyError = /Data is not correct for 'keyData'/;
    await expect(store.lookup(id('site/SHA-1')) as Promise<unknown>).rejects.toThrow(keyError);
    await expect(store.refresh()).rejects.toThrow(keyError);
    expect(store.signatures).toBe(0);
    // A later round starts afresh (the failed keys are not kept): with the keys mended, it signs.
    broken.intermediates = pki.intermediates;
    await store.refresh();
    expect(store.signatures).toBe(pki.leaves.length * 2);
    expect((store.lookup(id('site/SHA-1')) as StoredResponse).nextUpdate).toBeGreaterThan(T0);
  });
});
