/**
 * README.md's tables of variables against what runSettings reads: every documented variable is
 * read, every variable read (by a user) is documented, and none of the run's own is offered to users.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  BASELINE_VARIABLES,
  INTERNAL_VARIABLES,
  isSettingsVariable,
  PROXY_ENV_VARIABLES,
  SETTINGS_VARIABLES,
  TARGET_VARIABLES,
  variableMatches,
} from './variables';

const ROOT = path.resolve(__dirname, '../../..');
/** The user's documentation: the README and the pages under docs/ it sends readers to. */
const USER_DOCS = (): string =>
  [
    path.join(ROOT, 'README.md'),
    ...fs
      .readdirSync(path.join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => path.join(ROOT, 'docs', f)),
  ]
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n\n');

/** A variable name or pattern as the README writes it in backticks (`BASELINE=reference` is BASELINE). */
const VARIABLE = /^(?:[A-Z][A-Z0-9]*(?:_(?:[A-Z0-9]+|<[A-Z]+>))*|[a-z]+_proxy)$/;

function cells(row: string): string[] {
  // `\|` inside a cell is an escaped pipe, not a cell boundary.
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

function variablesIn(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1].split('=')[0]).filter((v) => VARIABLE.test(v) && !v.startsWith('HARNESS_ERR_'));
}

/**
 * The variables README.md's tables document: the backticked names in each table's variable column
 * (the column headed "variable...", else the first, its header cell included, as in the
 * `HARNESS_FAIL_ON` table), and in a row whose variable cell lists several (or a pattern such as
 * `TARGET_<ROLE>_URL`), the variables that row's other cells name too.
 */
function documentedVariables(markdown: string): Set<string> {
  const out = new Set<string>();
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('|') || (i > 0 && lines[i - 1].startsWith('|'))) continue;
    const table: string[][] = [];
    for (let j = i; j < lines.length && lines[j].startsWith('|'); j++) if (!/^\|[\s|:-]+\|$/.test(lines[j].trim())) table.push(cells(lines[j]));
    const column = Math.max(
      0,
      table[0].findIndex((h) => /^variable\b/i.test(h)),
    );
    for (const row of table) {
      const named = variablesIn(row[column] ?? '');
      named.forEach((v) => out.add(v));
      if (named.length > 1 || named.some((v) => v.includes('<'))) row.forEach((c, k) => k !== column && variablesIn(c).forEach((v) => out.add(v)));
    }
  }
  return out;
}

describe("README.md's tables of variables", () => {
  const documented = documentedVariables(USER_DOCS());

  test('the extraction finds the tables (target, timeouts, baseline, fail-on, reporter)', () => {
    for (const v of [
      'TARGET_URL',
      'TARGET_<ROLE>_URL',
      'TARGET_BARE_URL',
      'HARNESS_CONNECT_TIMEOUT_MS',
      'BASELINE',
      'BASELINE_TARGETS_FILE',
      'HARNESS_FAIL_ON',
      'HARNESS_REPORT_DIR',
    ]) {
      expect([v, documented.has(v)]).toEqual([v, true]);
    }
  });

  test('every documented variable is read by runSettings', () => {
    expect([...documented].filter((v) => !isSettingsVariable(v)).sort()).toEqual([]);
  });

  test('every variable runSettings reads is documented', () => {
    expect(SETTINGS_VARIABLES.filter((v) => !documented.has(v))).toEqual([]);
  });

  test("the run's own variables are not documented as settings", () => {
    expect(INTERNAL_VARIABLES.filter((v) => documented.has(v))).toEqual([]);
    expect(INTERNAL_VARIABLES.filter((v) => isSettingsVariable(v))).toEqual([]);
  });
});

describe('the list of variables', () => {
  test('both sides have the same settings, with their own prefix (and the target its HTTP/3 switch)', () => {
    expect(TARGET_VARIABLES).toEqual([
      'TARGET_URL',
      'TARGET_<ROLE>_URL',
      'TARGET_RESOLVE',
      'TARGET_CA',
      'TARGET_INSECURE',
      'TARGET_SECTION',
      'TARGET_HEADERS',
      'TARGET_VALUE_<NAME>',
      'TARGETS_FILE',
      'TARGET_H3',
    ]);
    expect(BASELINE_VARIABLES).toEqual([
      'BASELINE',
      'BASELINE_URL',
      'BASELINE_<ROLE>_URL',
      'BASELINE_RESOLVE',
      'BASELINE_CA',
      'BASELINE_INSECURE',
      'BASELINE_SECTION',
      'BASELINE_HEADERS',
      'BASELINE_VALUE_<NAME>',
      'BASELINES_FILE',
      'BASELINE_TARGETS_FILE',
      'BASELINE_ALLOW_UNSAFE',
      'BASELINE_MAX_RPS',
    ]);
    expect(PROXY_ENV_VARIABLES).toEqual(['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'no_proxy', 'NO_PROXY']);
    expect(INTERNAL_VARIABLES).toEqual([
      'HARNESS_TARGET_KIND',
      'HARNESS_INFERRED_SECTION',
      'HARNESS_INFERRED_SECTION_FROM',
      'HARNESS_DISCOVERY_FILE',
      'HARNESS_TARGET_H3_OFF',
      'HARNESS_TARGET_UNREACHABLE',
      'HARNESS_BASELINE_KIND',
      'HARNESS_BASELINE_INFERRED_SECTION',
      'HARNESS_BASELINE_INFERRED_SECTION_FROM',
      'HARNESS_BASELINE_DISCOVERY_FILE',
      'HARNESS_BASELINE_H3_OFF',
      'HARNESS_BASELINE_UNREACHABLE',
    ]);
  });

  test('patterns: a role other than the site, a value name', () => {
    expect(variableMatches('TARGET_SHOP_URL', 'TARGET_<ROLE>_URL')).toBe(true);
    expect(variableMatches('BASELINE_OCSP_URL', 'BASELINE_<ROLE>_URL')).toBe(true);
    expect(variableMatches('TARGET_SITE_URL', 'TARGET_<ROLE>_URL')).toBe(false);
    expect(variableMatches('TARGET_SHOPP_URL', 'TARGET_<ROLE>_URL')).toBe(false);
    expect(variableMatches('TARGET_VALUE_PRODUCT_HANDLE', 'TARGET_VALUE_<NAME>')).toBe(true);
    expect(variableMatches('TARGET_VALUE_', 'TARGET_VALUE_<NAME>')).toBe(false);
    expect(isSettingsVariable('HARNESS_BROWSER_TIMEOUT_MS')).toBe(true);
    expect(isSettingsVariable('HARNESS_TARGET_KIND')).toBe(false);
    expect(isSettingsVariable('PW_WORKERS')).toBe(false);
  });
});
