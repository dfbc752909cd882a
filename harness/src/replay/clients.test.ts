import { loadTargetMap } from '../target-map';
import type { H3Client } from '../transport/h3-client';
import { ReplayClients } from './clients';

const MAP = { TARGET_URL: 'https://www.lessons.test:8443' };

test('an HTTP/3 client handed in is used for the h3 legs and left open for its owner', async () => {
  const close = jest.fn(async () => undefined);
  const lent = { close } as unknown as H3Client;
  const clients = new ReplayClients(loadTargetMap(MAP), { h3Client: lent });
  expect(clients.h3).toBe(lent);
  await clients.close();
  expect(close).not.toHaveBeenCalled();
});

test('without one, the clients make their own HTTP/3 client, and none where the map turns HTTP/3 off', async () => {
  const own = new ReplayClients(loadTargetMap(MAP));
  const off = new ReplayClients(loadTargetMap({ ...MAP, TARGET_H3: '0' }), { h3Client: {} as H3Client });
  try {
    expect(own.h3).toBeDefined();
    expect(off.h3).toBeUndefined();
  } finally {
    await Promise.all([own.close(), off.close()]);
  }
});
