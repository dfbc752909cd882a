/**
 * Documentation pointers stay inside the repository: every Markdown link of a `.md` file and every
 * bare mention of a `.md` file (`docs/fidelity.md`, `specs/README.md`, `README.md`) in any text file
 * the repository holds names a file that exists, and nothing points at the documents the project
 * was once described in outside it (by their names: DESIGN, FIDELITY, TOOLCHAIN, with or without
 * `.md`). Facts about the real platforms are in docs/fidelity.md, the design in docs/architecture.md.
 *
 * - A link (`[text](target)`, `[id]: target`) is resolved against the linking file's folder (or the
 *   repository root when it starts with `/`); URLs with a scheme and `#anchors` are not files.
 *   Links in fenced code blocks and code spans are examples, not links.
 * - A bare mention is a repository path when it starts at a top-level entry of the repository
 *   (`docs/...`, `specs/...`, `reference-server/...`) or is an upper-case document name
 *   (`README.md`). With `./` or `../` it is relative to the mentioning file in Markdown; in code it
 *   is relative to a folder the code computes (`path.resolve(SRC, '../../README.md')`), so the rest
 *   of it must exist under the file's folder or one above it. Other names ending in `.md` are data,
 *   not pointers: a fixture a test writes (`served/notes.md`), a URL path a test requests
 *   (`/static/fonts/README.md`).
 *
 * The files are those `git ls-files` lists, tracked or new (not ignored), that are text. This file is
 * left out: it names the forbidden documents and holds broken examples on purpose.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Names of documents outside the repository, built here so that this file does not mention them itself. */
const DESIGN_DOC = ['DESIGN', 'md'].join('.');
const TOOLCHAIN_DOC = ['TOOLCHAIN', 'md'].join('.');

const ROOT = path.resolve(__dirname, '..', '..');
const SELF = path.relative(ROOT, __filename).split(path.sep).join('/');

interface Problem {
  file: string;
  line: number;
  index: number;
  mention: string;
  reason: string;
}

/** What a scan needs of the repository: its top-level entries, and whether a repository path exists. */
interface Repository {
  topLevel: ReadonlySet<string>;
  exists(relative: string): boolean;
}

/**
 * Outside documents, by name: their upper-case words (with or without `.md`, as in `<NAME> §3`) anywhere, and the
 * `.md` names of those with no namesake here in any case (`docs/fidelity.md` is the repository's own).
 */
const FORBIDDEN_NAME = /\b(?:DESIGN|FIDELITY|TOOLCHAIN)(?:\.md)?\b/g;
const FORBIDDEN_FILE = /(?<![\w/.-])(?:design|toolchain)\.md\b/gi;

const LINK = /!?\[(?:[^\]\\\n]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+)>?/gm;
const MENTION = /(?<![\w/.:@%~-])((?:\.\.?\/)*(?:[\w.-]+\/)*[\w-][\w.-]*\.md)(?![\w/-]|\.\w)/g;

/** Blanks out fenced code blocks and code spans (keeping every newline, so line numbers hold). */
function withoutCode(markdown: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  return markdown.replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))/gm, blank).replace(/`[^`\n]*`/g, blank);
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** A repository path (`a/b/../c`, no leading slash) from a path relative to `dir`, or undefined when it leaves the repository. */
function repositoryPath(dir: string, target: string): string | undefined {
  const joined = path.posix.normalize(path.posix.join(dir, target));
  if (joined === '..' || joined.startsWith('../') || path.posix.isAbsolute(joined)) return undefined;
  return joined.replace(/\/$/, '') || '.';
}

/** The pointers of one file that do not hold. */
function scanText(file: string, text: string, repo: Repository): Problem[] {
  const problems: Problem[] = [];
  const dir = path.posix.dirname(file);
  const add = (index: number, mention: string, reason: string) => {
    const line = lineOf(text, index);
    if (!problems.some((p) => p.line === line && p.mention === mention)) problems.push({ file, line, index, mention, reason });
  };
  const check = (index: number, mention: string, from: string, target: string) => {
    const resolved = repositoryPath(from, target);
    if (resolved === undefined) add(index, mention, 'points outside the repository');
    else if (!repo.exists(resolved)) add(index, mention, `no such file in the repository (${resolved})`);
  };

  const outside = 'a document outside the repository: point at docs/fidelity.md or docs/architecture.md, or write the fact out';
  for (const m of text.matchAll(FORBIDDEN_NAME)) add(m.index, m[0], outside);
  for (const m of text.matchAll(FORBIDDEN_FILE)) if (!/^(?:DESIGN|TOOLCHAIN)\.md$/.test(m[0])) add(m.index, m[0], outside);
  if (file.endsWith('.md')) {
    const prose = withoutCode(text);
    for (const pattern of [LINK, REFERENCE_DEFINITION]) {
      for (const m of prose.matchAll(pattern)) {
        const target = m[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#') || target.startsWith('//')) continue;
        let file = target.replace(/[#?].*$/, '');
        if (file === '') continue;
        try {
          file = decodeURIComponent(file);
        } catch {
          // a literal % stays as written
        }
        check(m.index, target, file.startsWith('/') ? '.' : dir, file.replace(/^\/+/, ''));
      }
    }
  }
  for (const m of text.matchAll(MENTION)) {
    const mention = m[1];
    if (mention.startsWith('./') || mention.startsWith('../')) {
      if (file.endsWith('.md')) check(m.index, mention, dir, mention);
      else {
        const rest = mention.replace(/^(?:\.\.?\/)+/, '');
        const folders = dir.split('/').map((_, i, all) => all.slice(0, all.length - i).join('/'));
        if (!['.', ...folders].some((f) => repo.exists(path.posix.join(f, rest))))
          add(m.index, mention, `no such file under ${dir} or a folder above it (${rest})`);
      }
    } else if (repo.topLevel.has(mention.split('/')[0]) || (!mention.includes('/') && /^[A-Z][A-Z0-9_-]*\.md$/.test(mention)))
      check(m.index, mention, '.', mention);
  }
  return problems.sort((a, b) => a.index - b.index);
}

/** Every file of the working tree git knows of or would add (tracked, or new and not ignored), minus deleted ones. */
function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  return [...new Set(out.toString('utf8').split('\0').filter(Boolean))].filter((f) => fs.existsSync(path.join(ROOT, f))).sort();
}

function isText(bytes: Buffer): boolean {
  return !bytes.subarray(0, 8000).includes(0);
}

const format = (p: Problem) => `${p.file}:${p.line}: ${p.mention}: ${p.reason}`;

describe('documentation pointers', () => {
  it('every Markdown link and *.md mention names a file of the repository; none points at a document outside it', () => {
    const files = repositoryFiles();
    expect(files).toContain('README.md');
    const repo: Repository = {
      topLevel: new Set(files.map((f) => f.split('/')[0])),
      exists: (relative) => fs.existsSync(path.join(ROOT, relative)),
    };
    const problems: Problem[] = [];
    for (const file of files) {
      if (file === SELF) continue;
      const bytes = fs.readFileSync(path.join(ROOT, file));
      if (isText(bytes)) problems.push(...scanText(file, bytes.toString('utf8'), repo));
    }
    expect(problems.map(format)).toEqual([]);
  });

  describe('the scan, on a small repository in memory', () => {
    const files = new Set([
      'README.md',
      'docs/guide.md',
      'docs/img/map.png',
      'specs/README.md',
      'specs/site.json',
      'harness/src/run.ts',
      'harness/src/run.test.ts',
    ]);
    const repo: Repository = {
      topLevel: new Set([...files].map((f) => f.split('/')[0])),
      exists: (relative) => relative === '.' || files.has(relative) || [...files].some((f) => f.startsWith(`${relative}/`)),
    };

    it('passes links and mentions that resolve', () => {
      const readme = [
        '# Example',
        'See [the guide](docs/guide.md#start), [specs](./specs/README.md "the spec files") and [the folder](docs/).',
        '![map](docs/img/map.png) [home](https://example.org/README.md) [top](#example) [root](/specs/README.md)',
        '[guide]: docs/guide.md',
        'The spec files are described in `specs/README.md`; the guide in docs/guide.md, this file is README.md.',
      ].join('\n');
      expect(scanText('README.md', readme, repo)).toEqual([]);
      expect(scanText('docs/guide.md', 'Back to [the README](../README.md), on to [specs](../specs/README.md).', repo)).toEqual([]);
      expect(scanText('harness/src/run.ts', '// the spec files: specs/README.md; the guide: ../../docs/guide.md\n', repo)).toEqual([]);
      expect(scanText('harness/src/run.test.ts', "readFileSync(path.resolve(SRC, '../../README.md'))", repo)).toEqual([]);
    });

    it('ignores what is not a pointer: URLs, code blocks, fixture names, URL paths', () => {
      const guide = ['```sh', 'cat [x](missing.md)', '```', 'Inline `[y](gone.md)` is code.', 'A URL: https://example.org/docs/none.md'].join('\n');
      expect(scanText('docs/guide.md', guide, repo)).toEqual([]);
      const test = "write('served/notes.md'); get('/static/fonts/README.md'); ['notes.md', undefined];\n";
      expect(scanText('harness/src/run.test.ts', test, repo)).toEqual([]);
    });

    it('fails on a broken link, a missing mention, a link out of the repository and every outside document', () => {
      const readme = [
        '# Example',
        `See [the guide](docs/guid.md) and [design](../${DESIGN_DOC}).`,
        'Read docs/missing.md, then ./specs/NOPE.md and CHANGELOG.md.',
        '[old]: docs/old.md',
      ].join('\n');
      expect(scanText('README.md', readme, repo).map(format)).toEqual([
        'README.md:2: docs/guid.md: no such file in the repository (docs/guid.md)',
        `README.md:2: ../${DESIGN_DOC}: points outside the repository`,
        `README.md:2: ${DESIGN_DOC}: a document outside the repository: point at docs/fidelity.md or docs/architecture.md, or write the fact out`,
        'README.md:3: docs/missing.md: no such file in the repository (docs/missing.md)',
        'README.md:3: ./specs/NOPE.md: no such file in the repository (specs/NOPE.md)',
        'README.md:3: CHANGELOG.md: no such file in the repository (CHANGELOG.md)',
        'README.md:4: docs/old.md: no such file in the repository (docs/old.md)',
      ]);
      const spec = '{ "clause": "FIDELITY §3: the home page is HTML (see toolchain.md)" }';
      expect(scanText('specs/site.json', spec, repo).map((p) => p.mention)).toEqual(['FIDELITY', 'toolchain.md']);
      expect(scanText('harness/src/run.ts', `const CLAUSE = '${TOOLCHAIN_DOC}, section 2';`, repo).map((p) => p.mention)).toEqual([TOOLCHAIN_DOC]);
      expect(scanText('harness/src/run.ts', '// see ../../docs/gone.md', repo).map(format)).toEqual([
        'harness/src/run.ts:1: ../../docs/gone.md: no such file under harness/src or a folder above it (docs/gone.md)',
      ]);
    });
  });
});
