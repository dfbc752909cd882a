/**
 * A page that ignores input until the flow acts. Chromium puts its cursor at (0,0), over the page,
 * and synthesizes pointer events there when a new page is shown and after layout: a trusted
 * `mouseover`, and now and then a `pointermove` and `mousemove`, as if a user's pointer rested on
 * the page. Whether that move comes before or after a page's script attaches its listener depends on
 * the machine's load, so a script that reacts to the first mouse move (the site's visitor
 * identification) fired on some runs before the flow had read the state before it. A harness
 * visitor has no pointer: the page ignores input (DevTools `Input.setIgnoreInputEvents`) from its
 * creation until the flow's own first action opens the gate.
 */
import type { BrowserContext, Page } from '@playwright/test';

export interface InputGate {
  /** Lets input reach the page (the flow's own mouse moves and clicks); idempotent. */
  open(): Promise<void>;
}

/** Closes `page` to input before it loads anything; the gate opens it again. */
export async function closeToInput(context: BrowserContext, page: Page): Promise<InputGate> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.setIgnoreInputEvents', { ignore: true });
  let opened: Promise<void> | undefined;
  return {
    open: () => (opened ??= cdp.send('Input.setIgnoreInputEvents', { ignore: false }).then(() => undefined)),
  };
}
