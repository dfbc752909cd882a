import { useReference } from '../../testing/reference';
import { azureErrorDocument, azureTime } from './error-document';

const reference = useReference();
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** What Azure Blob Storage sends as Server. */
const AZURE_SERVER_HEADER = 'Windows-Azure-Web/1.0 Microsoft-HTTPAPI/2.0';
/** Its AuthorizationFailure document around a request id and a time: UTF-8 BOM, two LFs inside Message. */
const authorizationFailure = (requestId: string, time: string) =>
  `\ufeff<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthorizationFailure</Code><Message>This request is not authorized to perform this operation.\nRequestId:${requestId}\nTime:${time}</Message></Error>`;

describe('maintenance host', () => {
  test('Azure time has seven fractional digits', () => {
    expect(azureTime(new Date('2026-11-22T01:02:03.456Z'))).toBe('2026-11-22T01:02:03.4560000Z');
  });

  test('AuthorizationFailure document is 246 bytes with the BOM', () => {
    const requestId = '5d3b8a4e-701e-0042-6e2f-5c8a1b000000';
    const body = azureErrorDocument(
      'AuthorizationFailure',
      'This request is not authorized to perform this operation.',
      requestId,
      new Date('2026-11-22T01:02:03.456Z'),
    );
    expect(body.toString('utf8')).toBe(authorizationFailure(requestId, '2026-11-22T01:02:03.4560000Z'));
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
    expect(res.headers.server).toBe(AZURE_SERVER_HEADER);
    const requestId = res.headers['x-ms-request-id'] as string;
    expect(requestId).toMatch(GUID);
    expect(res.headers.date).toBeTruthy();
    const text = res.body.toString('utf8');
    const time = /\nTime:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}Z)<\/Message><\/Error>$/.exec(text)?.[1] ?? '(no time)';
    expect(text).toBe(authorizationFailure(requestId, time));
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
