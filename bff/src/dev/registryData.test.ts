// The data files that come with every entry type and factor set of the registry: default factors
// (bff/data/default-factors.json, per set) and demo rows (bff/data/demo-entries.json, per type).
// Each must have them, in the shapes its factor and CSV files take, so that a new type is complete
// once the registry, its formula, its messages and these two files name it.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createSchema, DATA_ENTRY_TYPES, ENTRY_TYPES, FACTOR_SETS, factorValueColumns, fieldOf } from '@carbon/shared';
import { readDefaultFactors } from '../domain/factors';
import { mapHeader, recordPayload } from '../jobs/handlers/csvIngest/columns';
import { demoCsv, readDemoEntries, seedingWaves } from './demoEntries';

const factors = readDefaultFactors();
const demo = readDemoEntries();
const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('default factors', () => {
  it('are all of registered factor sets', () => {
    expect(factors.factors.map((f) => f.factor_set).filter((s) => !FACTOR_SETS[s])).toEqual([]);
  });

  it.each(Object.keys(FACTOR_SETS))('%s: rows in the shape of its factor file, with a source; at least one unless its formulas need none', (name) => {
    const set = FACTOR_SETS[name]!;
    const rows = factors.factors.filter((f) => f.factor_set === name);
    if (!set.optional) expect(rows.length, `${name} has no default factor`).toBeGreaterThan(0);
    for (const f of rows) {
      expect(sorted(Object.keys(f.classification))).toEqual(sorted(set.keys));
      for (const k of set.values) expect(Object.keys(f.values), `${name} row without ${k}`).toContain(k);
      expect(Object.keys(f.values).filter((k) => !factorValueColumns(set).includes(k))).toEqual([]);
      expect(f.source.trim()).not.toBe('');
      for (const [k, v] of Object.entries(f.classification)) {
        const options = set.options[k];
        if (options) expect(options).toContain(v);
      }
      for (const v of Object.values(f.values)) expect(v).toBeGreaterThanOrEqual(0);
      if (f.year !== undefined) expect(factors.years, `${name} row of a year the file does not load`).toContain(f.year);
    }
  });
});

describe('demo rows', () => {
  const rowsOf = (type: string) => Object.entries(demo.units).flatMap(([unit, byType]) => (byType[type] ?? []).map((row) => ({ unit, row })));

  it('are all of registered entry types', () => {
    expect(Object.values(demo.units).flatMap((byType) => Object.keys(byType).filter((t) => !ENTRY_TYPES[t]))).toEqual([]);
  });

  it.each([...DATA_ENTRY_TYPES])('%s: some rows, each a valid row of its CSV file', (type) => {
    const t = ENTRY_TYPES[type]!;
    expect(rowsOf(type).length, `${type} has no demo row`).toBeGreaterThan(0);
    for (const [unit, byType] of Object.entries(demo.units)) {
      const rows = byType[type] ?? [];
      if (!rows.length) continue;
      // Through the file the seeder uploads, and the ingest's own header check and cell reading.
      const [header, ...records] = parse(demoCsv(t, rows, demo.year, demo.year)) as string[][];
      const columns = mapHeader(t, header!, false);
      for (const [i, fields] of records.entries()) {
        const { payload, extra } = recordPayload(columns, fields);
        const parsed = createSchema(t).safeParse(payload);
        expect(parsed.error?.issues ?? [], `${unit} ${type} row ${i + 1}`).toEqual([]);
        expect(extra).toBe(0);
        expect(Object.keys(rows[i]!).filter((k) => !t.csvColumns.some((c) => c.column === k))).toEqual([]);
      }
    }
  });

  it.each(DATA_ENTRY_TYPES.filter((type) => ENTRY_TYPES[type]!.traveler))('%s: each row names a person of its unit', (type) => {
    const link = ENTRY_TYPES[type]!.traveler!;
    const people = ENTRY_TYPES[link.entryType]!;
    const numberColumn = people.csvColumns.find((c) => c.field === people.person!.numberField)!.column;
    const idColumn = ENTRY_TYPES[type]!.csvColumns.find((c) => c.field === link.idField)!.column;
    for (const { unit, row } of rowsOf(type)) {
      const numbers = (demo.units[unit]![link.entryType] ?? []).map((p) => String(p[numberColumn]));
      expect(numbers, `${unit} ${type}`).toContain(String(row[idColumn]));
    }
  });

  it('move their dates into the seeded year, and quote what needs it', () => {
    const t = Object.values(ENTRY_TYPES).find((x) => x.fields.some((f) => f.type === 'date'))!;
    const date = t.fields.find((f) => f.type === 'date')!;
    const column = t.csvColumns.find((c) => c.field === date.key)!.column;
    const text = t.csvColumns.find((c) => fieldOf(t, c.field)?.type === 'text')?.column;
    const row = { [column]: `${demo.year}-03-15`, ...(text ? { [text]: 'Smith, "Jo"' } : {}) };
    const [header, record] = parse(demoCsv(t, [row], demo.year, 2019)) as string[][];
    expect(record![header!.indexOf(column)]).toBe('2019-03-15');
    if (text) expect(record![header!.indexOf(text)]).toBe('Smith, "Jo"');
  });

  it('are loaded module after module, each after the modules its rows link to', () => {
    const order = seedingWaves().flat();
    for (const t of Object.values(ENTRY_TYPES)) {
      if (t.traveler && t.traveler.module !== t.module) expect(order.indexOf(t.traveler.module)).toBeLessThan(order.indexOf(t.module));
    }
  });
});
