import { cookieValue, fieldValue } from '../core';
import type { ObservedExchange } from '../spec-model/observed';
import type { Check, CheckResult } from './types';
import { finding } from './util';

/** `<id>|<flag>`: the visitor-identification cookie, whose flag flips from False to True. */
const FLAGGED = /^(.+)\|(True|False)$/;

function sentValue(ex: ObservedExchange, name: string): string | undefined {
  const cookie = fieldValue(ex.request.headers, 'cookie');
  return cookie === undefined ? undefined : cookieValue(cookie, name);
}

function lastSetValue(previous: ObservedExchange[], name: string): string | undefined {
  for (let i = previous.length - 1; i >= 0; i--) {
    const set = previous[i].cookies.filter((c) => c.name === name);
    if (set.length) return set[set.length - 1].value;
  }
  return undefined;
}

export const cookieFlipKeepsId: Check = {
  id: 'cookie/flip-keeps-id',
  title: 'A flagged cookie keeps its id when its flag flips',
  clause: 'Service description, States and transitions: "flag False -> flag True: response sets the same cookie id with suffix |True, same attributes".',
  source: 'capture',
  level: 'must',
  run(ex, context) {
    const out: CheckResult[] = [];
    for (const cookie of ex.cookies) {
      const now = FLAGGED.exec(cookie.value);
      if (!now) continue;
      // The value the client sent is the one the flip starts from; else the last one set in the flow.
      const sent = sentValue(ex, cookie.name);
      const before = sent ?? lastSetValue(context.previous, cookie.name);
      const was = before === undefined ? undefined : FLAGGED.exec(before);
      if (!was) continue;
      const origin = sent !== undefined ? 'the value the request sent' : 'the value an earlier response set';
      out.push(
        finding(cookieFlipKeepsId, was[1] === now[1], `id ${was[1]} (${origin}, flag was ${was[2]})`, `id ${now[1]} (flag ${now[2]})`, {
          part: cookie.name,
          secrets: [
            { kind: 'cookie', value: before! },
            { kind: 'cookie', value: cookie.value },
          ],
        }),
      );
    }
    return out;
  },
};
