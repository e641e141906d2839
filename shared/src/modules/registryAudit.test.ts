// No code outside the registry names a module or an entry type: the BFF, the web app and the
// migrations look them up in the registry (shared/src/modules/), so that adding one touches only
// the registry, its formula, its messages and its data files. This reads the source files for
// quoted names, path segments and property accesses (`'plane'`, `/headcount/`, `.member`) of
// every registered module and entry type. Tests, messages and data files may name them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATA_ENTRY_TYPES, ENTRY_TYPES, MODULE_TYPES, MODULES } from './registry';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCANNED = ['bff/src', 'web/src', 'migrations'];
const SOURCE = /\.(ts|vue|sql)$/;

/** Files that may name them, each with its reason. */
const ALLOWED: Record<string, string> = {
  'migrations/0003_carbon_core.sql': 'history: the headcount indexes, and the traveler index 0009 replaces',
  'migrations/0007_members_changed.sql': "history: the trigger that announces changes of the headcount's members",
  'migrations/0009_type_neutral_indexes.sql': 'its down migration restores the index it replaced',
  'migrations/0012_emission_scopes.sql': 'history: the scope and category of the emission types written before it',
  'migrations/0014_factor_uncertainty.sql': 'history: the default factor rows of the time, given the uncertainty published for them',
  'migrations/0018_one_commute_response.sql': 'the unique index of one row per person names the entry types that say onePerPerson (a new one adds itself by a migration, which bff/test/commuting.test.ts asks for)',
  'migrations/0022_optional_sets_not_configured.sql': 'history: the entry types of the optional factor sets of the time, whose stored rows it settles',
};

const names = [
  ...new Set([...MODULE_TYPES, ...MODULE_TYPES.map((m) => MODULES[m].slug), ...DATA_ENTRY_TYPES, ...DATA_ENTRY_TYPES.map((t) => ENTRY_TYPES[t]!.slug)]),
];
// A name after a quote, a slash or a dot, not part of a longer name
// (`headcount-member-select` is a field type, not the headcount).
const escape = (s: string) => s.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
const NAMED = new RegExp(`['"\`/.](${names.map(escape).join('|')})(?![\\w-])`);
const COMMENT = /^\s*(\/\/|\*|\/\*|--|<!--)/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel);
    return SOURCE.test(e.name) && !e.name.endsWith('.test.ts') ? [rel] : [];
  });
}

describe('registry audit', () => {
  it('finds the names it looks for in the code that is allowed to hold them', () => {
    expect(names.length).toBeGreaterThanOrEqual(MODULE_TYPES.length + DATA_ENTRY_TYPES.length);
    expect(NAMED.test(fs.readFileSync(path.join(ROOT, 'migrations/0003_carbon_core.sql'), 'utf8'))).toBe(true);
  });

  it('no module or entry type is named in the BFF, the web app or the migrations outside the allowed files', () => {
    const found: string[] = [];
    for (const file of SCANNED.flatMap(sourceFiles)) {
      if (ALLOWED[file]) continue;
      fs.readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (!COMMENT.test(line) && NAMED.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('allows only files that exist', () => {
    for (const file of Object.keys(ALLOWED)) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
  });
});
