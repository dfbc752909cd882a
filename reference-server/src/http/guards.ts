import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';

export type AnyRequest = IncomingMessage | Http2ServerRequest;
export type AnyResponse = ServerResponse | Http2ServerResponse;

/** IIS's default maxUrl: longer request targets are refused before any host sees them. */
export const MAX_URL_LENGTH = 4096;
/** The same bound Node's HTTP/1.1 parser applies (its default maxHeaderSize), enforced on HTTP/2 too. */
export const MAX_HEADER_BYTES = 16 * 1024;

function plain(res: AnyResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  const body = Buffer.from(`${text}\n`);
  res.statusCode = status;
  for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

function headerBytes(req: AnyRequest): number {
  let total = 0;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i++) total += raw[i].length + (i % 2 === 0 ? 4 : 0);
  return total;
}

/** Refuses what no host should parse; returns true when it answered. */
export function refuseMalformed(req: AnyRequest, res: AnyResponse): boolean {
  const url = req.url ?? '';
  // HTTP/1.1 only: a client that sent this much junk gets its connection closed (h2 forbids the header).
  const close: Record<string, string> = req.httpVersionMajor === 1 ? { Connection: 'close' } : {};
  if (url.length > MAX_URL_LENGTH) {
    plain(res, 414, 'URI Too Long', close);
    return true;
  }
  if (headerBytes(req) > MAX_HEADER_BYTES) {
    plain(res, 431, 'Request Header Fields Too Large', close);
    return true;
  }
  return false;
}

export function misdirected(res: AnyResponse, authority: string): void {
  plain(res, 421, `Misdirected Request: no host named ${JSON.stringify(authority.slice(0, 200))} is served here`);
}

/** Answers an HTTP/1.1 request the parser rejected, so a bad request never just drops. */
export function clientErrorResponse(code: string | undefined, rawPacket: Buffer | undefined): string {
  const firstLineEnd = rawPacket ? rawPacket.indexOf('\r\n') : -1;
  let status = '400 Bad Request';
  const method = rawPacket?.subarray(0, 32).toString('latin1').split(' ')[0] ?? '';
  // A method token the parser does not know is a method the server does not allow; bytes that
  // are not a token at all are just a bad request.
  const unknownMethod = code === 'HPE_INVALID_METHOD' && /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(method);
  if (unknownMethod) status = '405 Method Not Allowed';
  // The header or request timeout ran out (a slow client): Node's own answer is this 408.
  else if (code === 'ERR_HTTP_REQUEST_TIMEOUT') status = '408 Request Timeout';
  else if (code === 'HPE_HEADER_OVERFLOW') {
    status = firstLineEnd === -1 || firstLineEnd > MAX_URL_LENGTH ? '414 URI Too Long' : '431 Request Header Fields Too Large';
  }
  const body = `${status.slice(4)}\n`;
  const allow = unknownMethod ? 'Allow: GET, HEAD\r\n' : '';
  return `HTTP/1.1 ${status}\r\n${allow}Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
}
