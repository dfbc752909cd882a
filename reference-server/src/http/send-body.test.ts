import * as zlib from 'node:zlib';
import { createApp } from './app';
import { sendBody } from './send-body';
import { requestH1, requestH2, startTestServer, type TestServer } from './test-server';

let server: TestServer;
const TEXT = 'hello '.repeat(200);

beforeAll(async () => {
  const app = createApp();
  app.get('/coded', (req, res) => sendBody(req, res, TEXT, { type: 'text/plain', codings: ['br', 'gzip'] }));
  app.get('/plain', (req, res) => sendBody(req, res, TEXT, { status: 418, type: 'text/plain' }));
  server = await startTestServer(app);
});
afterAll(() => server.close());

describe('sendBody', () => {
  it('compresses with the negotiated coding and states Vary and the exact length', async () => {
    const br = await requestH1(server, { host: 'x.test', path: '/coded', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(TEXT);
    const gz = await requestH2(server, { host: 'x.test', path: '/coded', headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.gunzipSync(gz.body).toString()).toBe(TEXT);
    const none = await requestH1(server, { host: 'x.test', path: '/coded' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(TEXT);
  });

  it('sends no Vary when nothing is negotiated, and no body for HEAD', async () => {
    const res = await requestH1(server, { host: 'x.test', path: '/plain', headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(418);
    expect(res.headers.vary).toBeUndefined();
    expect(res.headers['content-encoding']).toBeUndefined();
    const head = await requestH1(server, { host: 'x.test', path: '/plain', method: 'HEAD' });
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(TEXT.length));
  });
});
