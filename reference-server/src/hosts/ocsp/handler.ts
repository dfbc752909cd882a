import * as http2 from 'node:http2';
import type { AnyRequest, AnyResponse } from '../../http/guards';
import { errorHeaders, matchesIfNoneMatch, successHeaders } from './cache-headers';
import { ERROR_RESPONSES, type OcspError } from './error-responses';
import { MAX_REQUEST_BYTES } from './policy';
import { DecodedRequestCache, derFromGetPath, type RequestedCertId } from './request-decoder';
import type { StoredResponse } from './store';

export interface ResponseSource {
  lookup(certId: RequestedCertId): StoredResponse | undefined | Promise<StoredResponse | undefined>;
}

export type OcspHandler = (req: AnyRequest, res: AnyResponse) => void;

/** HTTP status of each error answer (Boulder's): unauthorized is a normal answer, malformed is the client's fault. */
const ERROR_STATUS: Record<OcspError, number> = { malformedRequest: 400, internalError: 500, tryLater: 503, sigRequired: 200, unauthorized: 200 };
const ALLOW = 'GET, HEAD, POST';
const METHOD_NOT_ALLOWED = Buffer.from('Method Not Allowed\n');

function write(res: AnyResponse, status: number, headers: Array<[string, string]>, body: Buffer | undefined): void {
  res.statusCode = status;
  for (let i = 0; i < headers.length; i++) res.setHeader(headers[i][0], headers[i][1]);
  if (body === undefined) return void res.end();
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

const isHead = (req: AnyRequest) => req.method === 'HEAD';

function sendError(req: AnyRequest, res: AnyResponse, error: OcspError): void {
  if (res.headersSent) return void res.end();
  const body = ERROR_RESPONSES[error];
  if (isHead(req)) write(res, ERROR_STATUS[error], [...errorHeaders(Date.now()), ['Content-Length', String(body.length)]], undefined);
  else write(res, ERROR_STATUS[error], errorHeaders(Date.now()), body);
}

function sendStored(req: AnyRequest, res: AnyResponse, stored: StoredResponse): void {
  const headers = successHeaders(stored, Date.now());
  // Boulder answers a matching If-None-Match with 304 whatever the method (POST included).
  if (matchesIfNoneMatch(req.headers['if-none-match'], stored.etag)) return write(res, 304, headers, undefined);
  if (isHead(req)) {
    write(res, 200, [...headers, ['Content-Length', String(stored.der.length)]], undefined);
    return;
  }
  write(res, 200, headers, stored.der);
}

function isOcspRequestType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const semicolon = value.indexOf(';');
  return (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase() === 'application/ocsp-request';
}

/**
 * Refuses a body over the limit without reading the rest: HTTP/1.1 closes the connection after
 * the answer, HTTP/2 resets the stream with NO_ERROR once the answer is out (RFC 9113 8.1).
 */
function refuseTooLarge(req: AnyRequest, res: AnyResponse): void {
  req.pause();
  if (req.httpVersionMajor === 1) res.setHeader('Connection', 'close');
  res.once('finish', () => {
    if (req instanceof http2.Http2ServerRequest) req.stream.close(http2.constants.NGHTTP2_NO_ERROR);
    else req.socket.destroySoon();
  });
  sendError(req, res, 'malformedRequest');
}

/**
 * The responder (RFC 6960 with RFC 5019's profile) on plain node request/response objects, so it
 * serves HTTP/1.1 and HTTP/2 alike: POST of a DER request, GET of its base64 in the path, `GET /`
 * for health checks. Answers come from `source` (pre-signed); this never signs.
 */
export function createOcspHandler(source: ResponseSource): OcspHandler {
  const requests = new DecodedRequestCache();
  function answer(req: AnyRequest, res: AnyResponse, der: Uint8Array): void {
    const decoded = requests.decode(der);
    if (!decoded.ok) return sendError(req, res, 'malformedRequest');
    // Only the first CertID is answered (Boulder); the nonce, if any, is not echoed.
    const found = source.lookup(decoded.certId);
    if (found instanceof Promise) {
      found.then(
        (stored) => (stored ? sendStored(req, res, stored) : sendError(req, res, 'unauthorized')),
        () => sendError(req, res, 'internalError'),
      );
      return;
    }
    if (found) sendStored(req, res, found);
    else sendError(req, res, 'unauthorized');
  }

  function post(req: AnyRequest, res: AnyResponse): void {
    if (!isOcspRequestType(req.headers['content-type'])) return sendError(req, res, 'malformedRequest');
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > MAX_REQUEST_BYTES) return refuseTooLarge(req, res);
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        done = true;
        return refuseTooLarge(req, res);
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      guarded(req, res, () => answer(req, res, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)));
    });
    req.on('error', () => (done = true));
  }

  function get(req: AnyRequest, res: AnyResponse): void {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (path === '/') return write(res, 200, [], isHead(req) ? undefined : Buffer.alloc(0));
    const der = derFromGetPath(path);
    if (!der) return sendError(req, res, 'malformedRequest');
    answer(req, res, der);
  }

  return (req, res) =>
    guarded(req, res, () => {
      switch (req.method) {
        case 'POST':
          return post(req, res);
        case 'GET':
        case 'HEAD':
          return get(req, res);
        default:
          res.setHeader('Allow', ALLOW);
          return write(res, 405, [['Content-Type', 'text/plain; charset=utf-8']], METHOD_NOT_ALLOWED);
      }
    });
}

/** Any failure of the responder itself is answered internalError, never a dropped connection. */
function guarded(req: AnyRequest, res: AnyResponse, work: () => void): void {
  try {
    work();
  } catch {
    sendError(req, res, 'internalError');
  }
}
