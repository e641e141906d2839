// Plans: a scenario with every lever computed on a unit of 20,000 entries, and the institution
// view on 1,000 units.
//   node --import tsx bench/plans.ts [reads, default 100]
// Seeds, in its own embedded PostgreSQL with the factor library and the locations loaded as a
// start does: one unit's 2025 report with 20,000 entries of every entry type a lever reads
// (trips, energy, devices, purchases, commutes; each stored with the emissions its formula gives
// with the library's 2025 factors), and 999 more units with reports for 2024 and 2025, their
// stored totals, a target for every tenth and an adopted plan for every other. Reads the
// scenario (`getScenario`) and the institution view (`institutionPlans`) one at a time and prints
// their percentiles against the bars (bench/bars.ts).
import { ENTRY_TYPES, FACTOR_SETS, LEVERS, leverParams, type EntryData, type ResolvedLocation } from '@carbon/shared';
import { createPool } from '../bff/src/db/pool';
import { systemActor } from '../bff/src/domain/actor';
import { factorSetsFor } from '../bff/src/domain/factors';
import { ensureLocations } from '../bff/src/domain/locations/loadLocations';
import { ReferenceCache, useReferenceCache } from '../bff/src/domain/referenceCache';
import { institutionPlans } from '../bff/src/domain/plans/institution';
import { upgradeFactorLibrary } from '../bff/src/jobs/factorLibrary';
import { getScenario } from '../bff/src/useCases/plans';
import { BARS } from './bars';
import { round, startBenchDatabase, timeLimit } from './support/jobBench';
import { recordResult } from './support/results';
import { summarize } from './support/stats';

timeLimit(600);
const READS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 100);
const YEAR = 2025;
const ENTRIES = 20_000;
const UNITS = BARS.plans.units;

const db = await startBenchDatabase();
const pool = createPool(db.url, 4);
// As an instance whose LISTEN connection is up: the year's factors are remembered between reads.
useReferenceCache(pool, new ReferenceCache({ ttlMs: 60_000, isLive: () => true }));
try {
  await ensureLocations(pool);
  await upgradeFactorLibrary(pool);
  const sets = await factorSetsFor(pool, Object.keys(FACTOR_SETS), YEAR);
  const airports = new Map(
    (await pool.query<ResolvedLocation>(`SELECT id::int, kind, code, name, country_code, lat, lon FROM locations WHERE kind = 'airport' AND code = ANY ($1)`, [['GVA', 'CDG', 'LHR', 'JFK', 'NRT', 'ZRH']])).rows.map((l) => [l.code, l]),
  );
  const ap = (code: string) => airports.get(code)!;

  // Templates: data, with the places of a trip; each stored with its formula's emissions.
  const trip = (o: string, d: string, cabin: string) => ({ type: 'plane', data: { origin: o, destination: d, cabin_class: cabin, number_of_trips: 1, round_trip: true, traveler_id: 100001 }, locations: { origin: ap(o), destination: ap(d) } });
  const templates: { type: string; data: EntryData; locations: Record<string, ResolvedLocation> }[] = [
    trip('GVA', 'CDG', 'economy'),
    trip('GVA', 'ZRH', 'economy'),
    trip('GVA', 'LHR', 'business'),
    trip('GVA', 'JFK', 'business'),
    trip('GVA', 'NRT', 'economy'),
    { type: 'heating', data: { site: 'Main', carrier: 'natural_gas', quantity: 120, quantity_unit: 'mwh' }, locations: {} },
    { type: 'heating', data: { site: 'Annex', carrier: 'heating_oil', quantity: 5000, quantity_unit: 'litre' }, locations: {} },
    { type: 'electricity', data: { site: 'Main', consumption: 300_000, consumption_unit: 'kwh', supply: 'location_based', mix: 'CH' }, locations: {} },
    { type: 'device', data: { description: 'Laptop', device_type: 'laptop', count: 3, acquisition_year: 2023 }, locations: {} },
    { type: 'purchase', data: { description: 'Supplies', category: (sets.purchase?.[0]?.classification.category ?? 'x'), amount: 2500, currency: 'EUR', purchase_date: '2025-03-01' }, locations: {} },
    { type: 'commute', data: { mode: 'car_petrol', distance_km: 12, days_per_week: 4, weeks_per_year: 41 }, locations: {} },
    { type: 'commute', data: { mode: 'bus', distance_km: 6, days_per_week: 5, weeks_per_year: 41 }, locations: {} },
  ];
  const stored = templates.map((t) => {
    const e = ENTRY_TYPES[t.type]!.computeEmissions({ data: t.data, year: YEAR, locations: t.locations, factors: sets[t.type] ?? [], factorSets: sets });
    const declared = ENTRY_TYPES[t.type]!.emissionTypes;
    const meta = t.locations.origin ? { location_ids: [t.locations.origin.id, t.locations.destination!.id] } : {};
    return { ...t, module: ENTRY_TYPES[t.type]!.module, emissions: e.map((x) => ({ ...x, meta, scope: declared.find((d) => d.type === x.emission_type)!.scope, category: declared.find((d) => d.type === x.emission_type)!.category })) };
  });

  await pool.query(`INSERT INTO units (institutional_id, name) SELECT 'U' || i, 'Unit ' || i FROM generate_series(1, $1) i`, [UNITS]);
  await pool.query(`INSERT INTO carbon_reports (unit_id, year, stats) SELECT id, y, jsonb_build_object('kg_co2eq', 50000 + (id % 97) * 1000 - (y - 2024) * 2000) FROM units, unnest(ARRAY[2024, 2025]) y`);
  await pool.query(`INSERT INTO carbon_report_modules (carbon_report_id, module_type) SELECT r.id, m FROM carbon_reports r, unnest($1::text[]) m`, [[...new Set(Object.values(ENTRY_TYPES).map((t) => t.module))]]);
  const unitId = (await pool.query<{ id: number }>(`SELECT id::int FROM units WHERE institutional_id = 'U1'`)).rows[0]!.id;
  // The big unit's entries: template i % n, with its stored emissions.
  await pool.query(
    `WITH t AS (SELECT ordinality - 1 AS k, value AS tpl FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY),
          e AS (
            INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data)
            SELECT m.id, t.tpl ->> 'type', t.tpl -> 'data'
              FROM generate_series(0, $2 - 1) i
              JOIN t ON t.k = i % jsonb_array_length($3::jsonb)
              JOIN carbon_reports r ON r.unit_id = $1 AND r.year = ${YEAR}
              JOIN carbon_report_modules m ON m.carbon_report_id = r.id AND m.module_type = t.tpl ->> 'module'
            RETURNING id, data_entry_type, data)
     INSERT INTO data_entry_emissions (data_entry_id, emission_type, kg_co2eq, quantity, quantity_unit, factor_id, meta, scope, category)
     SELECT e.id, x ->> 'emission_type', (x ->> 'kg_co2eq')::numeric, coalesce((x ->> 'quantity')::numeric, 0), x ->> 'quantity_unit', (x ->> 'factor_id')::bigint, x -> 'meta',
            (x ->> 'scope')::int, x ->> 'category'
       FROM e
       JOIN t ON t.tpl ->> 'type' = e.data_entry_type AND t.tpl -> 'data' = e.data
       CROSS JOIN LATERAL jsonb_array_elements(t.tpl -> 'emissions') x`,
    [unitId, ENTRIES, JSON.stringify(stored)],
  );
  await pool.query(`UPDATE carbon_reports r SET stats = jsonb_build_object('kg_co2eq', (SELECT sum(x.kg_co2eq) FROM carbon_report_modules m JOIN data_entries e ON e.carbon_report_module_id = m.id JOIN data_entry_emissions x ON x.data_entry_id = e.id WHERE m.carbon_report_id = r.id)) WHERE r.unit_id = $1 AND r.year = ${YEAR}`, [unitId]);
  await pool.query(`INSERT INTO plan_targets (unit_id, baseline_year, points) VALUES (NULL, 2024, '[{"year": 2030, "reduction_pct": 55, "scope": null}]')`);
  await pool.query(`INSERT INTO plan_targets (unit_id, baseline_year, points) SELECT id, 2024, '[{"year": 2030, "reduction_pct": 60, "scope": null}]' FROM units WHERE id % 10 = 0`);
  const levers = JSON.stringify(LEVERS.map((def) => ({ key: def.key, params: leverParams(def, {}) })));
  await pool.query(`INSERT INTO plan_scenarios (unit_id, name, year, levers, adopted_at, planned_delta_kg, computed_at) SELECT id, 'Plan', ${YEAR}, $1::jsonb, now(), -(id % 50) * 100, now() FROM units WHERE id % 2 = 1`, [levers]);
  const scenarioId = (await pool.query<{ id: number }>('SELECT id::int FROM plan_scenarios WHERE unit_id = $1', [unitId])).rows[0]!.id;
  await pool.query('ANALYZE');

  const actor = systemActor();
  const time = async (fn: () => Promise<unknown>) => {
    for (let i = 0; i < 10; i++) await fn(); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < READS; i++) {
      const t0 = performance.now();
      await fn();
      samples.push(performance.now() - t0);
    }
    return summarize(samples);
  };
  const scenario = await getScenario(pool, actor, scenarioId);
  const entries = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id JOIN carbon_reports r ON r.id = m.carbon_report_id WHERE r.unit_id = $1`, [unitId])).rows[0]!.n;
  const s = await time(() => getScenario(pool, actor, scenarioId));
  console.log(`scenario with all ${scenario.effects.length} levers on a unit of ${entries.toLocaleString('en')} entries, ${READS} reads one at a time:`);
  console.log(`  p50 ${round(s.p50)} ms, p95 ${round(s.p95)} ms, max ${round(s.max)} ms (bar p95 ≤ ${BARS.plans.scenarioP95} ms)`);
  // The first read after the unit's report changed reads its entries again (the rows are kept
  // by the report's version): a write rewrites the report row, as this touch does.
  const cold: number[] = [];
  for (let i = 0; i < 20; i++) {
    await pool.query('UPDATE carbon_reports SET stats = stats WHERE unit_id = $1 AND year = $2', [unitId, YEAR]);
    const t0 = performance.now();
    await getScenario(pool, actor, scenarioId);
    cold.push(performance.now() - t0);
  }
  const c = summarize(cold);
  console.log(`  the first read after a change of the report (entries read again), 20 reads: p50 ${round(c.p50)} ms, p95 ${round(c.p95)} ms`);
  for (const e of scenario.effects) console.log(`    ${e.key.padEnd(22)} ${e.unsupported ? `not computed: ${e.unsupported}` : `${round(e.delta_kg / 1000, 1)} t, ${e.changed} rows changed, ${e.no_factor} without a factor`}`);
  const view = await institutionPlans(pool, actor, YEAR);
  const v = await time(() => institutionPlans(pool, actor, YEAR));
  console.log(`institution view at ${view.units.length.toLocaleString('en')} units, ${READS} reads one at a time:`);
  console.log(`  p50 ${round(v.p50)} ms, p95 ${round(v.p95)} ms, max ${round(v.max)} ms (bar p95 ≤ ${BARS.plans.institutionP95} ms)`);
  recordResult('plans', { scenario_entries: entries, scenario_p50_ms: round(s.p50), scenario_p95_ms: round(s.p95), scenario_after_change_p95_ms: round(c.p95), institution_units: view.units.length, institution_p50_ms: round(v.p50), institution_p95_ms: round(v.p95) });
} finally {
  await pool.end();
  await db.stop();
}
