// The lint rules that `npm test` relies on, run through ESLint's API with the repository's own
// configuration: an import across a layer boundary (each zone of eslint.config.js), an import
// cycle and a floating promise are errors; files that keep to their layer and handle their
// promises are clean.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TYPED_RULES = ['@typescript-eslint/no-floating-promises', '@typescript-eslint/no-misused-promises', '@typescript-eslint/await-thenable'];

const linter = new ESLint({ cwd: root });
// The layer rule needs no types. Without them a bff/ file is linted without building the
// TypeScript program of all of bff/ (many seconds of CPU, next to the other unit tests); the rest
// of the configuration is the repository's.
const untypedLinter = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: Object.fromEntries(TYPED_RULES.map((rule) => [rule, 'off'])),
  },
});

/** An existing file of `folder`: typed rules need a file its tsconfig includes, and the snippet
 * is linted in its place (the file on disk is not read). */
function fileIn(folder: string, ext = '.ts'): string {
  const name = fs.readdirSync(path.join(root, folder)).find((f) => f.endsWith(ext) && !f.endsWith('.test.ts'));
  if (!name) throw new Error(`no ${ext} file in ${folder}`);
  return path.join(root, folder, name);
}

async function problems(eslint: ESLint, folder: string, lines: string[], filePath = fileIn(folder)): Promise<{ rule: string | null; line: number }[]> {
  const [result] = await eslint.lintText([...lines, ''].join('\n'), { filePath });
  return result!.messages.map((m) => ({ rule: m.ruleId, line: m.line }));
}

const RESTRICTED = 'import-x/no-restricted-paths';

interface Zone {
  target: string | string[];
  from: string | string[];
  message: string;
}

/** One case per zone of the layer rule (its index in the configuration): a file of `folder`
 * importing `refused` is reported, importing `allowed` is not. */
const zoneCases: { zone: number; folder: string; refused: string; allowed: string; vue?: boolean }[] = [
  { zone: 0, folder: 'shared/src', refused: '../../bff/src/log', allowed: './errors' },
  { zone: 1, folder: 'web/src/utils', refused: '../../../bff/src/log', allowed: '../../../shared/src/errors' },
  // The words the printable report shares with the screens come from shared/, never from web/.
  { zone: 2, folder: 'bff/src/domain', refused: '../../../web/src/i18n/en', allowed: '../../../shared/src/messages/report.en' },
  { zone: 2, folder: 'shared/src', refused: '../../web/src/i18n/en', allowed: './messages/report.en' },
  { zone: 3, folder: 'bff/src/core', refused: '../db/pool', allowed: './errors' },
  { zone: 4, folder: 'bff/src/db', refused: '../domain/audit', allowed: '../core/errors' },
  { zone: 5, folder: 'bff/src/db', refused: '../../../shared/src/errors', allowed: './statement' },
  { zone: 6, folder: 'bff/src/domain', refused: '../http/errors', allowed: '../db/pool' },
  { zone: 6, folder: 'bff/src/domain', refused: '../useCases/access', allowed: '../core/errors' },
  { zone: 7, folder: 'bff/src/policies', refused: '../domain/audit', allowed: '../auth/currentUser' },
  { zone: 8, folder: 'bff/src/jobs', refused: '../http/errors', allowed: '../domain/audit' },
  { zone: 9, folder: 'bff/src/jobs', refused: '../useCases/access', allowed: '../domain/audit' },
  { zone: 10, folder: 'bff/src/events', refused: '../http/errors', allowed: '../core/clock' },
  { zone: 11, folder: 'bff/src/useCases', refused: '../http/errors', allowed: '../domain/units' },
  { zone: 12, folder: 'bff/src/http', refused: '../db/pool', allowed: '../useCases/units' },
  { zone: 13, folder: 'bff/src/http', refused: '../jobs/sql', allowed: '../policies' },
  { zone: 14, folder: 'bff/src/dev', refused: '../http/sync/dispatch', allowed: '../useCases/uploads' },
  { zone: 15, folder: 'web/src/components', refused: '../api/carbon', allowed: '../composables/entries', vue: true },
  { zone: 15, folder: 'web/src/pages', refused: '../api/sync', allowed: '../stores/auth', vue: true },
  { zone: 15, folder: 'web/src/layouts', refused: '../api/client', allowed: '../utils/apiErrors', vue: true },
];

describe('lint', { timeout: 120_000 }, () => {
  it('has a case below for every zone of the layer rule', async () => {
    const config = await untypedLinter.calculateConfigForFile(fileIn('bff/src/domain'));
    const zones = (config.rules[RESTRICTED] as [unknown, { zones: Zone[] }])[1].zones;
    expect(new Set(zoneCases.map((c) => c.zone))).toEqual(new Set(zones.map((_, i) => i)));
  });

  it.each(zoneCases)('zone $zone: a file of $folder may not import $refused, may import $allowed', async (c) => {
    const imports = [`import * as refused from '${c.refused}';`, `import * as allowed from '${c.allowed}';`];
    const lines = c.vue
      ? ['<script setup lang="ts">', ...imports, 'defineExpose({ used: [refused, allowed] });', '</script>']
      : [...imports, 'export const used = [refused, allowed];'];
    const [result] = await untypedLinter.lintText([...lines, ''].join('\n'), { filePath: fileIn(c.folder, c.vue ? '.vue' : '.ts') });
    const config = await untypedLinter.calculateConfigForFile(fileIn('bff/src/domain'));
    const zone = (config.rules[RESTRICTED] as [unknown, { zones: Zone[] }])[1].zones[c.zone]!;
    expect(result!.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }))).toEqual([
      { rule: RESTRICTED, line: c.vue ? 2 : 1, message: expect.stringContaining(zone.message) },
    ]);
  });

  it('refuses an import cycle, and accepts an import that closes none', async () => {
    // domain/referenceCache.ts imports domain/factors.ts: factors importing it back closes a cycle.
    const factors = path.join(root, 'bff/src/domain/factors.ts');
    const cycle = ["import { referenceCacheFor } from './referenceCache';", 'export const cache = referenceCacheFor;'];
    expect(await problems(untypedLinter, 'bff/src/domain', cycle, factors)).toEqual([{ rule: 'import-x/no-cycle', line: 1 }]);
    const plain = ["import { NotFoundError } from '../core/errors';", 'export const missing = NotFoundError;'];
    expect(await problems(untypedLinter, 'bff/src/domain', plain, factors)).toEqual([]);
  });

  it('accepts a domain file that imports core/ and db/', async () => {
    const code = [
      "import type { Pool } from '../db/pool';",
      "import { NotFoundError } from '../core/errors';",
      'export async function unitName(pool: Pool, id: number): Promise<string> {',
      "  const { rows } = await pool.query<{ name: string }>('SELECT name FROM units WHERE id = $1', [id]);",
      "  if (!rows[0]) throw new NotFoundError('No such unit.');",
      '  return rows[0].name;',
      '}',
    ];
    expect(await problems(untypedLinter, 'bff/src/domain', code)).toEqual([]);
  });

  it('refuses SQL in http/: the driver, the db layer, statement modules, a query through a handle', async () => {
    const code = [
      "import pg from 'pg';",
      "import { withTransaction, type Pool } from '../db/pool';",
      "import * as jobSql from '../jobs/sql';",
      "import { CREATE_ENTRIES } from '../domain/entries/writeSql';",
      'export const used = [pg, withTransaction, jobSql, CREATE_ENTRIES];',
      "export const count = (pool: Pool) => pool.query('SELECT count(*) FROM units');",
      'export const begin = (pool: Pool) => pool.connect();',
    ];
    expect(await problems(untypedLinter, 'bff/src/http', code)).toEqual([
      { rule: 'import-x/no-restricted-paths', line: 1 },
      { rule: 'import-x/no-restricted-paths', line: 2 },
      { rule: 'import-x/no-restricted-paths', line: 3 },
      { rule: 'import-x/no-restricted-paths', line: 4 },
      { rule: 'no-restricted-syntax', line: 6 },
      { rule: 'no-restricted-syntax', line: 7 },
    ]);
  });

  it('accepts a route that parses, calls a use case and shapes the answer', async () => {
    const code = [
      "import { Router } from 'express';",
      "import type { Pool } from '../useCases/deps';",
      "import { listUnits } from '../useCases/units';",
      "import { userOf } from '../policies';",
      'export function routes(pool: Pool): Router {',
      '  const r = Router();',
      "  r.get('/', async (req, res) => {",
      '    res.json(await listUnits(pool, userOf(req)));',
      '  });',
      '  return r;',
      '}',
    ];
    expect(await problems(untypedLinter, 'bff/src/http', code)).toEqual([]);
  });

  it('keeps dev/ off the routes and the use cases above the domain and the job engine', async () => {
    const dev = ["import { startUploadJob } from '../useCases/uploads';", "import { dispatchRoutes } from '../http/sync/dispatch';", 'export const used = [startUploadJob, dispatchRoutes];'];
    expect(await problems(untypedLinter, 'bff/src/dev', dev)).toEqual([{ rule: 'import-x/no-restricted-paths', line: 2 }]);
    const useCase = ["import { listUnits } from '../domain/units';", "import { errorHandler } from '../http/errors';", "import { EventHub } from '../events/hub';", 'export const used = [listUnits, errorHandler, EventHub];'];
    expect(await problems(untypedLinter, 'bff/src/useCases', useCase)).toEqual([
      { rule: 'import-x/no-restricted-paths', line: 2 },
      { rule: 'import-x/no-restricted-paths', line: 3 },
    ]);
    const below = ["import { grantRole } from '../useCases/access';", 'export const used = grantRole;'];
    expect(await problems(untypedLinter, 'bff/src/domain', below)).toEqual([{ rule: 'import-x/no-restricted-paths', line: 1 }]);
    expect(await problems(untypedLinter, 'bff/src/jobs', below)).toEqual([{ rule: 'import-x/no-restricted-paths', line: 1 }]);
  });

  it('refuses a floating promise and a promise where a callback returns nothing', async () => {
    const code = [
      'async function save(): Promise<void> {}',
      'export function onSave(): void {',
      '  save();',
      '}',
      'export const later = () => setTimeout(async () => save(), 10);',
    ];
    expect(await problems(linter, 'shared/src', code)).toEqual([
      { rule: '@typescript-eslint/no-floating-promises', line: 3 },
      { rule: '@typescript-eslint/no-misused-promises', line: 5 },
    ]);
  });

  it('accepts promises that are awaited, or whose rejection is handled', async () => {
    const code = [
      'async function save(): Promise<void> {}',
      'export async function onSave(): Promise<void> {',
      '  await save();',
      '}',
      'export function later(report: (err: unknown) => void): void {',
      '  setTimeout(() => void save().catch(report), 10);',
      '}',
    ];
    expect(await problems(linter, 'shared/src', code)).toEqual([]);
  });
});
