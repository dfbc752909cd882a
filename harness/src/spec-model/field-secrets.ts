/**
 * The secret values an answer's field holds, read from the exchange's structure (its parsed
 * cookies, its field lines), for a finding about that field to declare: the report hides them
 * wherever the finding's text holds them.
 */
import { fieldLines, isSecretHeader, type Finding, type SecretValue } from '../core';
import type { ObservedExchange } from './observed';

export function fieldSecrets(name: string, observed: ObservedExchange): Pick<Finding, 'secrets'> {
  const n = name.toLowerCase();
  let secrets: SecretValue[] = [];
  if (n === 'set-cookie') secrets = observed.cookies.map((c) => ({ kind: 'cookie', value: c.value }));
  else if (isSecretHeader(n)) secrets = fieldLines(observed.lines, n).map((value) => ({ kind: 'credential', value }));
  return secrets.length ? { secrets } : {};
}
