/**
 * A test's findings grouped into expectations by id: each finding keyed by test, id, protocol and
 * occurrence; each expectation with its worst verdict, its strongest level and its shape.
 */
import { aspectText, LEVELS, summaryVerdict, type Level } from '../../core';
import { shapeByName } from '../../shapes';
import { anchor } from '../anchors';
import type { Expectation, FindingReport } from '../types';

/** A finding of the test before it is keyed, with the step it belongs to. */
export interface LooseFinding {
  f: Omit<FindingReport, 'key'>;
  step?: string;
}

/** An expectation's words, from its finding's typed fields: never taken from its id. */
export function labelOf(f: Pick<FindingReport, 'id' | 'aspect' | 'compared'>): string {
  if (f.aspect) return aspectText(f.aspect);
  if (f.compared) return f.compared.by;
  return f.id;
}

/** Worst level first. */
const strongest = (levels: Level[]): Level => LEVELS.find((l) => levels.includes(l)) ?? 'must';

export function groupFindings(found: LooseFinding[], testKey: string): Expectation[] {
  const seen = new Map<string, number>();
  const byId = new Map<string, Expectation>();
  for (const { f, step } of found) {
    const occurrence = `${f.id}\u0000${f.protocol ?? ''}`;
    const n = seen.get(occurrence) ?? 0;
    seen.set(occurrence, n + 1);
    const finding: FindingReport = { key: anchor('f', `${f.id} ${f.protocol ?? ''}`, testKey, String(n)), ...f };
    let e = byId.get(f.id);
    if (!e) {
      e = {
        key: anchor('e', f.id, testKey),
        id: f.id,
        label: labelOf(f),
        ...(step ? { step } : {}),
        ...(f.aspect ? { aspect: f.aspect } : {}),
        ...(f.compared ? { compared: { by: f.compared.by, first: f.compared.first, second: f.compared.second } } : {}),
        // The expectation's verdict is its findings' summary, set below once all are in.
        verdict: f.verdict,
        level: f.level,
        source: f.source,
        ...(f.clause ? { clause: f.clause } : {}),
        findings: [],
      };
      byId.set(f.id, e);
    }
    e.findings.push(finding);
    if (!e.clause && f.clause) e.clause = f.clause;
  }
  const expectations = [...byId.values()];
  for (const e of expectations) {
    e.verdict = summaryVerdict(e.findings.map((f) => f.verdict));
    e.level = strongest(e.findings.map((f) => f.level));
    const shaped = e.findings.find((f) => f.shape && f.verdict !== 'pass') ?? e.findings.find((f) => f.shape);
    const shape = shaped?.shape ? shapeByName(shaped.shape) : undefined;
    if (shaped?.shape)
      e.shape = shape
        ? { name: shape.name, description: shape.description, examples: [...shape.examples] }
        : { name: shaped.shape, description: '(unknown shape)', examples: [] };
  }
  return expectations;
}
