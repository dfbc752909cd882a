/** Reads `{section}` from the target's own home page: the page discovery reads anyway, asked for once. */
import { roleUrls, type TargetMap } from '../target-map';
import type { Discovery } from './discovery';
import { inferSectionFromLinks, type InferredSection } from './section';

export const HOME_REQUEST_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' };

export async function readSectionFromTarget(map: TargetMap, discovery: Discovery): Promise<{ inferred?: InferredSection; problem?: string }> {
  const site = roleUrls(map, 'site')[0];
  if (!site) return { problem: 'the site role is not mapped' };
  const url = `${site.origin}/`;
  const page = await discovery.page({ url, headers: HOME_REQUEST_HEADERS });
  if (page.problem) return { problem: `${url}: ${page.problem}` };
  if (page.status !== 200) return { problem: `${url} answered ${page.status}` };
  const inferred = inferSectionFromLinks(
    page.candidates.map((c) => ({ from: c.via, url: c.url })),
    url,
  );
  return inferred ? { inferred } : { problem: `${url} links no /<section>/css/<name>.css or /<section>/js/<name>.js address of its own` };
}
