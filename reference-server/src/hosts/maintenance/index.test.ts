import { useReference } from '../../testing/reference';
import { AZURE_SERVER } from '.';
import { azureErrorDocument, azureTime } from './error-document';

const reference = useReference();
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('maintenance host', () => {
  test('Azure time has seven fractional digits', () => {
    expect(azureTime(new Date('2026-11-22T01:02:03.456Z'))).toBe('2026-11-22T01:02:03.4560000Z');
  });

  test('AuthorizationFailure document is 246 bytes with the BOM', () => {
    const body = azureErrorDocument('AuthorizationFailure', 'This request is not authorized to perform this operation.');
    expect(body.length).toBe(246);
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  test.each(['h1', 'h2'] as const)('maintenance page -> 403 XML over %s', async (protocol) => {
    const res = await reference.request({
      host: 'maintenance.lessons.test',
      path: '/$web/site-maintenance.html?aspxerrorpath=/%7Bhttps://media.lessons.test/x.svg',
      protocol,
    });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toBe('application/xml');
    expect(res.body.length).toBe(246);
    expect(res.headers['content-length']).toBe('246');
    expect(res.headers.server).toBe(AZURE_SERVER);
    const requestId = res.headers['x-ms-request-id'] as string;
    expect(requestId).toMatch(GUID);
    expect(res.headers.date).toBeTruthy();
    const text = res.body.toString('utf8');
    expect(text).toContain(`\nRequestId:${requestId}\nTime:`);
    expect(text).toMatch(/Time:\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}Z<\/Message><\/Error>$/);
    expect(text.split('\n')).toHaveLength(3);
  });

  test('each response has its own request id; HEAD has no body; PUT -> 405', async () => {
    const a = await reference.request({ host: 'maintenance.lessons.test', path: '/' });
    const b = await reference.request({ host: 'maintenance.lessons.test', path: '/' });
    expect(a.headers['x-ms-request-id']).not.toBe(b.headers['x-ms-request-id']);
    const head = await reference.request({ host: 'maintenance.lessons.test', path: '/', method: 'HEAD' });
    expect([head.status, head.body.length, head.headers['content-length']]).toEqual([403, 0, '246']);
    const put = await reference.request({ host: 'maintenance.lessons.test', path: '/', method: 'PUT', body: 'x' });
    expect([put.status, put.headers.allow]).toEqual([405, 'GET, HEAD']);
  });
});
