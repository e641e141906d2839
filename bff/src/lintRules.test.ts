// The lint rules that `npm test` relies on, run through ESLint's API with the repository's own
// configuration: a domain file importing http/ and a floating promise are errors; a file that
// keeps to its layer and handles its promises is clean.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

/** An existing file of `folder`: typed rules need a file its tsconfig includes, and the snippet
 * is linted in its place (the file on disk is not read). */
function fileIn(folder: string): string {
  const name = fs.readdirSync(path.join(root, folder)).find((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  if (!name) throw new Error(`no .ts file in ${folder}`);
  return path.join(root, folder, name);
}

async function problems(folder: string, code: string): Promise<{ rule: string | null; line: number }[]> {
  const [result] = await eslint.lintText(code, { filePath: fileIn(folder) });
  return result!.messages.map((m) => ({ rule: m.ruleId, line: m.line }));
}

// The first lint builds the TypeScript program of bff/ (seconds on a busy machine).
describe('lint', { timeout: 180_000 }, () => {
  it('refuses a domain file that imports from http/', async () => {
    const code = [
      "import type { Logger } from '../log';",
      "import { errorHandler } from '../http/errors';",
      'export const handler = (log: Logger) => errorHandler(log);',
      '',
    ].join('\n');
    expect(await problems('bff/src/domain', code)).toEqual([{ rule: 'import-x/no-restricted-paths', line: 2 }]);
  });

  it('refuses a floating promise and a promise where a callback returns nothing', async () => {
    const code = [
      'async function save(): Promise<void> {}',
      'export function onSave(): void {',
      '  save();',
      '}',
      'export const later = () => setTimeout(async () => save(), 10);',
      '',
    ].join('\n');
    expect(await problems('bff/src/domain', code)).toEqual([
      { rule: '@typescript-eslint/no-floating-promises', line: 3 },
      { rule: '@typescript-eslint/no-misused-promises', line: 5 },
    ]);
  });

  it('accepts a domain file that keeps to its layer and handles its promises', async () => {
    const code = [
      "import type { Pool } from '../db/pool';",
      "import { NotFoundError } from '../core/errors';",
      'export async function unitName(pool: Pool, id: number): Promise<string> {',
      "  const { rows } = await pool.query<{ name: string }>('SELECT name FROM units WHERE id = $1', [id]);",
      "  if (!rows[0]) throw new NotFoundError('No such unit.');",
      '  return rows[0].name;',
      '}',
      'export function warmUp(pool: Pool, log: (err: unknown) => void): void {',
      '  unitName(pool, 1).catch(log);',
      '}',
      '',
    ].join('\n');
    expect(await problems('bff/src/domain', code)).toEqual([]);
  });
});
