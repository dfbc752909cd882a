/**
 * The fuzz's HTTP/2 on the wire (fuzz.test.ts): one stream through Node's client, its answer
 * checked or its reset accounted for; and a TLS connection speaking raw frames, whose first frame
 * from the server must be its SETTINGS.
 */
import * as http2 from 'node:http2';
import * as tls from 'node:tls';
import { ANSWER_TIMEOUT_MS, checkAnswer, http2ErrorName, problem, type Report } from './answers';

/** The size of a header list as SETTINGS_MAX_HEADER_LIST_SIZE counts it: name, value and 32 octets per field (RFC 9113 §6.5.2). */
function headerListSize(headers: http2.OutgoingHttpHeaders): number {
  let size = 0;
  for (const [name, value] of Object.entries(headers))
    for (const v of Array.isArray(value) ? value : [value]) size += name.length + String(v ?? '').length + 32;
  return size;
}

/** What `h2Exchange` resolves with for a stream the server refused (REFUSED_STREAM: not processed). */
export const REFUSED = -1;

/**
 * One HTTP/2 stream: its answer checked, or a reset counted. Resolves with the status (0 when
 * reset). With `resets`, any reset is expected and its code collected; with `retryRefused`, a
 * refused stream (REFUSED_STREAM: not processed, which a client may send again, RFC 9113 §8.7;
 * the server refuses streams that cross its GOAWAY) resolves with REFUSED instead of being a problem.
 */
export function h2Exchange(
  r: Report,
  session: http2.ClientHttp2Session,
  label: string,
  headers: http2.OutgoingHttpHeaders,
  body?: Buffer,
  mode: { resets?: number[]; retryRefused?: boolean } = {},
): Promise<number> {
  return new Promise((resolve) => {
    let stream: http2.ClientHttp2Stream;
    try {
      stream = session.request(headers, { endStream: !body });
    } catch (error) {
      r.h2NotSendable++;
      problem(r, `${label}: not sendable by Node's client: ${String(error)}`);
      resolve(0);
      return;
    }
    r.sent++;
    let status = 0;
    let responseHeaders: http2.IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      problem(r, `${label}: no HTTP/2 answer within ${ANSWER_TIMEOUT_MS} ms`);
      stream.close(http2.constants.NGHTTP2_CANCEL);
    }, ANSWER_TIMEOUT_MS);
    stream.on('response', (h) => {
      status = Number(h[':status']);
      responseHeaders = h;
    });
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('error', () => undefined);
    stream.on('close', () => {
      clearTimeout(timer);
      const refused = stream.rstCode === http2.constants.NGHTTP2_REFUSED_STREAM;
      if (status) checkAnswer(r, label, status, responseHeaders as Record<string, string>, Buffer.concat(chunks));
      else if (headerListSize(headers) > (session.remoteSettings.maxHeaderListSize ?? Infinity)) {
        // Larger than the SETTINGS_MAX_HEADER_LIST_SIZE the server announced (RFC 9113 §6.5.2): not
        // processed, whether the server refused it or Node's client would not send it.
        r.h2Reset++;
        if (r.h2ResetSamples.length < 6) r.h2ResetSamples.push(`${label} (${http2ErrorName(stream.rstCode)}, header list over the announced limit)`);
      } else if (mode.retryRefused && refused) {
        r.h2Retried++;
        return resolve(REFUSED);
      } else {
        r.h2Reset++;
        // A malformed request (a :path nghttp2 refuses) is a stream error, RFC 9113 8.1.1; a
        // reset for any other reason is a problem, except where a test provokes it (and collects the codes).
        if (mode.resets) mode.resets.push(stream.rstCode ?? -1);
        else if (stream.rstCode !== http2.constants.NGHTTP2_PROTOCOL_ERROR) problem(r, `${label}: stream reset (${http2ErrorName(stream.rstCode)})`);
        if (r.h2ResetSamples.length < 6) r.h2ResetSamples.push(`${label} (${http2ErrorName(stream.rstCode)})`);
      }
      resolve(status);
    });
    if (body) stream.end(body);
  });
}

/**
 * A TLS connection speaking raw HTTP/2 frames: the preface, then what `frames` returns. The
 * server's first frame must be its SETTINGS (RFC 9113 §3.4), whatever the client sends; the
 * client waits for it (up to ANSWER_TIMEOUT_MS), then lingers 300 ms for what the junk provokes.
 */
export function rawH2(r: Report, frames: Buffer[], server: { port: number; ca: string }): Promise<void> {
  return new Promise((resolve) => {
    let head = Buffer.alloc(0);
    let linger: NodeJS.Timeout | undefined;
    const socket = tls.connect({ host: '127.0.0.1', port: server.port, servername: 'www.lessons.test', ca: server.ca, ALPNProtocols: ['h2'] }, () => {
      socket.write(Buffer.concat([Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), frame(4, 0, 0, Buffer.alloc(0)), ...frames]));
    });
    const giveUp = setTimeout(() => socket.destroy(), ANSWER_TIMEOUT_MS);
    socket.on('data', (c: Buffer) => {
      if (head.length >= 9) return;
      head = Buffer.concat([head, c]);
      if (head.length >= 9) {
        clearTimeout(giveUp);
        linger = setTimeout(() => socket.destroy(), 300);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearTimeout(linger);
      r.rawConnections++;
      if (head.length < 9)
        problem(r, `raw frames: no frame from the server (${head.length} bytes) before the connection closed or ${ANSWER_TIMEOUT_MS} ms passed`);
      else if (head[3] !== 4 || (head[4] & 1) !== 0 || head.readUInt32BE(5) !== 0)
        problem(r, `raw frames: the server's first frame is type ${head[3]}, flags ${head[4]}, stream ${head.readUInt32BE(5)}: not its SETTINGS`);
      else r.serverSettings++;
      resolve();
    });
  });
}

export function frame(type: number, flags: number, stream: number, payload: Buffer, declaredLength = payload.length): Buffer {
  const head = Buffer.alloc(9);
  head.writeUIntBE(declaredLength & 0xffffff, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(stream >>> 0, 5);
  return Buffer.concat([head, payload]);
}
