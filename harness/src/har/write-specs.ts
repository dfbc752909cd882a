/**
 * Writing derived specs: `<out>/<role>.derived.json`, beside the hand-written `<role>.json`, which is
 * never touched. A re-run prints a line diff against the previous derived file; exchanges whose
 * method and path a hand-written file already covers are listed so the reviewer can compare them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SpecFile } from '../spec-model/types';
import { lineDiff } from './line-diff';
import { stableStringify } from './stable-json';

export function derivedFileName(role: string): string {
  return `${role}.derived.json`;
}

function handWrittenRequests(file: string): Map<string, string> {
  const out = new Map<string, string>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return out;
  }
  const spec = parsed as Partial<SpecFile>;
  for (const e of Array.isArray(spec.exchanges) ? spec.exchanges : [])
    if (e && e.request && typeof e.request.path === 'string') out.set(`${(e.request.method ?? 'GET').toUpperCase()} ${e.request.path}`, e.id);
  return out;
}

export interface WriteOutcome {
  file: string;
  state: 'new' | 'updated' | 'unchanged';
}

export function writeSpecs(specs: SpecFile[], outDir: string, print: (line: string) => void): WriteOutcome[] {
  fs.mkdirSync(outDir, { recursive: true });
  const outcomes: WriteOutcome[] = [];
  for (const spec of specs) {
    const file = path.join(outDir, derivedFileName(spec.role));
    const text = stableStringify(spec);
    let previous: string | undefined;
    try {
      previous = fs.readFileSync(file, 'utf8');
    } catch {
      previous = undefined;
    }
    const state: WriteOutcome['state'] = previous === undefined ? 'new' : previous === text ? 'unchanged' : 'updated';
    const flows = spec.flows?.length ?? 0;
    print(`${spec.role}: ${spec.exchanges.length} exchange(s), ${flows} flow(s) -> ${file} (${state})`);
    const hand = handWrittenRequests(path.join(outDir, `${spec.role}.json`));
    for (const e of spec.exchanges) {
      const covered = hand.get(`${e.request.method ?? 'GET'} ${e.request.path}`);
      if (covered) print(`  ${e.id}: the hand-written ${spec.role}.json covers this request as ${covered}; compare before copying`);
    }
    if (state === 'updated') for (const line of lineDiff(previous!, text)) print(`  ${line}`);
    if (state !== 'unchanged') fs.writeFileSync(file, text);
    outcomes.push({ file, state });
  }
  return outcomes;
}
