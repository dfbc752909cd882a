/**
 * `site/section`: the `{section}` of the run against the one the home page links. A section read
 * from the page passes; an explicit TARGET_SECTION (or TARGETS_FILE section) that the page
 * contradicts is a warning, as is a page that links no address of the shape.
 */
import type { ReplayRecord } from '../../record';
import { inferSection } from '../../discover/section';
import { HOME_REQUEST_HEADERS } from '../../discover/read-section';
import { roleUrls } from '../../target-map';
import type { ReplayClients } from '../../replay';
import { FlowContext } from './context';

const CLAUSE =
  'Service description: "{section} is a fixed path segment that holds the site\'s content directory"; Static files: /{section}/css/<name>.css, /{section}/js/<name>.js';

export async function runSectionFlow(clients: ReplayClients, options: { targetName?: string } = {}): Promise<ReplayRecord> {
  const id = 'site/section';
  const ctx = new FlowContext(id, clients, { role: 'site', ...options });
  const site = roleUrls(clients.map, 'site')[0];
  if (!site) {
    ctx.skip(id, 'role not mapped (site)');
    return ctx.record;
  }
  const url = `${site.origin}/`;
  const page = await ctx.fetch(`${id}/home`, { url, headers: HOME_REQUEST_HEADERS }, 'capture');
  if (!page) return ctx.record;
  const { section, sectionSource } = clients.map;
  const found = page.status === 200 && page.decoded ? inferSection(page.decoded.toString('utf8'), url) : undefined;
  const expected = `the section the home page links (/<section>/css/, /<section>/js/): ${section} (${sectionSource})`;
  if (!found) {
    ctx.expect(`${id} from the page`, false, expected, `${url} (${page.status}) links no /<section>/css/ or /<section>/js/ address of its own`, 'capture', {
      clause: CLAUSE,
      level: 'should',
    });
    return ctx.record;
  }
  ctx.expect(`${id} from the page`, found.section === section, expected, `${found.section} (${found.from})`, 'capture', {
    clause: CLAUSE,
    level: 'should',
    ...(found.section === section
      ? {}
      : {
          message: `the run uses "${section}" from ${sectionSource}, the page links "${found.section}": the static-file exchanges ask for paths the page does not link`,
        }),
  });
  return ctx.record;
}
