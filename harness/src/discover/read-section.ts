/** Reads `{section}` from the target's own home page (one GET of the site role's `/`). */
import { createDispatcher, roleUrls, type TargetMap } from '../target';
import { toObservedExchange } from '../spec/observe';
import { send } from '../transport/send';
import { inferSection, type InferredSection } from './section';

export const HOME_REQUEST_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' };

export async function readSectionFromTarget(map: TargetMap): Promise<{ inferred?: InferredSection; problem?: string }> {
  const site = roleUrls(map, 'site')[0];
  if (!site) return { problem: 'the site role is not mapped' };
  const url = `${site.origin}/`;
  const dispatcher = createDispatcher(map, { allowH2: false });
  try {
    const response = await send(dispatcher, { url, headers: HOME_REQUEST_HEADERS });
    const page = toObservedExchange({ target: map.origin, request: { url, headers: HOME_REQUEST_HEADERS }, response, protocol: 'h1', startedAt: new Date(), totalMs: 0 });
    if (page.status !== 200 || !page.decoded) return { problem: `${url} answered ${page.status}${page.decodeError ? ` (${page.decodeError})` : ''}` };
    const inferred = inferSection(page.decoded.toString('utf8'), url);
    return inferred ? { inferred } : { problem: `${url} links no /<section>/css/<name>.css or /<section>/js/<name>.js address of its own` };
  } catch (e) {
    return { problem: `${url}: ${(e as Error).message}` };
  } finally {
    await dispatcher.close();
  }
}
