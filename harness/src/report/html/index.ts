/**
 * `renderHtml`: results.json as one self-contained page (inline CSS and JS, no network, opens from
 * disk): a summary per role with a bar each, failures first, filters, and per exchange the expected
 * and actual side by side with a reproduction command. Every value goes through `esc`; the data is
 * also embedded as JSON in a `<script type="application/json">`.
 */
import { createHash } from 'node:crypto';
import { failuresFirst } from '../build';
import { esc } from '../escape';
import { CSS, SCRIPT } from '../html-assets';
import type { ConformanceResults } from '../types';
import { renderContext } from './context';
import { header } from './header';
import { summary, filters } from './summary';
import { certificates } from './certificates';
import { nodesSection } from './nodes';
import { failures } from './failures';
import { testBlock } from './test';

export interface HtmlOptions {
  /** The Content-Security-Policy meta (default on). Tests turn it off to prove escaping alone holds. */
  csp?: boolean;
}

export function renderHtml(results: ConformanceResults, options: HtmlOptions = {}): string {
  const ctx = renderContext(results);
  const scriptHash = createHash('sha256').update(SCRIPT).digest('base64');
  const csp =
    options.csp === false
      ? ''
      : `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: 'self'; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'; base-uri 'none'; form-action 'none'">`;
  const seenRoles = new Set<string>();
  const tests = failuresFirst(results.tests)
    .map((t) => {
      const first = !seenRoles.has(t.role);
      seenRoles.add(t.role);
      return testBlock(ctx, t, first, results.bodies);
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
${csp}
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(results.run.title)}</title>
<style>${CSS}</style>
</head>
<body>
${header(results)}
<main>
${summary(results, ctx)}
${filters(results)}
${failures(results, ctx)}
${nodesSection(results)}
${certificates(results)}
<section class="tests"><h2>Tests (worst verdict first)</h2>
${tests}
</section>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
