/**
 * What the page printed: every console error is a failure, except Chromium's own favicon request
 * on a host whose description lists no favicon, and a resource the harness's browser refused to send
 * (`browser/request-gate.ts`), each reported as info with that reason.
 * Warnings are reported as info (they are not errors); nothing is dropped silently.
 */
import type { FindingList } from './findings';

export interface ObservedConsole {
  type: string;
  text: string;
  /** The URL Chromium attributes the message to (for "Failed to load resource", the resource). */
  url?: string;
}

export interface ConsoleRules {
  /** Does the service description list a /favicon.ico for this origin? */
  faviconDescribed(origin: string): boolean;
}

export function isOwnFaviconFailure(m: ObservedConsole): boolean {
  if (!m.url || !m.text.startsWith('Failed to load resource')) return false;
  try {
    return new URL(m.url).pathname === '/favicon.ico';
  } catch {
    return false;
  }
}

export function evaluateConsole(
  prefix: string,
  messages: readonly ObservedConsole[],
  pageErrors: readonly string[],
  rules: ConsoleRules,
  out: FindingList,
): void {
  let errors = 0;
  for (const m of messages) {
    const where = m.url ? ` (${m.url})` : '';
    if (m.type === 'error') {
      if (isOwnFaviconFailure(m) && !rules.faviconDescribed(new URL(m.url as string).origin)) {
        out.add(`${prefix} console favicon`, 'info', 'no console errors', `${m.text}${where}`, {
          message: "Chromium's own favicon request failed on a host whose description lists no /favicon.ico: reported, not failed",
        });
        continue;
      }
      if (m.text.includes('net::ERR_BLOCKED_BY_CLIENT')) {
        out.add(`${prefix} console refused`, 'info', 'no console errors', `${m.text}${where}`, {
          message: "the harness's browser did not send it: the page linked an address on the runner's own network or a metadata address, off the target map",
        });
        continue;
      }
      errors++;
      out.compare(`${prefix} console error`, false, 'no console errors', `${m.text}${where}`);
    } else if (m.type === 'warning') {
      out.add(`${prefix} console warning`, 'info', 'no console errors', `warning: ${m.text}${where}`, { message: 'a warning is not an error' });
    }
  }
  for (const e of pageErrors) {
    errors++;
    out.compare(`${prefix} page error`, false, 'no uncaught exceptions in the page', e);
  }
  if (errors === 0) out.compare(`${prefix} console`, true, 'no console errors', 'none');
}
