/**
 * har-validator, applied the streaming way: each entry against the `entry` schema as it arrives,
 * then the rest of the document (without its entries) against the `har` schema. Every problem keeps
 * its JSON path from the document's root.
 */
import * as validator from 'har-validator/lib/async';
import type { HarProblem } from './errors';

function joinPath(prefix: string, dataPath: string): string {
  const tail = dataPath.startsWith('.') && !prefix ? dataPath.slice(1) : dataPath;
  return `${prefix}${tail}` || '(root)';
}

function describe(e: validator.HarValidationError): string {
  const params = e.params as { missingProperty?: string; allowedValues?: unknown[] };
  if (e.keyword === 'required' && params.missingProperty) return `missing required property ${params.missingProperty.replace(/^\./, '')}`;
  return e.message ?? e.keyword;
}

function run(name: 'har' | 'entry', data: unknown, file: string, prefix: string): HarProblem[] {
  let problems: HarProblem[] = [];
  validator[name](data, (err) => {
    if (!err) return;
    problems = (err.errors ?? []).map((e) => ({ file, path: joinPath(prefix, e.dataPath), message: describe(e) }));
  });
  return problems;
}

/**
 * Tools write a few things the 2014 schema rejects although the HAR is sound; those are
 * normalised before validation, and only those: Chrome writes IPv6 server addresses in brackets.
 */
export function normaliseToolQuirks(entry: unknown): void {
  if (!entry || typeof entry !== 'object') return;
  const e = entry as { serverIPAddress?: unknown };
  if (typeof e.serverIPAddress === 'string' && /^\[.*\]$/.test(e.serverIPAddress)) e.serverIPAddress = e.serverIPAddress.slice(1, -1);
}

export function validateEntry(entry: unknown, index: number, file: string): HarProblem[] {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
    return [{ file, path: `log.entries[${index}]`, message: 'should be object' }];
  return run('entry', entry, file, `log.entries[${index}]`);
}

/** The document without its entries; `hadEntries` tells whether `log.entries` was an array. */
export function validateSkeleton(doc: unknown, file: string): HarProblem[] {
  return run('har', doc, file, '');
}
