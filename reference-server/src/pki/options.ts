import { PkiError } from './errors';
import { INTERMEDIATE_NAMES, REVOCATION_REASONS } from './policy';
import type { HostSpec, PkiOptions, PkiRequest, RevocationSpec } from './types';

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
    const names = host.names.map((name, j) => checkDnsName(name, `hosts[${i}].names[${j}]`));
    const spec: HostSpec = { role: host.role, names };
    if (host.revoked !== undefined) spec.revoked = checkRevocation(host.revoked, `hosts[${i}].revoked`);
    return spec;
  });
  const ocspNames = Object.fromEntries(
    INTERMEDIATE_NAMES.map((name) => [name, checkDnsName(options.ocspNames?.[name], `ocspNames.${name}`)]),
  ) as PkiRequest['ocspNames'];
  return { hosts, ocspNames };
}

/** A known CRLReason name and, if given, a valid time (kept as whole-second ISO 8601). */
function checkRevocation(revoked: unknown, where: string): RevocationSpec {
  const value = revoked as Partial<RevocationSpec> | null;
  if (typeof value !== 'object' || value === null || typeof value.reason !== 'string' || !Object.hasOwn(REVOCATION_REASONS, value.reason)) {
    throw new PkiError('PKI_BAD_OPTIONS', `${where}.reason ${JSON.stringify(value?.reason)} is not a CRLReason name`);
  }
  const spec: RevocationSpec = { reason: value.reason };
  if (value.at !== undefined) {
    const time = typeof value.at === 'string' ? Date.parse(value.at) : Number.NaN;
    if (Number.isNaN(time)) throw new PkiError('PKI_BAD_OPTIONS', `${where}.at ${JSON.stringify(value.at)} is not a date`);
    spec.at = new Date(Math.floor(time / 1000) * 1000).toISOString();
  }
  return spec;
}
