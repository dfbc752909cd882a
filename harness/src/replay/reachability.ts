/**
 * Whether the target can be judged at all: the run's set-up asks each mapped role once, within the
 * connect budget, before any test. A role that refuses, stays silent, fails the TLS handshake or
 * presents a certificate for other names cannot be judged: the set-up says so, role by role, with
 * what failed and which variable to check, instead of one error per test minutes later.
 */
import { isIP } from 'node:net';
import type { Dispatcher } from 'undici';
import { HarnessError } from '../core';
import { describeCause, TransportCause } from '../transport/cause';
import { TransportError } from '../transport/send';
import { ROLES, roleUrls, roleVariable, sideNamed, variableOf, type Role, type TargetMap } from '../target-map';

export type UnreachableKind = 'refused' | 'silent' | 'name' | 'forbidden' | 'certificate' | 'tls' | 'connection';

export interface Unreachable {
  role: Role;
  url: string;
  kind: UnreachableKind;
  /** What failed and which variable to check, in one line. */
  message: string;
}

/** No role of the target could be reached: nothing can be judged (exit status 2). */
export class UnreachableTargetError extends HarnessError {
  declare readonly code: 'HARNESS_ERR_UNREACHABLE';
  constructor(readonly roles: readonly Unreachable[]) {
    super('HARNESS_ERR_UNREACHABLE', `no role of the target answered, so nothing can be judged:\n${roles.map((r) => `  ${r.role}: ${r.message}`).join('\n')}`);
  }
}

const CERTIFICATE_NAME = new Set(['ERR_TLS_CERT_ALTNAME_INVALID']);
const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
]);

/** Why a role could not be reached, as its kind and a line that names the variable to check. */
export function classify(map: TargetMap, role: Role, url: URL, e: TransportError): Unreachable {
  const code = e.cause.lowLevelCode ?? '';
  const side = sideNamed(map.side);
  const urlVar = roleVariable(side, role);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const resolved = map.resolve.find((r) => r.host === url.hostname && r.port === port);
  const where = resolved ? `${resolved.address}:${resolved.connectPort} (${variableOf(side, 'RESOLVE')})` : `${url.host} (${urlVar})`;
  const base = { role, url: url.origin };
  if (code === 'ECONNREFUSED')
    return {
      ...base,
      kind: 'refused',
      message: `${url.origin}: connection refused at ${where}; check ${resolved ? variableOf(side, 'RESOLVE') : urlVar} and that the target is up`,
    };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return {
      ...base,
      kind: 'name',
      message: `${url.origin}: the name ${url.hostname} does not resolve; check ${urlVar}, or map it with ${variableOf(side, 'RESOLVE')}`,
    };
  if (code === 'HARNESS_ERR_FORBIDDEN_ADDRESS')
    return {
      ...base,
      kind: 'forbidden',
      // The fix is where the address came from: the resolve entry, the URL's own address, or the target's DNS.
      message: `${url.origin}: ${e.cause.message.split('\n')[0]}; ${
        resolved
          ? `check ${variableOf(side, 'RESOLVE')}`
          : isIP(url.hostname.replace(/^\[|\]$/g, ''))
            ? `check ${urlVar}`
            : `map it with ${variableOf(side, 'RESOLVE')} to the address the target answers at`
      }`,
    };
  if (e.cause.code === 'HARNESS_ERR_REQUEST_TIMEOUT' || /TIMEOUT/.test(code))
    return {
      ...base,
      kind: 'silent',
      message: `${url.origin}: no answer within ${map.limits.connectTimeoutMs} ms from ${where}; check ${resolved ? variableOf(side, 'RESOLVE') : urlVar}, a firewall, or HARNESS_CONNECT_TIMEOUT_MS`,
    };
  if (CERTIFICATE_NAME.has(code))
    return {
      ...base,
      kind: 'certificate',
      message: `${url.origin}: its certificate is not for ${url.hostname} (${e.cause.message.split('\n')[0]}); check ${urlVar}, or ${variableOf(side, 'RESOLVE')} if it sends this name elsewhere`,
    };
  if (UNTRUSTED.has(code))
    return {
      ...base,
      kind: 'tls',
      message: `${url.origin}: its certificate is not trusted (${code}); give its root with ${variableOf(side, 'CA')} (or ${variableOf(side, 'INSECURE')}=1 to check nothing)`,
    };
  if (/^(ERR_SSL|ERR_TLS|EPROTO)/.test(code))
    return { ...base, kind: 'tls', message: `${url.origin}: the TLS handshake failed (${code}); check that ${where} speaks TLS for ${url.hostname}` };
  return { ...base, kind: 'connection', message: `${url.origin}: ${e.cause.message.split('\n')[0]}; check ${urlVar}` };
}

/**
 * One GET of `url` until the head of an answer arrives (then it is dropped): a role is reached when
 * it answers at all; a body that is slow or breaks off is the replay's to judge.
 */
function answerHead(dispatcher: Dispatcher, url: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let abort: ((err: Error) => void) | undefined;
    let settled = false;
    const settle = (err?: TransportError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(() => {
      const cause = new TransportCause('HARNESS_ERR_REQUEST_TIMEOUT', `no response head within ${timeoutMs} ms`);
      settle(new TransportError(url, cause));
      abort?.(cause);
    }, timeoutMs);
    const { origin, pathname } = new URL(url);
    dispatcher.dispatch(
      { origin, path: pathname, method: 'GET', headers: {} },
      {
        onConnect: (fn) => {
          abort = fn as (err: Error) => void;
        },
        onHeaders: () => {
          settle();
          // Dropped once its head is in: the abort's reason is never seen (the promise has settled).
          abort?.(new TransportCause('HARNESS_ERR_CONNECTION', 'answered: the rest is not read'));
          return false;
        },
        onData: () => true,
        onComplete: () => settle(),
        onError: (err) => settle(new TransportError(url, describeCause(err))),
      },
    );
  });
}

/** Asks each mapped role's first URL once (any answer is an answer); the roles that gave none. */
export async function unreachableRoles(map: TargetMap, dispatcher: Dispatcher): Promise<Unreachable[]> {
  const asks = ROLES.filter((r) => roleUrls(map, r).length).map(async (role): Promise<Unreachable | undefined> => {
    const url = roleUrls(map, role)[0];
    try {
      await answerHead(dispatcher, `${url.origin}/`, map.limits.connectTimeoutMs);
      return undefined;
    } catch (e) {
      if (e instanceof TransportError) return classify(map, role, url, e);
      throw e;
    }
  });
  return (await Promise.all(asks)).filter((u): u is Unreachable => u !== undefined);
}
