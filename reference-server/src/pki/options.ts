import { PkiError } from './errors';
import { INTERMEDIATE_NAMES } from './policy';
import type { PkiOptions, PkiRequest } from './types';

// Letters, digits and hyphens only: the CN is a PrintableString, which has no '*' or '_'.
const DNS_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function checkDnsName(name: unknown, where: string): string {
  if (typeof name !== 'string' || !DNS_NAME.test(name)) {
    throw new PkiError('PKI_BAD_NAME', `${where}: ${JSON.stringify(name)} is not a DNS host name`);
  }
  return name;
}

/** Validates the options and copies what the PKI is issued for in a fixed key order. */
export function toRequest(options: PkiOptions): PkiRequest {
  if (typeof options.dir !== 'string' || options.dir === '') {
    throw new PkiError('PKI_BAD_OPTIONS', `dir ${JSON.stringify(options.dir)} is not a folder path`);
  }
  if (options.now !== undefined && !(options.now instanceof Date && !Number.isNaN(options.now.getTime()))) {
    throw new PkiError('PKI_BAD_OPTIONS', `now ${String(options.now)} is not a valid Date`);
  }
  if (!Array.isArray(options.hosts) || options.hosts.length === 0) {
    throw new PkiError('PKI_BAD_OPTIONS', 'hosts is empty: there would be nothing to issue');
  }
  const roles = new Set<string>();
  const hosts = options.hosts.map((host, i) => {
    if (typeof host?.role !== 'string' || host.role === '' || roles.has(host.role)) {
      throw new PkiError('PKI_BAD_OPTIONS', `hosts[${i}].role ${JSON.stringify(host?.role)} is empty or repeated`);
    }
    roles.add(host.role);
    if (!Array.isArray(host.names) || host.names.length === 0 || new Set(host.names).size !== host.names.length) {
      throw new PkiError('PKI_BAD_OPTIONS', `hosts[${i}].names of role ${host.role} is empty or repeats a name`);
    }
    return { role: host.role, names: host.names.map((name, j) => checkDnsName(name, `hosts[${i}].names[${j}]`)) };
  });
  const ocspNames = Object.fromEntries(
    INTERMEDIATE_NAMES.map((name) => [name, checkDnsName(options.ocspNames?.[name], `ocspNames.${name}`)]),
  ) as PkiRequest['ocspNames'];
  return { hosts, ocspNames };
}
