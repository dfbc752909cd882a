/*
 * Why the finding builder copies with Object.assign (`harness/src/core/judged.ts`): in this Node's
 * V8, an object literal that opens with a spread and then adds a property the spread object lacks
 * (`{ ...fields, verdict, level }`) leaves the fast path that clones the object's shape. Measured on
 * finding-shaped fields (an id, an aspect, the target, provenance, level, clause, expected, actual),
 * a million objects per form, best of 3 interleaved rounds, nanoseconds per object:
 *   - the spread that adds keys, as the builder was written, against `Object.assign`, as it is;
 *   - `judged()` itself against the same function written with that spread;
 *   - the forms left as spreads: a copy alone, a copy that only overwrites keys.
 * When a Node release makes the first ratio near 1, the builder's note can go.
 * Run: npm run bench:object-copy (BENCH_OBJECTS, default 1,000,000)
 */
import { judged, verdictNote } from '../harness/src/core/judged';
import { defaultLevel, verdictFor, type TargetOrigin } from '../harness/src/core/level';
import type { Finding } from '../harness/src/core/finding';
import type { FindingFields } from '../harness/src/core/judged';

const N = Number(process.env.BENCH_OBJECTS ?? 1_000_000);

/** `judged` as it was written before: the same steps, its result built by a spread that adds keys. */
function judgedBySpread<F extends FindingFields>(ok: boolean, fields: F, targetOrigin: TargetOrigin): F & Finding {
  const level = fields.level ?? defaultLevel(fields.source);
  const verdict = verdictFor(ok, level, targetOrigin);
  const note = fields.message ?? verdictNote(verdict);
  return { ...fields, verdict, level, ...(note !== undefined ? { message: note } : {}) };
}

/** Fresh fields for each object, as the evaluator makes them (a new id each time). */
function fieldsOf(i: number): FindingFields {
  return {
    id: `site/home header x-frame-options ${i & 7}`,
    aspect: { kind: 'header', name: 'x-frame-options' },
    target: 'target',
    source: 'capture',
    level: 'must',
    clause: 'FRAME',
    expected: 'SAMEORIGIN',
    actual: 'SAMEORIGIN',
  };
}

const FORMS: Record<string, (i: number) => number> = {
  'spread, then keys added': (i) => {
    const f = { ...fieldsOf(i), verdict: 'pass', checked: true };
    return f.id.length;
  },
  'Object.assign, keys added': (i) => {
    const f = Object.assign({}, fieldsOf(i), { verdict: 'pass', checked: true });
    return f.id.length;
  },
  'judged() by spread (before)': (i) => judgedBySpread(i % 3 !== 0, fieldsOf(i), 'user').id.length,
  'judged() (now)': (i) => judged(i % 3 !== 0, fieldsOf(i), 'user').id.length,
  'spread, a copy alone': (i) => {
    const f = { ...fieldsOf(i) };
    return f.id.length;
  },
  'spread, keys overwritten': (i) => {
    const f = { ...fieldsOf(i), expected: 'DENY' };
    return f.id.length;
  },
};

function nsPerObject(form: (i: number) => number): number {
  let sink = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) sink += form(i);
  const ns = Number(process.hrtime.bigint() - t0) / N;
  if (sink < 0) console.log(sink); // keeps the loop's work observable
  return ns;
}

const best = new Map<string, number>();
for (const form of Object.values(FORMS)) nsPerObject(form); // warm-up
for (let round = 0; round < 3; round++)
  for (const [name, form] of Object.entries(FORMS)) best.set(name, Math.min(best.get(name) ?? Infinity, nsPerObject(form)));

const ns = (name: string) => best.get(name)!;
console.log(`Node ${process.version}, ${N.toLocaleString('en')} objects per form, best of 3 interleaved rounds (ns per object):`);
for (const [name, value] of best) console.log(`  ${name.padEnd(30)} ${value.toFixed(1).padStart(8)}`);
console.log(`spread that adds keys / Object.assign: ${(ns('spread, then keys added') / ns('Object.assign, keys added')).toFixed(1)}x`);
console.log(`judged() by spread / judged() now: ${(ns('judged() by spread (before)') / ns('judged() (now)')).toFixed(1)}x`);
