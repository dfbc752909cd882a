import type { Check, CheckResult } from './types';
import { finding } from './util';

/** Cookies the description says carry the same value as another cookie of the same response. */
export const SAME_VALUE_PAIRS: ReadonlyArray<readonly [string, string]> = [['ARRAffinitySameSite', 'ARRAffinity']];

export const cookiePairSameValue: Check = {
  id: 'cookie/pair-same-value',
  title: 'A companion cookie carries the same value as the cookie it shadows',
  clause: 'Service description, Cookies set by {base_url}: ARRAffinitySameSite "same value as ARRAffinity".',
  source: 'capture',
  level: 'must',
  run(ex) {
    const out: CheckResult[] = [];
    for (const [companion, original] of SAME_VALUE_PAIRS) {
      const a = ex.cookies.filter((c) => c.name === companion);
      const b = ex.cookies.filter((c) => c.name === original);
      if (a.length === 0 && b.length === 0) continue;
      const av = a.map((c) => c.value);
      const bv = b.map((c) => c.value);
      const ok = av.length > 0 && bv.length > 0 && av.every((v) => bv.includes(v));
      out.push(
        finding(
          cookiePairSameValue,
          ok,
          `${companion} set with the value of ${original}`,
          a.length === 0
            ? `${companion} not set`
            : b.length === 0
              ? `${original} not set`
              : ok
                ? `${companion} = ${original}`
                : `${companion} differs from ${original}`,
          { part: companion },
        ),
      );
    }
    return out;
  },
};
