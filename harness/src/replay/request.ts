/**
 * A step's request as it will be sent: the spec's template with the run's placeholders, target
 * values, flow variables (captures and discovered addresses) and the jar's cookies filled in.
 */
import { HarnessError } from '../core';
import { fillPlaceholders, MissingValueError, valuePlaceholders, type PlaceholderValues } from '../spec-model/placeholders';
import type { ExchangeSpec } from '../spec-model/types';
import {
  placeholders,
  refusedAddress,
  ROLE_PLACEHOLDERS,
  ROLES,
  roleUrls,
  sideNamed,
  UnmappedPlaceholderError,
  type Role,
  type TargetMap,
} from '../target-map';
import type { CookieJar } from './cookie-jar';

/**
 * The target's placeholders plus those of the replay: `{ocsp_url_2}`, `{redirector_url_2}`,
 * `{redirector_url_3}` (the further URLs of multi-name roles) and `{<role>_host}` (the host name of a
 * role's first URL, as a cookie's Domain attribute names it: `{site_host}`, `{shop_host}`) and the
 * target values (`{value:NAME}`).
 */
export function replayPlaceholders(map: TargetMap): Record<string, string> {
  // Object.assign, not a literal that opens with a spread and grows after: see core/judged.ts.
  const out: Record<string, string> = Object.assign({}, placeholders(map), valuePlaceholders(map.values));
  for (const role of ROLES) {
    const base = ROLE_PLACEHOLDERS[role].slice(1, -1);
    roleUrls(map, role).forEach((u, i) => {
      if (i === 0) out[`{${role}_host}`] = u.hostname;
      else out[`{${base}_${i + 1}}`] = u.origin;
    });
  }
  return out;
}

const FURTHER_URL = /\{([a-z]+)_url_(\d+)\}/;
const FLOW_VARIABLE = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/;

/** The step cannot be sent: its reason is the skip reason. */
export class StepSkip extends HarnessError {
  constructor(
    reason: string,
    /** The flow variable (`{{name}}`) no earlier step captured: known only once the flow runs, so no reason to skip it beforehand. */
    readonly uncapturedVariable?: string,
  ) {
    super('HARNESS_ERR_STEP_SKIPPED', reason);
  }
}

/** A step's address, taken from what a target answered (a captured Location), is outside the target map: never asked. */
export class RefusedAddressError extends HarnessError {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super('HARNESS_ERR_REFUSED_ADDRESS', `${url} ${reason}: not fetched`);
  }
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** The request of a step with placeholders, flow variables and the jar's cookies filled in. */
export function buildRequest(step: ExchangeSpec, values: PlaceholderValues, map: TargetMap, role: Role, jar?: CookieJar): BuiltRequest {
  const fill = (text: string) => {
    let out: string;
    try {
      out = fillPlaceholders(text, values);
    } catch (e) {
      if (e instanceof MissingValueError) throw new StepSkip(new MissingValueError(e.valueName, sideNamed(map.side)).message);
      throw e;
    }
    const further = FURTHER_URL.exec(out);
    if (further) throw new StepSkip(`role not mapped (${further[0]} needs a further URL of the role)`);
    const variable = FLOW_VARIABLE.exec(out);
    if (variable) throw new StepSkip(`flow variable ${variable[0]} was not captured by an earlier step`, variable[1]);
    return out;
  };
  const path = fill(step.request.path);
  let url: string;
  if (/^https?:\/\//i.test(path)) {
    // Absolute only when a flow variable (a captured Location) made it so: spec paths are relative.
    const refused = refusedAddress(map, path);
    if (refused) throw new RefusedAddressError(path, refused);
    url = path;
  } else {
    const origin = values[ROLE_PLACEHOLDERS[role]];
    if (origin === undefined) throw new UnmappedPlaceholderError(ROLE_PLACEHOLDERS[role], role);
    url = origin + path;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(step.request.headers ?? {})) headers[name.toLowerCase()] = fill(value);
  const fromJar = jar?.header(url);
  if (fromJar) headers.cookie = headers.cookie ? `${headers.cookie}; ${fromJar}` : fromJar;
  const body =
    step.request.body === undefined
      ? undefined
      : step.request.bodyEncoding === 'base64'
        ? Buffer.from(step.request.body, 'base64')
        : Buffer.from(fill(step.request.body), 'utf8');
  return { method: (step.request.method ?? 'GET').toUpperCase(), url, headers, ...(body ? { body } : {}) };
}
