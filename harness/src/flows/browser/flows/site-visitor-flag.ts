import { cookieValue, type SecretValue } from '../../../core';
import { shapeByName } from '../../../shapes';
import type { StoredCookie } from '../cookies';
import { cookieAppliesTo } from '../cookies';
import { FlowSession, type BrowserFlow } from '../session';

const COOKIE = 'SC_ANALYTICS_GLOBAL_COOKIE';
const ANALYTICS_COOKIE = shapeByName('analytics-cookie')!;
const FLIP_PATH = '/layouts/system/VisitorIdentificationCSS.aspx';

export const siteVisitorFlag: BrowserFlow = {
  id: 'site/browser/visitor-flag',
  role: 'site',
  title: "Visitor flag flip caused by the page's own script: a mouse move fetches the CSS endpoint and the stored cookie becomes |True with the same id",
  clause:
    'States and transitions: flag False -> GET /layouts/system/VisitorIdentificationCSS.aspx?<digits> (request sends the cookie) -> flag True, "same cookie id with suffix |True, same attributes"',
  requires: ['site'],
  har: 'site-visitor-flag',
  async run(s) {
    const site = s.origin('site');
    const host = new URL(site).hostname;
    const stored = async (): Promise<StoredCookie | undefined> =>
      ((await s.context.cookies()) as StoredCookie[]).find((c) => c.name === COOKIE && cookieAppliesTo(c, host));
    await s.goto(`${site}/`, 'domcontentloaded');
    const before = await stored();
    // The cookie's one shape (`analytics-cookie`: <32 hex>|True or False, either case), here with the flag still False.
    const value0 = before?.value ?? '';
    const m = ANALYTICS_COOKIE.test(value0) && value0.endsWith('|False') ? [value0, value0.slice(0, -'|False'.length)] : null;
    const cookieSecret = (value: string | undefined): SecretValue[] => (value === undefined ? [] : [{ kind: 'cookie', value }]);
    s.findings.compare(`${s.id} cookie before`, m !== null, `${COOKIE} = <32 hex>|False`, before?.value ?? '(not stored)', {
      secrets: cookieSecret(before?.value),
      clause: 'States and transitions: no cookie -> flag False',
    });
    const css = await s.waitForResponse(
      `${FLIP_PATH} requested after a mouse move`,
      (r) => new URL(r.url()).pathname === FLIP_PATH,
      async () => {
        const page = await s.act();
        await page.mouse.move(24, 24);
        await page.mouse.move(160, 120, { steps: 4 });
      },
    );
    await css.finished().catch(() => undefined);
    const observed = await FlowSession.observe(css);
    s.findings.compare(`${s.id} request query`, /^\?\d{13}$/.test(new URL(observed.url).search), '?<13 digits>', new URL(observed.url).search || '(none)');
    const value = cookieValue(observed.requestHeaders.cookie ?? '', COOKIE);
    const sent = value === undefined ? undefined : `${COOKIE}=${value}`;
    s.findings.compare(
      `${s.id} request cookie`,
      before !== undefined && sent === `${COOKIE}=${before.value}`,
      `${COOKIE}=<the stored value>`,
      sent ?? '(not sent)',
      { secrets: [...cookieSecret(before?.value), ...cookieSecret(sent)], clause: 'States and transitions: "request sends the cookie"' },
    );
    s.checkResource(observed);
    const after = await stored();
    s.findings.compare(
      `${s.id} cookie after`,
      m !== null && after?.value === `${m[1]}|True`,
      m ? `${m[1]}|True (the same id)` : '<the same id>|True',
      after?.value ?? '(not stored)',
      { secrets: [...cookieSecret(before?.value), ...cookieSecret(after?.value)] },
    );
    const facts = { role: 'site' as const, method: 'GET', url: new URL(observed.url), headers: observed.requestHeaders };
    await s.checkCookies(facts, await FlowSession.dateOf(css), {
      only: [COOKIE],
      ignoreValue: true,
      ...(observed.status !== undefined ? { status: observed.status } : {}),
    });
  },
};
