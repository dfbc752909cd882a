/**
 * What a fuzz test keeps of the answers it gets (fuzz.test.ts): its report (sent, answered, by
 * status, what went wrong), and the checks every answer gets whatever the protocol: a status in
 * range and never 5xx, a body that decodes as its Content-Encoding says, and no planted canary in
 * the body or a header.
 */
import * as http2 from 'node:http2';
import * as zlib from 'node:zlib';
import type { Outcome } from './raw-http';
import type { H1Request } from './requests';

/** A client gives up on one answer after this long: far beyond a loaded machine's slowest answer, and below the server's header timeout (10 s), so that a request left waiting is told from one answered 408. */
export const ANSWER_TIMEOUT_MS = 8_000;

export interface Report {
  /** The planted markers no answer may carry (none in the summary of every test). */
  canaries: readonly string[];
  sent: number;
  answered: number;
  statuses: Map<number, number>;
  problems: string[];
  /** Requests with deliberately broken framing the server closed the connection on without an answer, by request kind. */
  unanswered: Map<string, number>;
  /** HTTP/1.1 requests with deliberately broken framing (the only ones that may go unanswered). */
  brokenFraming: number;
  waited: number;
  h2NotSendable: number;
  h2Reset: number;
  /** HTTP/2 streams refused (REFUSED_STREAM: not processed, as when they cross the session's GOAWAY), sent again. */
  h2Retried: number;
  h2ResetSamples: string[];
  /** Raw-frame connections opened, and those on which the server's first frame was its SETTINGS. */
  rawConnections: number;
  serverSettings: number;
}

export function newReport(canaries: readonly string[] = []): Report {
  return {
    canaries,
    sent: 0,
    answered: 0,
    statuses: new Map(),
    problems: [],
    unanswered: new Map(),
    brokenFraming: 0,
    waited: 0,
    h2NotSendable: 0,
    h2Reset: 0,
    h2Retried: 0,
    h2ResetSamples: [],
    rawConnections: 0,
    serverSettings: 0,
  };
}

export function addUp(into: Map<string | number, number>, from: Map<string | number, number>): void {
  for (const [k, n] of from) into.set(k, (into.get(k) ?? 0) + n);
}
export function http2ErrorName(code: number | undefined): string {
  const entry = Object.entries(http2.constants).find(
    ([name, value]) =>
      name.startsWith('NGHTTP2_') &&
      !name.startsWith('NGHTTP2_ERR') &&
      value === code &&
      /NO_ERROR|PROTOCOL|INTERNAL|FLOW|STREAM_CLOSED|FRAME_SIZE|REFUSED|CANCEL|COMPRESSION|CONNECT_ERROR|ENHANCE|INADEQUATE|HTTP_1_1/.test(name),
  );
  return entry ? entry[0] : `code ${code}`;
}

export function problem(r: Report, text: string): void {
  if (r.problems.length < 50) r.problems.push(text);
}

export function decoded(r: Report, status: number, headers: Record<string, string | string[] | undefined>, body: Buffer, label: string): Buffer[] {
  const coding = String(headers['content-encoding'] ?? '').toLowerCase();
  if (!body.length || status === 206 || !coding || coding === 'identity') return [body];
  try {
    if (coding === 'gzip') return [body, zlib.gunzipSync(body)];
    if (coding === 'br') return [body, zlib.brotliDecompressSync(body)];
  } catch (error) {
    problem(r, `${label}: ${status} body does not decode as ${coding}: ${String(error)}`);
    return [body];
  }
  problem(r, `${label}: unknown content-encoding ${coding}`);
  return [body];
}

/** The checks every answer gets, whatever the protocol. */
export function checkAnswer(r: Report, label: string, status: number, headers: Record<string, string | string[] | undefined>, body: Buffer): void {
  r.answered++;
  r.statuses.set(status, (r.statuses.get(status) ?? 0) + 1);
  if (!(status >= 100 && status <= 599)) problem(r, `${label}: status ${status}`);
  if (status >= 500) problem(r, `${label}: ${status}`);
  for (const bytes of decoded(r, status, headers, body, label)) {
    const text = bytes.toString('latin1');
    for (const marker of r.canaries) if (text.includes(marker)) problem(r, `${label}: served canary content (${marker})`);
  }
  for (const value of Object.values(headers)) {
    for (const marker of r.canaries) if (String(value).includes(marker)) problem(r, `${label}: canary content in a header`);
  }
}

function kindOf(req: H1Request): string {
  return req.label.split(' ')[0].slice(0, 20);
}

export function recordH1(r: Report, req: H1Request, outcome: Outcome): void {
  if (req.mayWait) r.brokenFraming++;
  if (outcome.kind === 'response') checkAnswer(r, req.label, outcome.status, outcome.headers, outcome.body);
  else if (outcome.kind === 'malformed') problem(r, `${req.label}: malformed answer (${outcome.reason}): ${JSON.stringify(outcome.bytes.slice(0, 200))}`);
  else if (outcome.kind === 'timeout') {
    if (req.mayWait) r.waited++;
    else
      problem(
        r,
        `${req.label}: no answer within ${ANSWER_TIMEOUT_MS} ms (received ${JSON.stringify(outcome.bytes)}); request ${JSON.stringify(req.bytes.subarray(0, 400).toString('latin1'))}; after ${JSON.stringify(outcome.previous ?? 'nothing: new connection')}`,
      );
  } else if (req.mayWait) r.unanswered.set(kindOf(req), (r.unanswered.get(kindOf(req)) ?? 0) + 1);
  // A request the parser rejects is answered (400, 405, 414, 431), never just dropped.
  else problem(r, `${req.label}: connection closed without an answer; request ${JSON.stringify(req.bytes.subarray(0, 400).toString('latin1'))}`);
}
