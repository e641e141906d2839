// The lint rules that `npm test` relies on, run through ESLint's API with the repository's own
// configuration: a domain file importing http/ or the SPA's code and a floating promise are
// errors; files that keep to their layer and handle their promises are clean.
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
function fileIn(folder: string): string {
  const name = fs.readdirSync(path.join(root, folder)).find((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  if (!name) throw new Error(`no .ts file in ${folder}`);
  return path.join(root, folder, name);
}

async function problems(eslint: ESLint, folder: string, lines: string[]): Promise<{ rule: string | null; line: number }[]> {
  const [result] = await eslint.lintText([...lines, ''].join('\n'), { filePath: fileIn(folder) });
  return result!.messages.map((m) => ({ rule: m.ruleId, line: m.line }));
}

describe('lint', { timeout: 120_000 }, () => {
  it('refuses a domain file that imports from http/', async () => {
    const code = [
      "import type { Logger } from '../log';",
      "import { errorHandler } from '../http/errors';",
      'export const handler = (log: Logger) => errorHandler(log);',
    ];
    expect(await problems(untypedLinter, 'bff/src/domain', code)).toEqual([{ rule: 'import-x/no-restricted-paths', line: 2 }]);
  });

  it('refuses a BFF or shared file that imports the web app, its messages included', async () => {
    const code = ["import en from '../../../web/src/i18n/en';", "import { useFormat } from '../../../web/src/composables/useFormat';", 'export const words = [en, useFormat];'];
    expect(await problems(untypedLinter, 'bff/src/domain', code)).toEqual([
      { rule: 'import-x/no-restricted-paths', line: 1 },
      { rule: 'import-x/no-restricted-paths', line: 2 },
    ]);
    const shared = ["import en from '../../web/src/i18n/en';", 'export const words = en;'];
    expect(await problems(untypedLinter, 'shared/src', shared)).toEqual([{ rule: 'import-x/no-restricted-paths', line: 1 }]);
  });

  it('lets the BFF read the messages it shares with the web app from shared/', async () => {
    const code = ["import { COMMON_EN } from '@carbon/shared/messages/common.en';", "import report from '../../../shared/src/messages/report.en';", 'export const words = [COMMON_EN, report];'];
    expect(await problems(untypedLinter, 'bff/src/domain', code)).toEqual([]);
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
