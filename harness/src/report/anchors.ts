/**
 * Stable anchors: derived from ids only (never from values or run order), so a link to a finding
 * pasted in a ticket keeps working in the next run's report. Only [a-z0-9-] reach the HTML.
 */
import { createHash } from 'node:crypto';

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/**
 * `prefix-<readable slug>-<8 hex>`: the slug is for people, the hash (of `identity`, every part
 * that makes the thing unique) keeps distinct things apart.
 */
export function anchor(prefix: string, readable: string, ...identity: Array<string | undefined>): string {
  const exact = [readable, ...identity].map((p) => p ?? '').join('\u0000');
  const hash = createHash('sha256').update(exact).digest('hex').slice(0, 8);
  const s = slug(readable);
  return `${prefix}-${s ? `${s}-` : ''}${hash}`;
}
