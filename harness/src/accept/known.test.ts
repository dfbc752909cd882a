import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadKnown } from '../known';
import { main } from './cli';
import { expectation, replayTest, results, writeResults } from './fixtures';

let root: string;
let knownFile: string;
const saved = process.env.HARNESS_KNOWN;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'accept-known-'));
  knownFile = path.join(root, 'known-deviations.json');
  process.env.HARNESS_KNOWN = knownFile;
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
  if (saved === undefined) delete process.env.HARNESS_KNOWN;
  else process.env.HARNESS_KNOWN = saved;
});

function run(...argv: string[]): { code: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) }, root);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const FUTURE = '2999-12-31';
const TICKET = 'https://tickets.example/OPS-9';

/** A run in which the CDN folds x-frame-options on the home page, the media host has no Vary, and one test passes. */
function failingRun(extra: Partial<Parameters<typeof results>[1]> = {}) {
  return writeResults(
    root,
    results(
      [
        replayTest(
          'site/home',
          [{ id: 'site/home', lines: [['x-frame-options', 'SAMEORIGIN']] }],
          [
            expectation({ step: 'site/home', aspect: { kind: 'header', name: 'x-frame-options' } }, 'fail', 'must', 'SAMEORIGIN, SAMEORIGIN', 'SAMEORIGIN'),
            expectation({ step: 'site/home', aspect: { kind: 'status' } }, 'pass', 'must', '200', '200'),
          ],
        ),
        replayTest(
          'site/static/css',
          [{ id: 'site/static/css', lines: [] }],
          [expectation({ step: 'site/static/css', aspect: { kind: 'header', name: 'vary' } }, 'warn', 'should', 'Accept-Encoding', '(absent)', 'rfc')],
        ),
      ],
      extra,
    ),
  );
}

test('refuses to draft without a ticket and a date, naming what is missing', () => {
  const from = failingRun();
  expect(run('--known', '--from', from)).toMatchObject({
    code: 2,
    err: expect.stringContaining('--known needs --ticket <id or URL> and --expires <YYYY-MM-DD>: a known deviation without a ticket and a date is never fixed'),
  });
  expect(run('--known', '--from', from, '--ticket', TICKET).err).toContain('(no --expires given)');
  expect(run('--known', '--from', from, '--ticket', 'fix it later', '--expires', FUTURE).err).toContain(
    '--ticket "fix it later" is neither a ticket id (OPS-412, #412) nor an http:// or https:// URL',
  );
  expect(run('--known', '--from', from, '--ticket', 'OPS-9', '--expires', FUTURE, '--cause', 'two').err).toContain('--cause "two" is not a cause number');
  expect(run('--known', '--from', from, '--ticket', 'OPS-9', '--expires', FUTURE, '--role', 'stie').err).toContain('--role "stie" is not a role');
  expect(run('--from', from, '--cause', '1').err).toContain('--cause belongs to --known');
  expect(run('--known', '--from', from, '--ticket', TICKET, '--expires', '2001-01-01').err).toContain('--expires 2001-01-01 is already past');
  expect(run('--from', from, '--ticket', TICKET).err).toContain('--ticket belongs to --known');
  expect(fs.existsSync(knownFile)).toBe(false);
});

test("drafts one entry per cause as a reviewable diff; --write applies it and the next run's entries load", () => {
  const from = failingRun();
  const dry = run('--known', '--from', from, '--ticket', TICKET, '--expires', FUTURE, '--reason', 'the CDN folds repeated fields');
  expect(dry.code).toBe(0);
  expect(dry.out).toContain('--- known-deviations.json\n+++ known-deviations.json');
  expect(dry.out).toContain(
    '+      "id": "site/home header x-frame-options",\n+      "actual": "SAMEORIGIN",\n+      "reason": "the CDN folds repeated fields",',
  );
  // A warning does not fail the run at the default threshold: nothing to excuse.
  expect(dry.out).not.toContain('header vary');
  expect(dry.out).toContain('1 entry drafted, 0 entries pruned in known-deviations.json; nothing written (--write writes it)');
  expect(fs.existsSync(knownFile)).toBe(false);

  expect(run('--known', '--from', from, '--ticket', TICKET, '--expires', FUTURE, '--write').code).toBe(0);
  const written = loadKnown(knownFile, { explicit: true });
  expect(written.entries).toEqual([expect.objectContaining({ id: 'site/home header x-frame-options', actual: 'SAMEORIGIN', ticket: TICKET, expires: FUTURE })]);
  expect(JSON.parse(fs.readFileSync(knownFile, 'utf8')).$schema).toBe('./known-deviations.schema.json');
  // Already listed: nothing more to draft.
  expect(run('--known', '--from', from, '--ticket', TICKET, '--expires', FUTURE).out).toContain('nothing to change (0 entries drafted, 0 entries pruned)');
});

test('--prune removes the entries the run reported as no longer seen, and only those', () => {
  fs.writeFileSync(
    knownFile,
    `${JSON.stringify(
      {
        $schema: './known-deviations.schema.json',
        deviations: [
          { id: 'site/home header x-frame-options', reason: 'folded', ticket: TICKET, expires: FUTURE },
          { id: 'site/home header server', reason: 'fixed since', ticket: TICKET, expires: FUTURE },
        ],
      },
      null,
      2,
    )}\n`,
  );
  const from = writeResults(root, {
    ...JSON.parse(fs.readFileSync(failingRun(), 'utf8')),
    known: {
      file: 'known-deviations.json',
      today: '2026-01-01',
      entries: [
        {
          index: 0,
          id: 'site/home header x-frame-options',
          reason: 'folded',
          ticket: TICKET,
          expires: FUTURE,
          status: 'matched',
          findings: 2,
          expectations: [],
          tests: ['site/home'],
        },
        {
          index: 1,
          id: 'site/home header server',
          reason: 'fixed since',
          ticket: TICKET,
          expires: FUTURE,
          status: 'unseen',
          findings: 0,
          expectations: [],
          tests: [],
        },
      ],
    },
  });
  const pruned = run('--known', '--prune', '--from', from, '--write');
  expect(pruned.out).toContain('-      "id": "site/home header server",');
  expect(pruned.out).toContain('0 entries drafted, 1 entry pruned; written: known-deviations.json');
  expect(loadKnown(knownFile, { explicit: true }).entries.map((e) => e.id)).toEqual(['site/home header x-frame-options']);
});

test('failures of an inconclusive role are not drafted: a sign-in wall is not a deviation', () => {
  const from = failingRun({
    inconclusive: [{ role: 'site', kind: 'same-page', seen: 2, total: 2, message: 'inconclusive', key: 't-site-inconclusive', grouped: 1 }],
  });
  const out = run('--known', '--from', from, '--ticket', TICKET, '--expires', FUTURE);
  expect(out.out).toContain('note: site: not drafted: the role was inconclusive (its answers tested nothing)');
  expect(out.out).toContain('nothing to change');
});

/** One CDN change seen by three tests and their parity, a second cause on the media host, a third on the storefront; one test passes. */
function threeCauseRun() {
  const xfo = (step: string) => expectation({ step, aspect: { kind: 'header', name: 'x-frame-options' } }, 'fail', 'must', 'SAMEORIGIN', '(absent)');
  return writeResults(
    root,
    results([
      replayTest(
        'site/home',
        [{ id: 'site/home', lines: [] }],
        [xfo('site/home'), expectation({ step: 'site/home', aspect: { kind: 'status' } }, 'pass', 'must', '200', '200')],
      ),
      replayTest('site/not-found', [{ id: 'site/not-found', lines: [] }], [xfo('site/not-found')]),
      replayTest('site/lesson', [{ id: 'site/lesson', lines: [] }], [xfo('site/lesson')]),
      replayTest(
        'site/static/css',
        [{ id: 'site/static/css', lines: [['x-frame-options', 'SAMEORIGIN']] }],
        [expectation({ step: 'site/static/css', aspect: { kind: 'header', name: 'x-frame-options' } }, 'pass', 'must', 'SAMEORIGIN', 'SAMEORIGIN')],
      ),
      replayTest(
        'assets/media',
        [{ id: 'assets/media', lines: [['cache-control', 'no-store']] }],
        [expectation({ step: 'assets/media', aspect: { kind: 'header', name: 'cache-control' } }, 'fail', 'must', 'max-age=31536000', 'no-store')],
      ),
      replayTest(
        'shop/missing',
        [{ id: 'shop/missing', lines: [] }],
        [expectation({ step: 'shop/missing', aspect: { kind: 'status' } }, 'fail', 'must', '404', '200')],
      ),
    ]),
  );
}

test('one entry per cause: the smallest glob over its expectations and nothing that passed, its one value, the ticket as an id', () => {
  const from = threeCauseRun();
  const dry = run('--known', '--from', from, '--ticket', 'OPS-412', '--expires', FUTURE, '--write');
  expect(dry.code).toBe(0);
  const entries = loadKnown(knownFile, { explicit: true }).entries.map(({ id, actual, ticket }) => ({ id, actual, ticket }));
  expect(entries).toEqual([
    // site/static/css passed: `*` stays within a segment, so the glob leaves it out.
    { id: 'site/* header x-frame-options', actual: '(absent)', ticket: 'OPS-412' },
    { id: 'assets/media header cache-control', actual: 'no-store', ticket: 'OPS-412' },
    { id: 'shop/missing status', actual: '200', ticket: 'OPS-412' },
  ]);
  expect(dry.out).toMatch(/^cause \[1\] site: header x-frame-options is "\(absent\)" on h1 and h2: .* \(3 expectations\)$/m);
  expect(dry.out).toContain('3 entries drafted, 0 entries pruned; written: known-deviations.json');
  // Outside the working directory the file is named whole.
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'accept-known-elsewhere-'));
  process.env.HARNESS_KNOWN = path.join(elsewhere, 'known.json');
  try {
    expect(run('--known', '--from', from, '--ticket', 'OPS-412', '--expires', FUTURE, '--write').out).toContain(
      `written: ${path.join(elsewhere, 'known.json')}`,
    );
  } finally {
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});

test('filters choose causes by number, by what failed and by role; the reason goes only to the entries they chose', () => {
  const from = threeCauseRun();
  const draft = (...filters: string[]) => {
    fs.rmSync(knownFile, { force: true });
    expect(run('--known', '--from', from, '--ticket', 'OPS-412', '--expires', FUTURE, '--reason', 'CDN', '--write', ...filters).code).toBe(0);
    return fs.existsSync(knownFile) ? loadKnown(knownFile, { explicit: true }).entries.map((e) => `${e.id}: ${e.reason}`) : [];
  };
  expect(draft('--cause', '2')).toEqual(['assets/media header cache-control: CDN']);
  expect(draft('--aspect', 'header  X-Frame-Options')).toEqual(['site/* header x-frame-options: CDN']);
  expect(draft('--role', 'shop', '--role', 'assets')).toEqual(['assets/media header cache-control: CDN', 'shop/missing status: CDN']);
  expect(draft('--ids', 'site/home')).toEqual(['site/home header x-frame-options: CDN']);
  expect(draft('--cause', '9')).toEqual([]);
});
