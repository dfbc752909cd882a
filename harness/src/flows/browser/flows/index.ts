import type { BrowserFlow } from '../session';
import { bareToWww } from './bare-to-www';
import { redirectorFaviconChain, redirectorPage } from './redirector';
import { shopProduct } from './shop-product';
import { siteHome } from './site-home';
import { siteLessonPlan } from './site-lesson-plan';
import { siteVisitorFlag } from './site-visitor-flag';

/** Every browser flow, in the order `npm run record` records them. */
export const BROWSER_FLOWS: readonly BrowserFlow[] = [
  siteHome,
  siteVisitorFlag,
  siteLessonPlan,
  bareToWww,
  shopProduct,
  redirectorPage,
  redirectorFaviconChain,
];

export function flowById(id: string): BrowserFlow {
  const f = BROWSER_FLOWS.find((x) => x.id === id);
  if (!f) throw new Error(`no browser flow "${id}" (known: ${BROWSER_FLOWS.map((x) => x.id).join(', ')})`);
  return f;
}

export { bareToWww, redirectorFaviconChain, redirectorPage, shopProduct, siteHome, siteLessonPlan, siteVisitorFlag };
