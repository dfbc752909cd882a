import { test } from '@playwright/test';
import { getSetCookies, Headers, type Cookie, type Dispatcher } from 'undici';
import { fieldLines } from '../../harness/src/core';
import { loadTargetMap, roleUrls, skipReason, type Role, type TargetMap } from '../../harness/src/target-map';
import { createDispatcher } from '../../harness/src/target-map/dispatcher';
import { runSettings } from '../../harness/src/settings';
import { send, type ObservedResponse, type RequestSpec } from '../../harness/src/transport/send';

export type Protocol = 'h1' | 'h2';
export const PROTOCOLS: Protocol[] = ['h1', 'h2'];

let cached: { map: TargetMap; agents: Record<Protocol, Dispatcher> } | undefined;

/**
 * The worker's target map: the run settings' (parsed once per worker, after the set-up validated
 * them and exported the started reference's variables), which every test of the worker shares.
 */
export function targetMap(): TargetMap {
  return runSettings(process.env).target.map ?? loadTargetMap(process.env);
}

/** The target map of this run (validated by the global set-up) and one dispatcher per protocol. */
export function target(): { map: TargetMap; agents: Record<Protocol, Dispatcher> } {
  cached ??= (() => {
    const map = targetMap();
    return { map, agents: { h1: createDispatcher(map, { allowH2: false }), h2: createDispatcher(map, { allowH2: true }) } };
  })();
  return cached;
}

/** Skips the current test, with the reason shown in the report, when the role has no URL. */
export function requireRole(role: Role): string {
  const reason = skipReason(target().map, role);
  test.skip(reason !== undefined, `${role}: ${reason}`);
  return roleUrls(target().map, role)[0]?.origin ?? '';
}

export function originOf(role: Role): string {
  return roleUrls(target().map, role)[0]?.origin ?? '';
}

export function request(protocol: Protocol, spec: RequestSpec): Promise<ObservedResponse> {
  return send(target().agents[protocol], spec, target().map.limits);
}

/** Set-Cookie lines parsed by undici's cookie helpers (RFC 6265 attributes). */
export function cookies(res: ObservedResponse): Cookie[] {
  const headers = new Headers();
  for (const line of fieldLines(res.lines, 'set-cookie')) headers.append('set-cookie', line);
  return getSetCookies(headers);
}

export async function closeAgents(): Promise<void> {
  if (!cached) return;
  await Promise.all(Object.values(cached.agents).map((a) => a.close()));
  cached = undefined;
}
