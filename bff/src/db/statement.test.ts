// Every SQL file of the BFF against its typed definition (statement.ts): each file is wrapped by
// exactly one statement, and each statement's named parameters fill exactly the positions its
// SQL uses, so that a $n added to a file, or a parameter added to a definition, fails here.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { definedStatements, sqlFolder } from './statement';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sqlFilesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sqlFilesUnder(p);
    return e.name.endsWith('.sql') ? [p] : [];
  });
}

/** A statement without its comments, quoted strings and identifiers, and dollar-quoted bodies. */
const codeOf = (sql: string) => sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\w*)\$[\s\S]*?\$\1\$/g, ' ');

/** The $n placeholders of a statement, as PostgreSQL reads them. */
const placeholders = (sql: string) => new Set([...codeOf(sql).matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));

const files = sqlFilesUnder(SRC).sort();

beforeAll(async () => {
  // Each sql/ folder's definitions live in its index.ts.
  for (const dir of new Set(files.map((f) => path.dirname(f)))) await import(pathToFileURL(path.join(dir, 'index.ts')).href);
});

describe('typed SQL statements', () => {
  it('finds the SQL files, under sql/ folders, one statement per file', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files.filter((f) => path.basename(path.dirname(f)) !== 'sql')).toEqual([]);
    const several = files.filter((f) => codeOf(fs.readFileSync(f, 'utf8')).trim().replace(/;$/, '').includes(';'));
    expect(several).toEqual([]);
  });

  it('wraps every SQL file in exactly one statement, and every statement has its file', () => {
    const defined = definedStatements.map((s) => s.file).sort();
    expect(defined).toEqual(files);
    for (const s of definedStatements) expect(fs.existsSync(s.file), s.file).toBe(true);
  });

  it('places each named parameter on a position its SQL uses: $1…$n, n = the number of names', () => {
    for (const s of definedStatements) {
      const used = placeholders(s.text);
      const declared = Object.values(s.positions as Record<string, number>).sort((a, b) => a - b);
      const where = path.relative(SRC, s.file);
      expect(declared, `${where}: positions 1…n, each once`).toEqual(declared.map((_, i) => i + 1));
      expect(Math.max(0, ...used), `${where}: highest $n = number of parameters`).toBe(declared.length);
      expect(used.size, `${where}: every position used`).toBe(declared.length);
    }
  });

  it('names prepared statements uniquely (a name is planned once per connection)', () => {
    const names = definedStatements.flatMap((s) => (s.preparedAs ? [s.preparedAs] : []));
    expect(names.length).toBeGreaterThan(5);
    expect(new Set(names).size).toBe(names.length);
  });

  it('reads placeholders as PostgreSQL would', () => {
    expect(placeholders("SELECT $1, '$2', \"$3\" -- $4\n /* $5 */ , $6 :: text, $$ $7 $$, $tag$ $8 $tag$, $10")).toEqual(new Set([1, 6, 10]));
  });

  it('refuses a statement whose file does not exist', () => {
    const define = sqlFolder(new URL('./sql/index.ts', import.meta.url).href, 'test');
    expect(() => define<{ id: number }>('noSuchStatement', { id: 1 })).toThrow(/noSuchStatement\.sql/);
  });
});
