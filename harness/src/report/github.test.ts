import * as path from 'node:path';
import { specLocator } from '../spec-model/locate';
import { buildResults } from './build';
import { failingInput, passingInput } from './fixtures';
import { annotations, ANNOTATIONS_PER_KIND, escapeData, escapeProperty, summaryMarkdown, workflowCommand } from './github';
import { hostileInput, HOSTILE } from './hostile-fixtures';

const ROOT = path.resolve(__dirname, '../../..');
const locate = specLocator(path.join(ROOT, 'specs'), ROOT);

/**
 * A workflow command as GitHub documents it ("Workflow commands for GitHub Actions"):
 * `::<command> <name>=<value>,<name>=<value>::<message>`, the properties file, line, endLine, col,
 * endColumn and title; no raw `:` or `,` in a property value, no raw CR or LF anywhere, `%` only as
 * the start of an escape.
 */
const COMMAND =
  /^::(error|warning|notice)(?: ((?:file|line|endLine|col|endColumn|title)=[^,:\r\n]*(?:,(?:file|line|endLine|col|endColumn|title)=[^,:\r\n]*)*))?::([^\r\n]*)$/;
const unescape = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');

test('escaping: %, CR and LF in messages; also : and , in properties (as actions/toolkit escapes them)', () => {
  expect(escapeData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b');
  expect(escapeProperty('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext%3A a%2C b');
  const line = workflowCommand('error', 'got "SAMEORIGIN"\nand more', { file: 'specs/site.json', line: 27, title: 'vary in 3 tests (a, b: c)' });
  expect(line).toBe('::error file=specs/site.json,line=27,title=vary in 3 tests (a%2C b%3A c)::got "SAMEORIGIN"%0Aand more');
  const m = COMMAND.exec(line)!;
  expect(m).not.toBeNull();
  expect(unescape(m[3])).toBe('got "SAMEORIGIN"\nand more');
  expect(workflowCommand('notice', 'plain')).toBe('::notice::plain');
});

test('a failing run: one error per cause, at the spec line of its expectation', () => {
  const lines = annotations(buildResults(failingInput()), locate);
  for (const l of lines) expect(l).toMatch(COMMAND);
  const xfo = locate({ step: 'site/home', aspect: { kind: 'header', name: 'x-frame-options' } })!;
  expect(lines).toContain(
    `::error file=specs/site.json,line=${xfo.line},title=site%3A header x-frame-options::site: header x-frame-options is "SAMEORIGIN" on h1 and h2. Expected "SAMEORIGIN, SAMEORIGIN", site/home header x-frame-options`,
  );
  expect(lines.filter((l) => l.startsWith('::warning ')).length).toBeGreaterThan(0);
  expect(annotations(buildResults(passingInput()), locate).filter((l) => l.startsWith('::error'))).toEqual([]);
});

test('no more than GitHub shows: 10 errors and 10 warnings a step, the rest counted in a notice', () => {
  const input = failingInput();
  input.run.runErrors = Array.from({ length: 14 }, (_, i) => `worker ${i} crashed`);
  const lines = annotations(buildResults(input), locate);
  expect(lines.filter((l) => l.startsWith('::error')).length).toBe(ANNOTATIONS_PER_KIND);
  expect(lines.at(-1)).toMatch(/^::notice title=conformance::\d+ more causes are not annotated/);
});

test('the job summary: status and exit code, the per-role table, failures by cause, where the report is; nothing of the target breaks out', () => {
  const md = summaryMarkdown(buildResults(failingInput()), 'reports/conformance/index.html');
  expect(md).toMatch(/^## Conformance FAILED: Fixture run\n\nExit status 1: conformance failures\. Fails on fail and worse/);
  const table = md.split('\n').filter((l) => l.startsWith('| '));
  expect(table[0]).toMatch(/^\| role \| tests \| pass \| error \| fail \|/);
  expect(md).toContain('| **all** |');
  expect(md).toContain('### Failures by cause (1 expectations, from 1 cause)');
  expect(md).toContain(
    '| fail | site: header x-frame-options is &quot;SAMEORIGIN&quot; on h1 and h2 | <code>SAMEORIGIN, SAMEORIGIN</code> | site/home header x-frame-options |',
  );
  expect(md).toContain('Report: <code>reports/conformance/index.html</code>');

  const hostile = summaryMarkdown(buildResults(hostileInput()), 'index.html');
  expect(hostile).not.toContain(HOSTILE.script);
  expect(hostile).not.toContain('<img');
  // Every table row has as many cell separators as its header: no value opened a cell of its own.
  const rows = hostile.split('\n');
  let columns = 0;
  for (const row of rows) {
    if (!row.startsWith('|')) {
      columns = 0;
      continue;
    }
    const cells = row.replace(/\\\|/g, '').split('|').length;
    if (columns === 0) columns = cells;
    expect([row, cells]).toEqual([row, columns]);
  }
});
