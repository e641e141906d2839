// The data files that come with every entry type and factor set of the registry: default factors
// (`factors/<set>/` of its module folder) and demo rows (`demo.json` of its module folder, per type).
// Each must have them, in the shapes its factor and CSV files take, so that a new type is complete
// once the registry, its formula, its messages and these two files name it.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createSchema, DATA_ENTRY_TYPES, ENTRY_TYPES, FACTOR_SETS, factorValueColumns, fieldOf, reportYearIssues, type EntryData } from '@carbon/shared';
import { readLibrary } from '../jobs/factorLibrary';
import { mapHeader, recordPayload } from '../jobs/handlers/csvIngest/columns';
import { DEMO_YEARS } from './demoData';
import { DecimalColumns } from '../jobs/handlers/csvIngest/decimals';
import { demoCsv, readDemoEntries, seedingWaves } from './demoEntries';

const library = readLibrary();
const demo = readDemoEntries();
const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('default factors', () => {
  // Their coverage and sources: bff/src/jobs/factorLibrary/library.test.ts.
  it.each(Object.keys(FACTOR_SETS))('%s: rows in the shape of its factor file; at least one unless its formulas need none', (name) => {
    const set = FACTOR_SETS[name]!;
    const rows = library.filter((f) => f.set === name).flatMap((f) => f.rows);
    if (!set.optional) expect(rows.length, `${name} has no default factor`).toBeGreaterThan(0);
    for (const f of rows) {
      expect(sorted(Object.keys(f.classification))).toEqual(sorted(set.keys));
      for (const k of set.values) expect(Object.keys(f.values), `${name} row without ${k}`).toContain(k);
      expect(Object.keys(f.values).filter((k) => !factorValueColumns(set).includes(k))).toEqual([]);
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
      const decimals = new DecimalColumns(columns);
      const lines = records.map((fields, i) => ({ line: i + 2, fields }));
      expect(decimals.take(lines), `${unit} ${type}: a number column that reads two ways`).toEqual(lines);
      for (const [i, fields] of records.entries()) {
        const { payload, extra, refused } = recordPayload(columns, fields, decimals);
        expect(refused).toEqual([]);
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

  it.each([...DEMO_YEARS])('fit the report of %i once seeded there: no date outside it, no year after it', (year) => {
    for (const type of DATA_ENTRY_TYPES) {
      const t = ENTRY_TYPES[type]!;
      for (const [unit, byType] of Object.entries(demo.units)) {
        const rows = byType[type] ?? [];
        if (!rows.length) continue;
        const [header, ...records] = parse(demoCsv(t, rows, demo.year, year)) as string[][];
        const columns = mapHeader(t, header!, false);
        for (const [i, fields] of records.entries()) {
          const data = createSchema(t).parse(recordPayload(columns, fields, new DecimalColumns(columns)).payload) as EntryData;
          expect(reportYearIssues(t, data, year), `${unit} ${type} row ${i + 1} in ${year}`).toEqual([]);
        }
      }
    }
  });

  it('are loaded module after module, each after the modules its rows link to', () => {
    const order = seedingWaves().flat();
    for (const t of Object.values(ENTRY_TYPES)) {
      if (t.traveler && t.traveler.module !== t.module) expect(order.indexOf(t.traveler.module)).toBeLessThan(order.indexOf(t.module));
    }
  });
});
