/**
 * Test support: the reference's recordings in `har/` (the whole site's HAR, and one per browser
 * flow), and the specs har2spec derives from them, as a user derives theirs from production.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { deriveSpecs } from '../har/derive';
import { defaultRoleMapping } from '../har/role-mapping';
import { writeSpecs } from '../har/write-specs';

const HAR = path.resolve(__dirname, '../../..', 'har');

/** Every recording of the reference, the site's HAR first. */
export function referenceRecordings(): string[] {
  const flows = path.join(HAR, 'reference');
  return [
    path.join(HAR, 'reference-site.har'),
    ...fs
      .readdirSync(flows)
      .filter((f) => f.endsWith('.har'))
      .map((f) => path.join(flows, f)),
  ];
}

/** The specs derived from every recording, written to `dir`, with the default role mapping. */
export function writeDerivedSpecs(dir: string): void {
  writeSpecs(deriveSpecs(referenceRecordings(), defaultRoleMapping()).specs, dir, () => undefined);
}
