/**
 * Bodies a differential run found different are saved beside the report, never inlined: the
 * worker attaches each as `body <sha256>`, the reporter writes it to `bodies/<sha256>.txt` (text,
 * with secret-looking query values of its addresses redacted unless raw secrets were asked for) or
 * `.bin`, and the HTML links the file. Nothing is saved as HTML, so opening a saved body from the
 * report never runs what a target sent.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CollectedAttachment } from './collected';
import { isTextual } from '../diff/hosts';
import { redactUrl } from './secrets';
import type { Redactor } from '../core/redactor';

export const BODIES_DIR = 'bodies';
const NAME = /^body ([0-9a-f]{64})$/;

export interface SavedBodyFile {
  /** Relative to the report folder: `bodies/<sha256>.txt`. */
  file: string;
  contentType: string;
  bytes: number;
}

/** Whether an attachment is a saved body (the reporter keeps no copy of it in memory). */
export function isBodyAttachment(a: CollectedAttachment): boolean {
  return NAME.test(a.name);
}

/** Writes one body attachment under `outputFolder`; returns its sha256 and file, or undefined when it is not one. */
export function saveBody(a: CollectedAttachment, outputFolder: string, rawSecrets: boolean, redactor?: Redactor): [string, SavedBodyFile] | undefined {
  const sha = NAME.exec(a.name)?.[1];
  if (!sha || !a.body) return undefined;
  const text = isTextual(a.contentType);
  const file = path.posix.join(BODIES_DIR, `${sha}.${text ? 'txt' : 'bin'}`);
  // The run's secrets go by value in any body; a raw run keeps the target's own (its redactor learned none).
  const redacted = (t: string) => redactor?.scrub(t) ?? t;
  const bytes = !text
    ? a.body
    : Buffer.from(redacted(rawSecrets ? a.body.toString('utf8') : a.body.toString('utf8').replace(/https?:\/\/[^\s,)"'<>]+/g, (u) => redactUrl(u))), 'utf8');
  fs.mkdirSync(path.join(outputFolder, BODIES_DIR), { recursive: true });
  fs.writeFileSync(path.join(outputFolder, file), bytes);
  return [sha, { file, contentType: a.contentType, bytes: a.body.length }];
}
