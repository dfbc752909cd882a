/**
 * The browser's side of discovery: the page a flow loaded must link an address of each shape the
 * specs discover on it, as the raw replay requires of the same page, read from what the browser
 * itself has: the DOM as it built it (elements, `<style>` elements, `style` attributes), the
 * stylesheets and imports it loaded (their bodies from its network log, never asked for again),
 * and every address the page requested (`network`: what its scripts built). A page without one
 * fails with the raw replay's words: the page, the shape, what it links, every source looked at.
 */
import { defaultLevel, signedValues } from '../../core';
import { candidatesOf } from '../../discover/candidates';
import { describeMiss, Discovery, missSecrets } from '../../discover/discovery';
import { SourceUnreadableError } from '../../discover/errors';
import { discoverSource } from '../../spec-model/load';
import { fillPlaceholders } from '../../spec-model/placeholders';
import type { ExchangeSpec } from '../../spec-model/types';
import { ROLE_PLACEHOLDERS } from '../../target-map';
import type { FlowSession } from './session';

/** Exchanges whose `discover` reads the page at `pageUrl`, grouped by shape (one finding per shape). */
function readersOf(s: FlowSession, pageUrl: URL): Map<string, Array<{ ex: ExchangeSpec; roleOrigin: string }>> {
  const out = new Map<string, Array<{ ex: ExchangeSpec; roleOrigin: string }>>();
  for (const file of s.env.index.specs) {
    const roleOrigin = s.env.values[ROLE_PLACEHOLDERS[file.role]];
    if (!roleOrigin) continue;
    for (const ex of [...file.exchanges, ...(file.flows ?? []).flatMap((f) => f.steps)]) {
      const source = ex.discover && discoverSource(ex.discover);
      if (!source || source.exchange.discover) continue;
      let sourceUrl: URL;
      try {
        sourceUrl = new URL(fillPlaceholders(source.exchange.request.path, s.env.values), s.env.values[ROLE_PLACEHOLDERS[source.role]]);
      } catch {
        continue;
      }
      if (sourceUrl.origin !== pageUrl.origin || sourceUrl.pathname !== pageUrl.pathname) continue;
      const key = `${ex.discover!.template}\u0000${ex.discover!.select.join(',')}`;
      out.set(key, [...(out.get(key) ?? []), { ex, roleOrigin }]);
    }
  }
  return out;
}

export async function checkDiscoverable(s: FlowSession): Promise<void> {
  const pageUrl = new URL(s.page.url());
  const readers = readersOf(s, pageUrl);
  if (readers.size === 0) return;
  const html = await s.page.content();
  const discovery = new Discovery(async (req) => {
    const answer = await s.network.answerOf(req.url);
    if (!answer) throw new SourceUnreadableError('the browser did not load it');
    if ('overCap' in answer) {
      const { bytes, cap } = answer.overCap;
      throw new SourceUnreadableError(`not read: its body is over the body cap (${bytes} bytes > ${cap}, HARNESS_BODY_CAP_BYTES)`);
    }
    return { url: req.url, status: answer.status, ...(answer.contentType ? { contentType: answer.contentType } : {}), text: answer.text, link: [] };
  });
  const requested = s.network
    .requested()
    .filter((u) => u !== pageUrl.href)
    .flatMap((u) => {
      try {
        return [{ via: 'network' as const, url: new URL(u) }];
      } catch {
        return [];
      }
    });
  discovery.seed({
    url: pageUrl.href,
    status: 200,
    requests: {},
    candidates: [...candidatesOf({ url: pageUrl.href, contentType: 'text/html', text: html, link: [] }), ...requested],
  });
  for (const group of readers.values()) {
    const [{ ex, roleOrigin }] = group;
    const d = ex.discover!;
    const r = await discovery.find({ url: pageUrl.href, headers: {} }, d, s.env.values, roleOrigin);
    s.findings.compare(
      `${s.id} discover ${d.template}`,
      r.kind === 'found',
      `an address of the shape ${d.template} (${d.select.join(', ')}) on ${s.label(pageUrl.href)}`,
      r.kind === 'found' ? `${s.label(r.url)} (${r.via})` : describeMiss(r),
      {
        source: ex.source,
        level: ex.level ?? defaultLevel(ex.source),
        clause: ex.clause,
        message: `the address ${group.map((g) => g.ex.id).join(', ')} ${group.length === 1 ? 'is' : 'are'} replayed on`,
        secrets: r.kind === 'found' ? signedValues([r.url, r.from]) : missSecrets(r),
      },
    );
  }
}
