import { UnknownFlowError } from '../errors';
import type { QuicEndpoint } from '../../../target-map/browser';
import type { BrowserFlow } from '../session';
import { bareToWww } from './bare-to-www';
import { redirectorFaviconChain, redirectorPage } from './redirector';
import { shopProduct } from './shop-product';
import { siteHome } from './site-home';
import { siteHomeH3 } from './site-home-h3';
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

/** A browser flow over HTTP/3, made from the endpoints the roles advertise (Alt-Svc), which only the run knows. */
export type BrowserH3Flow = (endpoints: readonly QuicEndpoint[]) => BrowserFlow;

/** Every browser flow over HTTP/3: run in a Chromium with QUIC forced to the advertised endpoints, never recorded. */
export const BROWSER_H3_FLOWS: readonly BrowserH3Flow[] = [siteHomeH3];

export function flowById(id: string): BrowserFlow {
  const f = BROWSER_FLOWS.find((x) => x.id === id);
  if (!f)
    throw new UnknownFlowError(
      [id],
      BROWSER_FLOWS.map((x) => x.id),
    );
  return f;
}

export { bareToWww, redirectorFaviconChain, redirectorPage, shopProduct, siteHome, siteHomeH3, siteLessonPlan, siteVisitorFlag };
