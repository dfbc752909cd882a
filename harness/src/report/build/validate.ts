/**
 * The record a test attached (its `findings` attachment), read as untrusted input: every field is
 * checked for its type before use, and a missing or malformed attachment is named, never thrown.
 */
import { isVerdict } from '../../core';
import type { CollectedTest } from '../collected';
import type { KnownMark, LegProtocol } from '../types';

/** A finding as attached (either record shape); fields are checked, never trusted. */
export interface RawFinding {
  id?: unknown;
  verdict?: unknown;
  level?: unknown;
  expected?: unknown;
  actual?: unknown;
  source?: unknown;
  clause?: unknown;
  shape?: unknown;
  message?: unknown;
  secret?: unknown;
  target?: unknown;
  protocol?: unknown;
  baseline?: unknown;
  detail?: unknown;
  bodies?: { baseline?: unknown; candidate?: unknown };
  known?: Record<string, unknown>;
}

export interface RawResponse {
  protocol?: unknown;
  status?: unknown;
  lines?: unknown;
  bodySize?: unknown;
  decodedSize?: unknown;
  decodeError?: unknown;
  tls?: Record<string, unknown>;
  timings?: { totalMs?: unknown };
  sha256?: unknown;
  title?: unknown;
  markers?: unknown;
  redirect?: unknown;
}

export interface RawStep {
  id?: unknown;
  protocol?: unknown;
  skipped?: unknown;
  request?: { method?: unknown; url?: unknown; headers?: unknown };
  response?: RawResponse;
  h3?: { endpoint?: unknown; command?: unknown; twin?: RawResponse };
  noise?: unknown;
  discovered?: { template?: unknown; from?: unknown; url?: unknown; via?: unknown };
  findings?: RawFinding[];
}

export interface RawRecord {
  id?: unknown;
  role?: unknown;
  kind?: unknown;
  protocol?: unknown;
  target?: unknown;
  skipped?: unknown;
  title?: unknown;
  legs?: RawLeg[];
  parity?: RawFinding[];
  findings?: RawFinding[];
  diff?: RawFinding[];
  baseline?: { skipped?: unknown; legs?: RawLeg[] };
}

export type RawLeg = { protocol?: unknown; skipped?: unknown; steps?: RawStep[] };

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const leg = (v: unknown): LegProtocol | undefined => (v === 'h1' || v === 'h2' || v === 'h3' ? v : undefined);
export const pairs = (v: unknown): Array<[string, string]> =>
  Array.isArray(v) ? v.filter((p): p is [unknown, unknown] => Array.isArray(p) && p.length >= 2).map(([n, x]) => [text(n), text(x)]) : [];

export const SHA256 = /^[0-9a-f]{64}$/;

/** The test's attached record, or what is wrong with it; no attachment is neither. */
export function parseRecord(t: CollectedTest): { record?: RawRecord; problem?: string } {
  const a = t.attachments.find((x) => x.name === 'findings');
  if (!a) return {};
  if (!a.body) return { problem: 'the findings attachment has no body' };
  try {
    const parsed = JSON.parse(a.body.toString('utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { problem: 'the findings attachment is not a JSON object' };
    return { record: parsed as RawRecord };
  } catch (e) {
    return { problem: `the findings attachment is not JSON: ${(e as Error).message}` };
  }
}

/** A finding's known deviation as attached; fields checked, never trusted. */
export function knownMarkOf(raw: Record<string, unknown> | undefined): KnownMark | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const was = isVerdict(raw.was) ? raw.was : 'fail';
  return { entry: num(raw.entry) ?? -1, id: text(raw.id), reason: text(raw.reason), ticket: text(raw.ticket), expires: text(raw.expires), was };
}
