/**
 * Where an expectation is written: the spec file and line of an expectation, from its step and
 * aspect (`site/home`, header x-frame-options -> `specs/site.json` and the line of
 * `"x-frame-options"` under the exchange's `expect.headers`), so CI annotations point at the line a reviewer would change. The files are
 * parsed with their source positions (momoa); an aspect without a line of its own (a parity, a
 * transport error) points at the exchange's `"id"`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse, type AnyNode, type MemberNode, type ObjectNode } from '@humanwhocodes/momoa';
import type { Aspect } from '../core';
import { specFilesIn } from './load';

export interface SpecLocation {
  /** The file, relative to `root` (`specs/site.json`), `/`-separated. */
  file: string;
  line: number;
}

interface Step {
  file: string;
  node: ObjectNode;
}

/** What locating an expectation reads, its typed fields (never its id): its step (else its test's id), its aspect, whether it compares two answers. */
export interface Locatable {
  step?: string;
  test?: string;
  aspect?: Aspect;
  compared?: unknown;
}

const member = (o: ObjectNode, name: string, caseless = false): MemberNode | undefined =>
  o.members.find((m) => m.name.type === 'String' && (caseless ? m.name.value.toLowerCase() === name.toLowerCase() : m.name.value === name));
const objectAt = (o: ObjectNode | undefined, name: string): ObjectNode | undefined => {
  const v = o && member(o, name)?.value;
  return v?.type === 'Object' ? v : undefined;
};

/** Every exchange and flow step object of a parsed spec file. */
function stepsOf(doc: AnyNode): ObjectNode[] {
  if (doc.type !== 'Document' || doc.body.type !== 'Object') return [];
  const out: ObjectNode[] = [];
  const list = (o: ObjectNode, name: string) => {
    const v = member(o, name)?.value;
    return v?.type === 'Array' ? v.elements.map((e) => e.value).filter((x): x is ObjectNode => x.type === 'Object') : [];
  };
  for (const x of list(doc.body, 'exchanges')) out.push(x);
  for (const f of list(doc.body, 'flows')) {
    out.push(f);
    out.push(...list(f, 'steps'));
  }
  return out;
}

/** A locator over the spec files of `specsDir`; paths are given relative to `root`. */
export function specLocator(specsDir: string, root: string): (what: Locatable) => SpecLocation | undefined {
  const steps = new Map<string, Step>();
  let files: string[] = [];
  try {
    files = specFilesIn(specsDir);
  } catch {
    files = [];
  }
  for (const file of files) {
    let doc: AnyNode;
    try {
      doc = parse(fs.readFileSync(file, 'utf8'), { mode: 'json' });
    } catch {
      continue; // a file that does not parse has no lines to point at (the run says why it did not load)
    }
    const rel = path.relative(root, file).split(path.sep).join('/');
    for (const node of stepsOf(doc)) {
      const id = member(node, 'id')?.value;
      if (id?.type === 'String' && !steps.has(id.value)) steps.set(id.value, { file: rel, node });
    }
  }
  return (what) => {
    // A flow's own expectation (its parity) belongs to no step: its test's id is the flow's.
    const entry = steps.get(what.step ?? what.test ?? '');
    if (!entry) return undefined;
    const { file, node } = entry;
    const expect = objectAt(node, 'expect');
    const at = (n: { loc: { start: { line: number } } } | undefined) => (n ? { file, line: n.loc.start.line } : undefined);
    // A comparison of two answers (parity, HEAD against GET) has no line of its own: the step's id.
    const a = what.compared ? undefined : what.aspect;
    let found: SpecLocation | undefined;
    switch (a?.kind) {
      case 'status':
        found = at(expect && member(expect, 'status'));
        break;
      case 'header':
        found = at(objectAt(expect, 'headers') && member(objectAt(expect, 'headers')!, a.name, true));
        break;
      case 'cookie':
        found = at(objectAt(expect, 'cookies') && member(objectAt(expect, 'cookies')!, a.name));
        break;
      case 'body':
        found = at(expect && member(expect, 'body'));
        break;
      case 'check': {
        // The spec's `checks` selects by id or by a prefix of it.
        const checks = member(node, 'checks')?.value;
        const element = checks?.type === 'Array' ? checks.elements.find((e) => e.value.type === 'String' && a.check.startsWith(e.value.value)) : undefined;
        found = at(element?.value);
        break;
      }
      case 'discover':
        found = at(member(node, 'discover'));
        break;
      default:
        break;
    }
    return found ?? at(member(node, 'id'));
  };
}
