// What every module gets by being registered, checked for each module of the registry — the
// throwaway one of ./support/probeModule.ts too, which no code of the service names — from its
// own folder's demo rows (`demo.json`) and factor set alone:
// - Path 1 = Path 2: its rows entered one by one through the API in one unit and uploaded as a
//   CSV file in another store the same rows and emissions, and give the same stats;
// - it is in the results and the emissions export;
// - a CSV file with a bad row gets a row report naming the row and column, the good rows stored;
// - a factor file uploaded for its set recalculates its entries in both units alike;
// - permissions: another unit's principal gets 403, an unknown unit 404, and a standard user of
//   the unit only what the module's `ownRows` grants.
// Modules go in seeding order (people before the rows that link to them). The modules' own
// figures, worked by hand, are in their own test files.
import './support/probeModule';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataCsvLine, entryTypesOf, factorColumns, factorValueColumns, FACTOR_SETS, fieldOf, MODULES, type CsvCell, type EntryTypeDef, type ModuleType } from '@carbon/shared';
import { demoCsv, readDemoEntries, seedingWaves, type DemoRow } from '../src/dev/demoEntries';
import { readLibrary, resolveLibrary } from '../src/jobs/factorLibrary';
import { PROBE_DEMO_ROWS } from './support/probeModule';
import { as, demoIds, rounded, statsAndSums, type DemoIds } from './support/carbon';
import { ingestReport, settled, upload, uploadFactorFile } from './support/pipeline';
import { startTestStack, type TestStack } from './support/stack';

const demo = readDemoEntries();
// The demo rows' own year: their dates need no shift.
const YEAR = demo.year;
const LIBRARY = resolveLibrary(readLibrary()).filter((f) => f.year === YEAR);
/** Path 1 goes into OCEAN-LAB (its principal, dan, types), Path 2 into CLIMATE-LAB (its principal, alice, uploads). */
const P1 = 'OCEAN-LAB';
const P2 = 'CLIMATE-LAB';
/** A standard user of CLIMATE-LAB, person number 100002 in its demo headcount. */
const BOB = 100002;

/** Every demo unit's rows of a type, together: the people of both units, so that every link holds. */
const rowsOf = (type: string): DemoRow[] => [...Object.values(demo.units).flatMap((byType) => byType[type] ?? []), ...(PROBE_DEMO_ROWS[type] ?? [])];

/** The API body of a demo row: its CSV columns under their fields' keys. */
const bodyOf = (t: EntryTypeDef, row: DemoRow) => Object.fromEntries(t.csvColumns.filter((c) => row[c.column] !== undefined).map((c) => [c.field, row[c.column]]));

let stack: TestStack;
let ids: DemoIds;
const unitId = (unit: string) => ids.unit[unit]!;
const reportId = (unit: string) => ids.report[`${unit}/${YEAR}`]!;
const entriesPath = (unit: string, m: ModuleType, t: EntryTypeDef) => `/api/modules/${unitId(unit)}/${YEAR}/${MODULES[m].slug}/${t.slug}`;

/** A unit's entries of a module with their emissions, in a comparable order (what was written, not how). */
async function emissions(unit: string, m: ModuleType) {
  const { rows } = await stack.server.pool.query(
    `SELECT e.data_entry_type, e.data - 'created_by' AS data, x.emission_type, x.scope, x.category, x.kg_co2eq::float8 AS kg,
            x.quantity::text AS quantity, x.quantity_unit, x.factor_id, x.meta
       FROM carbon_reports r JOIN carbon_report_modules m ON m.carbon_report_id = r.id
       JOIN data_entries e ON e.carbon_report_module_id = m.id JOIN data_entry_emissions x ON x.data_entry_id = e.id
      WHERE r.unit_id = $1 AND r.year = $2 AND m.module_type = $3
      ORDER BY e.data_entry_type, e.data::text, x.emission_type`,
    [unitId(unit), YEAR, m],
  );
  return rows.map((r) => ({ ...r, kg: r.kg === null ? null : Math.round(r.kg * 1e6) / 1e6 }));
}

async function summary(unit: string, m: ModuleType) {
  const res = await (await as(stack, 'olga')).get(`/api/modules/${unitId(unit)}/${YEAR}/${MODULES[m].slug}`);
  expect(res.status).toBe(200);
  return { stats: rounded(res.body.stats), status: res.body.status, entry_counts: res.body.entry_counts };
}

/** A factor file of `set` for the year: the library's rows with their first value doubled (the
 * others, e.g. a device's lifetime, kept: doubling all could cancel out), or, for a set the library
 * leaves empty (an optional or a test's set), a row of 1s for every option of its keys. */
function factorFile(set: string): string | null {
  const def = FACTOR_SETS[set]!;
  const columns = factorColumns(def);
  const library = LIBRARY.filter((f) => f.set === set);
  let rows: Record<string, unknown>[];
  if (library.length) {
    rows = library.map((f) => {
      const first = factorValueColumns(def).find((k) => f.values[k] !== undefined)!;
      return { ...f.classification, ...f.values, [first]: f.values[first]! * 2, source: 'registry suite' };
    });
  } else {
    const options = def.keys.map((k) => def.options[k]);
    if (options.some((o) => !o?.length)) return null;
    rows = options.reduce<Record<string, string>[]>((acc, opts, i) => acc.flatMap((r) => opts!.map((o) => ({ ...r, [def.keys[i]!]: o }))), [{}]);
    rows = rows.map((r) => ({ ...r, ...Object.fromEntries(def.values.map((v) => [v, 1])), source: 'registry suite' }));
  }
  return dataCsvLine(columns) + rows.map((r) => dataCsvLine(columns.map((c) => r[c] as CsvCell))).join('');
}

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
}, 120_000);
afterAll(() => stack?.stop());

const MODULE_ORDER = seedingWaves().flat();

describe.each(MODULE_ORDER.map((m) => [m]))('%s, from its registration alone', (m) => {
  const types = entryTypesOf(m).filter((t) => rowsOf(t.type).length);

  it('has demo rows for every entry type, to run this suite on', () => {
    expect(types.map((t) => t.type)).toEqual(entryTypesOf(m).map((t) => t.type));
  });

  it('Path 1 (typed, row by row) and Path 2 (a CSV file) store the same rows and emissions, and give the same stats', async () => {
    const dan = await as(stack, 'dan');
    const alice = await as(stack, 'alice');
    expect(await emissions(P1, m)).toEqual([]);
    expect(await emissions(P2, m)).toEqual([]);
    for (const t of types) {
      for (const row of rowsOf(t.type)) {
        const res = await dan.post(entriesPath(P1, m, t), bodyOf(t, row));
        expect(res.status, `${t.type} ${JSON.stringify(row)}: ${JSON.stringify(res.body)}`).toBe(201);
      }
      const res = await upload(alice, { module: m, type: t.type, year: YEAR, unit_id: unitId(P2) }, demoCsv(t, rowsOf(t.type), YEAR, YEAR));
      expect(res.status, JSON.stringify(res.body)).toBe(202);
    }
    await settled(stack.server.pool);
    const [e1, e2] = [await emissions(P1, m), await emissions(P2, m)];
    expect(e2.length).toBeGreaterThanOrEqual(types.reduce((n, t) => n + rowsOf(t.type).length, 0));
    expect(e2).toEqual(e1);
    expect(await summary(P2, m)).toEqual(await summary(P1, m));
    for (const unit of [P1, P2]) {
      const s = await statsAndSums(stack.server.pool, reportId(unit), m);
      expect(s.module_entries).toBe(e2.length ? types.reduce((n, t) => n + rowsOf(t.type).length, 0) : 0);
    }
    const [r1, r2] = await Promise.all([P1, P2].map(async (u) => (await (await as(stack, 'olga')).get(`/api/v1/carbon_reports/${reportId(u)}`)).body.stats));
    expect(rounded(r2)).toEqual(rounded(r1));
  });

  it('is in the results and the emissions export, with its stats’ total and a row per emission', async () => {
    const olga = await as(stack, 'olga');
    const { stats } = await summary(P2, m);
    const results = await olga.get(`/api/v1/carbon_reports/${reportId(P2)}/results`);
    expect(results.status).toBe(200);
    expect(results.body.by_module[m].entries).toBe(types.reduce((n, t) => n + rowsOf(t.type).length, 0));
    expect(results.body.by_module[m].kg_co2eq).toBeCloseTo((stats as { kg_co2eq: number }).kg_co2eq, 6);
    const csv = await olga.get(`/api/v1/carbon_reports/${reportId(P2)}/emissions.csv`);
    expect(csv.status).toBe(200);
    const rows = (parse(csv.body as unknown as string, { columns: true, bom: true }) as Record<string, string>[]).filter((r) => r.module === m);
    // A survey module adds a row per category for what the extrapolation to the unit adds.
    expect(rows.filter((r) => r.entry_source !== 'extrapolation').length).toBe((await emissions(P2, m)).length);
    // Each row to the hundredth: within half a hundredth per row of the exact total.
    expect(Math.abs(rows.reduce((kg, r) => kg + Number(r.kg_co2eq || 0), 0) - results.body.by_module[m].kg_co2eq)).toBeLessThanOrEqual(0.005 * rows.length + 1e-9);
  });

  it('reports a bad row of a CSV file by row and column, and stores the good ones', async () => {
    // In the other demo year, so that the rows above stay as they are.
    const alice = await as(stack, 'alice');
    const year = YEAR - 1;
    for (const t of types) {
      const rows = rowsOf(t.type);
      // A required column left empty: the row cannot be stored, whatever the module.
      const column = t.csvColumns.find((c) => fieldOf(t, c.field)?.required && !fieldOf(t, c.field)?.apiOptional)!;
      expect(column, `${t.type} has a required column`).toBeDefined();
      const [header, ...lines] = demoCsv(t, [...rows, { ...rows[0]!, [column.column]: '' }], YEAR, year).split('\r\n').filter(Boolean);
      const report = await ingestReport(alice, stack.server.pool, { module: m, type: t.type, year, unit_id: unitId(P2) }, [header!, ...lines]);
      expect(report.issues).toEqual([[rows.length + 2, column.column]]);
      const { rows: stored } = await stack.server.pool.query(
        `SELECT count(*)::int AS n FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id
           JOIN carbon_reports r ON r.id = m.carbon_report_id WHERE r.unit_id = $1 AND r.year = $2 AND e.data_entry_type = $3`,
        [unitId(P2), year, t.type],
      );
      expect(stored[0].n).toBe(rows.length);
    }
  });

  // A set with neither library rows nor options to write a file from (the per-FTE estimates, whose
  // categories are the unit's own) is left to its module's test file.
  const withFile = types.filter((t) => factorFile(t.type));
  it.runIf(withFile.length)('recalculates its entries in both units alike when a factor file of its own sets is uploaded', async () => {
    const olga = await as(stack, 'olga');
    let changed = 0;
    for (const t of withFile) {
      const set = t.type;
      const file = factorFile(set)!;
      const before = await emissions(P2, m);
      const job = await uploadFactorFile(olga, stack.server.pool, MODULES[m].slug, set, YEAR, file);
      expect(job.result, JSON.stringify(job.report)).toBe('SUCCESS');
      const after = await emissions(P2, m);
      expect(after).toEqual(await emissions(P1, m));
      expect(await summary(P2, m)).toEqual(await summary(P1, m));
      // Every emission read from a row of the set weighs something else now (an entry may read
      // only other sets: a metered compute job reads the grid's).
      const { rows } = await stack.server.pool.query<{ id: string }>('SELECT id::text FROM factors WHERE data_entry_type = $1 AND year = $2', [set, YEAR]);
      const ofSet = new Set(rows.map((r) => r.id));
      const reading = after.map((x, i) => ({ x, was: before[i]! })).filter(({ x }) => x.factor_id !== null && ofSet.has(String(x.factor_id)) && x.kg !== 0);
      for (const { x, was } of reading) expect(x.kg, `${set} ${JSON.stringify(x.data)}`).not.toBe(was.kg);
      changed += reading.length;
      for (const unit of [P1, P2]) {
        const s = await statsAndSums(stack.server.pool, reportId(unit), m);
        expect(s.module_stats.kg_co2eq).toBeCloseTo(s.module_kg, 6);
      }
    }
    expect(changed, 'an emission that weighed something was recalculated').toBeGreaterThan(0);
  });

  it('answers another unit’s principal 403, an unknown unit 404, and a standard user what its own-row rights grant', async () => {
    const dan = await as(stack, 'dan');
    const bob = await as(stack, 'bob');
    const own = MODULES[m].ownRows;
    for (const t of types) {
      const body = bodyOf(t, rowsOf(t.type)[0]!);
      expect((await dan.get(entriesPath(P2, m, t))).status).toBe(403);
      expect((await dan.post(entriesPath(P2, m, t), body)).status).toBe(403);
      expect((await dan.get(`/api/modules/987654/${YEAR}/${MODULES[m].slug}/${t.slug}`)).status).toBe(404);
      // His own row he may add where the module grants it; a colleague's never.
      let mine: number | null = null;
      if (!own.includes('edit')) {
        expect((await bob.post(entriesPath(P2, m, t), body)).status).toBe(403);
      } else {
        expect((await bob.post(entriesPath(P2, m, t), { ...body, [t.ownerField]: 100001 })).status).toBe(403);
        const created = await bob.post(entriesPath(P2, m, t), { ...body, [t.ownerField]: BOB });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        mine = created.body.id;
      }
      const list = await bob.get(entriesPath(P2, m, t));
      if (!own.includes('view')) {
        expect(list.status).toBe(403);
      } else {
        expect(list.status).toBe(200);
        const items: Record<string, unknown>[] = list.body.items;
        expect(items.length, `${t.type}: bob sees his own rows`).toBeGreaterThan(0);
        for (const item of items) expect(String(item[t.ownerField])).toBe(String(BOB));
      }
      if (mine !== null) expect((await bob.delete(`${entriesPath(P2, m, t)}/${mine}`)).status).toBe(204);
    }
  });
});
