import type { Response } from '@playwright/test';
import { cookiePairs } from '../../../core';
import { cookieAppliesTo, type StoredCookie } from '../cookies';
import { FlowAbort } from '../errors';
import { FlowSession, type BrowserFlow } from '../session';

const LOOKUP = '/api/LessonPlan/GetPlanJson';

/** One lookup as the page made it: headers sent, cookies sent, the answer and its JSON. */
async function checkLookup(s: FlowSession, response: Response, host: string): Promise<void> {
  await response.finished().catch(() => undefined);
  const o = await FlowSession.observe(response);
  const q = new URL(o.url).searchParams.get('guids') ?? '';
  const id = `${s.id} guids=${q === '' ? '(empty)' : '<guid>'}`;
  s.findings.compare(
    `${id} x-requested-with`,
    o.requestHeaders['x-requested-with'] === 'XMLHttpRequest',
    'XMLHttpRequest',
    o.requestHeaders['x-requested-with'] ?? '(absent)',
  );
  s.findings.compare(
    `${id} accept`,
    (o.requestHeaders.accept ?? '').includes('application/json'),
    'contains "application/json"',
    o.requestHeaders.accept ?? '(absent)',
  );
  const jar = ((await s.context.cookies()) as StoredCookie[]).filter((c) => cookieAppliesTo(c, host));
  const sent = new Set(cookiePairs(o.requestHeaders.cookie ?? '').map(([name]) => name));
  const missing = jar.map((c) => c.name).filter((n) => !sent.has(n));
  s.findings.compare(
    `${id} cookies sent`,
    jar.length > 0 && missing.length === 0,
    `every stored cookie of ${host}: ${jar.map((c) => c.name).join(', ') || '(none stored)'}`,
    missing.length ? `missing: ${missing.join(', ')}` : [...sent].join(', ') || '(none)',
  );
  s.checkResource(o, id);
  let parsed: string;
  let ok = false;
  try {
    const body: unknown = await response.json();
    ok = true;
    parsed = Array.isArray(body) ? `a JSON array of ${body.length}` : `JSON ${typeof body}`;
  } catch (e) {
    parsed = `not JSON: ${String((e as Error).message).split('\n')[0]}`;
  }
  s.findings.compare(`${id} body`, ok, 'a JSON document', parsed);
}

export const siteLessonPlan: BrowserFlow = {
  id: 'site/browser/lesson-plan',
  role: 'site',
  title: "Lesson-plan lookup as the page's own script calls it: XHR header, cookies sent, JSON parsed and rendered",
  clause:
    'Endpoints, Site host: GET /api/LessonPlan/GetPlanJson?guids=<list> -> "Accept application/json; X-Requested-With: XMLHttpRequest; cookies sent" -> 200 application/json',
  requires: ['site'],
  har: 'site-lesson-plan',
  async run(s) {
    const site = s.origin('site');
    const host = new URL(site).hostname;
    const isLookup = (guids?: string) => (r: Response) => {
      const u = new URL(r.url());
      return u.origin === site && u.pathname === LOOKUP && (guids === undefined || u.searchParams.get('guids') === guids);
    };
    const first = await s.waitForResponse(`${LOOKUP} called by the page on load`, isLookup(), () => s.goto(`${site}/`, 'domcontentloaded'));
    await checkLookup(s, first, host);
    // The page's own click handler: save a plan; the script stores it client-side, looks it up again and renders it.
    const button = s.page.locator('.add-to-plan').first();
    const guid = await button.getAttribute('data-guid', { timeout: s.env.timeouts.responseMs }).catch(() => null);
    s.findings.compare(`${s.id} save button`, guid !== null, 'a .add-to-plan button with data-guid', guid ?? '(none)', { source: 'reference' });
    if (guid === null) throw new FlowAbort('no save button');
    const second = await s.waitForResponse(`${LOOKUP}?guids=<the saved guid> after a click`, isLookup(guid), async () => {
      await s.act();
      await button.click({ timeout: s.env.timeouts.responseMs });
    });
    await checkLookup(s, second, host);
    const rendered = await s.page
      .waitForFunction(() => document.querySelectorAll('#plan-tray-list li').length > 0, undefined, { timeout: s.env.timeouts.responseMs })
      .then(() => s.page.locator('#plan-tray-list li').count())
      .catch(() => 0);
    s.findings.compare(`${s.id} rendered by the page`, rendered === 1, "1 saved plan listed by the page's script from the JSON", `${rendered} listed`, {
      source: 'reference',
    });
    const pressed = await button.getAttribute('aria-pressed').catch(() => null);
    s.findings.compare(`${s.id} saved state`, pressed === 'true', 'aria-pressed="true" on the saved plan', `aria-pressed="${pressed}"`, {
      source: 'reference',
    });
  },
};
