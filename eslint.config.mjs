// ESLint's flat configuration: the recommended rules of ESLint and typescript-eslint, over the
// whole tree. Formatting is Prettier's business (.prettierrc.json), not ESLint's.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    },
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
