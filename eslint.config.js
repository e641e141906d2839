import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.tsbuild/**', 'test-results/**', 'playwright-report/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
    // vue-tsc checks every name in .vue files (browser globals included), as tsc does for .ts
    // files, for which typescript-eslint already turns this rule off.
    rules: { 'no-undef': 'off' },
  },
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Test helpers parse arbitrary JSON answers.
      '@typescript-eslint/no-explicit-any': 'off',
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
    },
  },
  // Layers of the BFF: errors and validation live in core/, which depends on no other layer, and
  // only http/ knows about HTTP.
  {
    files: ['bff/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./', message: 'core/ imports only @carbon/shared, npm packages and other core/ files.' }] }],
    },
  },
  {
    files: ['bff/src/{domain,jobs,policies,auth,events}/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)http/', message: 'Raise the errors of core/errors.ts; only http/ maps them to answers.' }] }],
    },
  },
);
