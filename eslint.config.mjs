// ESLint's flat configuration: the recommended rules of ESLint and typescript-eslint, over the
// whole tree. Formatting is Prettier's business (.prettierrc.json), not ESLint's.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The harness's conventions (docs/architecture.md, "Conventions"), kept by selectors over its source.
const HARNESS_ERRORS = {
  selector: 'NewExpression[callee.name=/^(Error|TypeError|RangeError)$/], CallExpression[callee.name=/^(Error|TypeError|RangeError)$/]',
  message: 'Every error the harness raises carries a stable code: throw a HarnessError subclass (core/errors.ts), not a built-in error.',
};
const NAME = '/^(n|name|field)$/';
const HEADER_LOOKUP = {
  selector: [
    // `lines.filter(([n]) => n === 'alt-svc')`: a callback over [name, value] lines that compares the name.
    `ArrowFunctionExpression[params.0.type='ArrayPattern'][params.0.elements.0.name=${NAME}] BinaryExpression[operator=/^[!=]==?$/]:matches([left.name=${NAME}], [left.callee.object.name=${NAME}])`,
    // `headers.find((h) => h.name.toLowerCase() === 'location')`: the same over { name, value } entries.
    "CallExpression[callee.property.name=/^(filter|find|findIndex|findLast|some|every)$/] > ArrowFunctionExpression BinaryExpression[operator=/^[!=]==?$/][left.callee.object.property.name='name'][left.callee.property.name='toLowerCase']",
    // `Object.keys(headers).find((k) => k.toLowerCase() === name)`: a case-insensitive search of a map's keys.
    "CallExpression[callee.property.name='find'][callee.object.callee.object.name='Object'][callee.object.callee.property.name='keys'] > ArrowFunctionExpression BinaryExpression[left.callee.property.name='toLowerCase']",
  ].join(', '),
  message:
    'Header fields are looked up only through core/headers.ts (fieldLines, fieldValue, isField, withoutField, linesOfEntries, fieldKey), which compares names case-insensitively.',
};
const MODULE_STATE = {
  selector: "Program > VariableDeclaration[kind='let'], Program > ExportNamedDeclaration > VariableDeclaration[kind='let']",
  message: 'No module state in report/: a render passes what it needs in its context.',
};
// One path to a verdict (core/judged.ts): a comparison's through `judged`, an outcome that compares
// nothing through `unjudged`, a difference through `differs`, the marks through `excused` and `fixedNow`.
const VERDICT_LITERAL = 'Literal[value=/^(pass|fail|warn|error|info|skip|n\\/a|known|fixed|diff)$/]';
const VERDICTS = {
  selector: [
    // `{ verdict: 'fail' }`, `{ verdict: ok ? 'pass' : 'fail' }`, `{ verdict: 'error' as const }`
    `Property[key.name='verdict'] > ${VERDICT_LITERAL}`,
    `Property[key.name='verdict'] > :matches(TSAsExpression, ConditionalExpression, LogicalExpression) > ${VERDICT_LITERAL}`,
    // `f.verdict = 'known'`, `const verdict: Verdict = 'pass'`
    `AssignmentExpression[left.property.name='verdict'] > ${VERDICT_LITERAL}`,
    `AssignmentExpression[left.property.name='verdict'] > :matches(TSAsExpression, ConditionalExpression, LogicalExpression) > ${VERDICT_LITERAL}`,
    `VariableDeclarator[id.name='verdict'] > ${VERDICT_LITERAL}`,
    `VariableDeclarator[id.name='verdict'] > :matches(TSAsExpression, ConditionalExpression, LogicalExpression) > ${VERDICT_LITERAL}`,
    // the level-to-verdict rule itself
    "Identifier[name='verdictFor']",
  ].join(', '),
  message:
    'A verdict is made only by the one finding builder, core/judged.ts (judged, unjudged, differs, excused, fixedNow): no literal verdict and no verdictFor outside core.',
};
// The report reads typed fields (aspect, compared, label, step, role, node, protocol): an id, a step
// id or a title is a name to show or to match whole, never text to take apart.
const ID_PARTS = '/^(startsWith|endsWith|slice|substring|substr|split|replace|replaceAll|match|matchAll|indexOf|lastIndexOf|search)$/';
const IDS = {
  selector: [
    // `e.id.startsWith(`${step} `)`, `e.id.slice(n)`, `t.title.match(/.../)`
    `CallExpression[callee.property.name=${ID_PARTS}][callee.object.property.name=/^(id|step|title)$/]`,
    // `/^site\//.test(t.id)`
    'CallExpression[callee.property.name=/^(test|exec)$/][arguments.0.property.name=/^(id|step|title)$/]',
  ].join(', '),
  message:
    'The report reads typed fields (aspect, compared, label, step, role, node, protocol), never parts of an id, a step id or a title: a writer that knows more says it in a field (core/aspect.ts).',
};
// A record and its steps are made in one place, record/new.ts, so that every writer starts them alike.
const RECORDS = {
  selector: [
    // `{ version: RECORD_VERSION, ... }`
    "Property[key.name='version'] > Identifier[name='RECORD_VERSION']",
    // a step record's literal: `{ id, protocol, findings: [] }`, `{ id, protocol, findings: found }`
    "ObjectExpression:has(> Property[key.name='protocol']):has(> Property[key.name='findings'])",
  ].join(', '),
  message: 'A record or a step record is made only by record/new.ts (newReplayRecord, newStepRecord, newBrowserFlowRecord), never as a literal.',
};
const PRODUCT = ['harness/src/**/*.ts'];
// Test data (a record of a past run, a results file) writes its verdicts as they were recorded.
const NOT_PRODUCT = [
  '**/*.test.ts',
  '**/fixtures.ts',
  '**/*-fixtures.ts',
  'harness/src/testing/**',
  'harness/src/__fixtures__/**',
  'harness/src/core/headers.ts',
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'reports/**', '.pki-cache/**', '.harness-cache/**', 'reference-server/content/**', 'har/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Escaping and validation code matches control characters on purpose (report escaping, header values, paths).
      'no-control-regex': 'off',
      // `catch {}` bodies that only say why nothing is done, and `_`-prefixed parameters kept for a signature.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A variable a closure reads before its one assignment (a signal handler installed before start-up) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // A file over 400 lines holds more than one thing: split it by what it holds. Every file, tests and
      // the content generators included; blank lines and comments count, as `wc -l` counts them.
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    files: PRODUCT,
    ignores: NOT_PRODUCT,
    rules: { 'no-restricted-syntax': ['error', HARNESS_ERRORS, HEADER_LOOKUP, VERDICTS, RECORDS] },
  },
  {
    // record/ holds the one record builder: the only place a record is written as a literal.
    files: ['harness/src/record/**/*.ts'],
    ignores: NOT_PRODUCT,
    rules: { 'no-restricted-syntax': ['error', HARNESS_ERRORS, HEADER_LOOKUP, VERDICTS] },
  },
  {
    // core holds the one finding builder: the only place a verdict is written.
    files: ['harness/src/core/**/*.ts'],
    ignores: NOT_PRODUCT,
    rules: { 'no-restricted-syntax': ['error', HARNESS_ERRORS, HEADER_LOOKUP] },
  },
  {
    files: ['harness/src/report/**/*.ts'],
    ignores: NOT_PRODUCT,
    rules: { 'no-restricted-syntax': ['error', HARNESS_ERRORS, HEADER_LOOKUP, MODULE_STATE, VERDICTS, IDS, RECORDS] },
  },
  {
    files: ['tests/support/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', VERDICTS, RECORDS] },
  },
  {
    // CommonJS scripts and configuration files.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Playwright fixtures take their options as `async ({}, testInfo) => ...`.
    files: ['tests/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
