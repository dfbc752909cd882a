/**
 * The record a test attached (its `findings` attachment), read as untrusted input: every field is
 * checked for its type before use, and a missing or malformed attachment is named, never thrown.
 */
import { isVerdict } from '../../core';
import {
  RECORD_VERSION,
  type BrowserFlowRecord,
  type CertificateFacts,
  type LegRecord,
  type ReplayFinding,
  type ReplayRecord,
  type ResponseRecord,
  type StepRecord,
  type Untrusted,
} from '../../record';
import type { CollectedTest } from '../collected';
import type { KnownMark, LegProtocol } from '../types';

/** A record as attached, of either kind: its fields as the record types name them, checked before use. */
export type RawRecord = Untrusted<ReplayRecord> & Untrusted<BrowserFlowRecord>;
export type RawLeg = Untrusted<LegRecord>;
export type RawStep = Untrusted<StepRecord>;
export type RawResponse = Untrusted<ResponseRecord>;
export type RawFinding = Untrusted<ReplayFinding>;

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const leg = (v: unknown): LegProtocol | undefined => (v === 'h1' || v === 'h2' || v === 'h3' ? v : undefined);
export const pairs = (v: unknown): Array<[string, string]> =>
  Array.isArray(v) ? v.filter((p): p is [unknown, unknown] => Array.isArray(p) && p.length >= 2).map(([n, x]) => [text(n), text(x)]) : [];

export const SHA256 = /^[0-9a-f]{64}$/;

/** Which record a test attached: a replay's or raw flow's (legs of steps), or a browser flow's. */
export type RecordShape = 'replay' | 'browser';

/**
 * The test's attached record and its shape (by its `kind`), or what is wrong with it: not JSON, of
 * another record version, of no kind this report reads. No attachment is neither.
 */
export function parseRecord(t: CollectedTest): { record?: RawRecord; shape?: RecordShape; problem?: string } {
  const a = t.attachments.find((x) => x.name === 'findings');
  if (!a) return {};
  if (!a.body) return { problem: 'the findings attachment has no body' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(a.body.toString('utf8')) as unknown;
  } catch (e) {
    return { problem: `the findings attachment is not JSON: ${(e as Error).message}` };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { problem: 'the findings attachment is not a JSON object' };
  const record = parsed as RawRecord;
  if (record.version !== RECORD_VERSION)
    return { problem: `the findings attachment is of record version ${JSON.stringify(record.version ?? null)}; this report reads ${RECORD_VERSION}` };
  if ((record.kind === 'exchange' || record.kind === 'flow') && Array.isArray(record.legs)) return { record, shape: 'replay' };
  if (record.kind === 'browser-flow' && Array.isArray(record.findings)) return { record, shape: 'browser' };
  const kind = JSON.stringify(record.kind ?? null);
  if (record.kind === 'browser-flow') return { problem: `the findings attachment is a record of kind ${kind} without its findings` };
  if (record.kind === 'exchange' || record.kind === 'flow') return { problem: `the findings attachment is a record of kind ${kind} without its legs` };
  return { problem: `the findings attachment is a record of kind ${kind}, which this report does not read` };
}

/** A finding's known deviation as attached; fields checked, never trusted. */
export function knownMarkOf(raw: Untrusted<KnownMark> | undefined): KnownMark | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const was = isVerdict(raw.was) ? raw.was : 'fail';
  return { entry: num(raw.entry) ?? -1, id: text(raw.id), reason: text(raw.reason), ticket: text(raw.ticket), expires: text(raw.expires), was };
}

const strings = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);

/** A certs flow's certificate facts as the record holds them; undefined when a field is not what it should be (a hand-edited record). */
export function readCertificate(v: unknown): CertificateFacts | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const c = v as Record<string, unknown>;
  const [host, subject, issuer, notBefore, notAfter, fingerprint256, serial] = [
    c.host,
    c.subject,
    c.issuer,
    c.notBefore,
    c.notAfter,
    c.fingerprint256,
    c.serial,
  ].map(str);
  const [names, chain, protocols] = [c.names, c.chain, c.protocols].map(strings);
  const daysLeft = num(c.daysLeft);
  if (!host || subject === undefined || issuer === undefined || !notBefore || !notAfter || !names || !chain || !protocols || daysLeft === undefined)
    return undefined;
  if (fingerprint256 === undefined || serial === undefined) return undefined;
  return {
    host,
    ...(str(c.node) ? { node: str(c.node)! } : {}),
    fingerprint256,
    serial,
    subject,
    names,
    issuer,
    notBefore,
    notAfter,
    daysLeft,
    chain,
    protocols,
    ...(str(c.alpn) ? { alpn: str(c.alpn)! } : {}),
    stapled: c.stapled === true,
  };
}
