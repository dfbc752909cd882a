import { azureRef, EdgeCache } from './cdn-headers';

describe('azureRef', () => {
  it('is the UTC time then 16 random lowercase alphanumerics', () => {
    const ref = azureRef(new Date('2026-04-08T16:54:52.789Z'));
    expect(ref).toMatch(/^20260408T165452Z-[a-z0-9]{16}$/);
    expect(azureRef(new Date())).not.toBe(azureRef(new Date()));
  });
});

describe('EdgeCache', () => {
  it('misses once per key, then hits', () => {
    const cache = new EdgeCache();
    expect(cache.status('/a')).toBe('TCP_MISS');
    expect(cache.status('/a')).toBe('TCP_HIT');
    expect(cache.status('/b')).toBe('TCP_MISS');
    expect(new EdgeCache().status('/a')).toBe('TCP_MISS');
  });
});
