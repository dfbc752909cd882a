/**
 * The members of a list-based field value (RFC 9110 §5.6.1): split at commas outside quoted
 * strings, optional whitespace trimmed, empty members dropped (senders may send them).
 */
export function listMembers(value: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quoted && c === '\\' && i + 1 < value.length) {
      current += c + value[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === ',' && !quoted) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out.map((m) => m.trim()).filter((m) => m !== '');
}
