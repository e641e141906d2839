import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

/** The layers and what each may not import (docs/architecture.md, "Layers"). Paths are resolved,
 * so a rule holds however the import is spelled (`../http/x`, `../../http`, a package name). */
const layerZones = [
  { target: './shared', from: ['./bff', './e2e', './bench'], message: 'shared/ is used by both sides and depends on neither (the web zone below covers the SPA).' },
  { target: './web', from: './bff', message: 'The SPA talks to the BFF over HTTP only; share code through shared/.' },
  {
    target: ['./bff', './shared'],
    from: './web',
    message: 'Neither the BFF nor shared/ reads the SPA, its messages included: words both sides show live in shared/ (shared/src/messages/, each module folder).',
  },
  { target: './bff/src/core', from: './bff/src', except: ['./core'], message: 'core/ imports only shared/, npm packages and other core/ files.' },
  { target: './bff/src/db', from: './bff/src', except: ['./core', './db'], message: 'db/ imports only core/, npm packages and other db/ files.' },
  { target: './bff/src/db', from: './shared', message: 'db/ imports only core/, npm packages and other db/ files.' },
  {
    target: './bff/src/domain',
    from: ['./bff/src/http', './bff/src/events', './bff/src/jobs', './bff/src/auth', './bff/src/useCases'],
    message: 'domain/ throws the errors of core/errors.ts and receives what it needs: it never reaches up into http/, events/, jobs/, auth/ or useCases/.',
  },
  {
    target: './bff/src/policies',
    from: ['./bff/src/http', './bff/src/events', './bff/src/jobs', './bff/src/domain'],
    message: 'policies/ decide from the user and plain values: no http/, events/, jobs/ or domain/ import.',
  },
  { target: './bff/src/jobs', from: './bff/src/http', message: 'Job handlers reuse the domain, not its routes: raise the errors of core/errors.ts.' },
  { target: './bff/src/jobs', from: './bff/src/useCases', message: 'The job engine and its handlers sit below the use cases that start jobs: reuse the domain.' },
  { target: './bff/src/events', from: './bff/src/http', message: 'events/ never imports http/: the composition root hands it what it needs.' },
  {
    target: './bff/src/useCases',
    from: ['./bff/src/http', './bff/src/events', './bff/src/dev'],
    message: 'useCases/ take plain inputs and the actor and return results: they never reach into http/, events/ or dev/.',
  },
  // SQL in http/ (docs/architecture.md, "Use cases"): a route parses, calls one use case or
  // domain function, and shapes the answer. It gets no driver, no pool helper, no statement.
  {
    target: './bff/src/http',
    from: ['./node_modules/pg', './bff/src/db'],
    message: 'http/ runs no SQL and opens no transaction: call a use case (bff/src/useCases/), which receives the pool.',
  },
  {
    target: './bff/src/http',
    from: ['./bff/src/**/sql/**', './bff/src/**/*Sql.ts', './bff/src/**/*.sql'],
    message: 'http/ runs no SQL statement: call a use case (bff/src/useCases/) or a domain function.',
  },
  { target: './bff/src/dev', from: './bff/src/http', message: 'dev/ seeds through the use cases and the domain, not through routes.' },
  {
    target: ['./web/src/components', './web/src/pages', './web/src/layouts'],
    from: './web/src/api',
    message: 'Screens reach the API through src/stores or src/composables (entries.ts, reports.ts, backoffice.ts); an error answer is read with src/utils/apiErrors.ts.',
  },
];

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
  // Promises: every one is awaited, or its rejection handled; `void` marks the fire-and-forget
  // ones whose rejections are handled inside. These rules need types: each file is linted with
  // the program of its own tsconfig (every .ts and .vue file belongs to one).
  {
    files: ['**/*.{ts,vue}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname, extraFileExtensions: ['.vue'] },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['**/*.{ts,vue}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.vue', '.js', '.mjs', '.json'] })],
      // no-cycle follows imports through the files it can parse: without this, none (they are
      // TypeScript). .vue files are left out: their TypeScript needs a nested parser this
      // setting cannot pass, and a cycle through a component would need a module to import it.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }],
      // A cycle makes the order modules initialise in depend on which one is imported first. A
      // cycle closed by a dynamic import() is allowed: both sides have initialised by the time it
      // runs, and the SPA's chunks are split that way on purpose (web/src/router, web/src/i18n).
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  // The imports above keep statements out of http/; this keeps out a statement sent through a
  // handle a route was given (the pool it passes on to use cases).
  {
    files: ['bff/src/http/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name=/^(query|connect)$/]", message: 'http/ runs no SQL and opens no transaction: call a use case (bff/src/useCases/).' },
      ],
    },
  },
);
