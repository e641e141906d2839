// Migration 0014 on a database whose default factors were loaded before: the rows the defaults
// wrote (recognised by set, classification and the defaults' own source, also once carried
// over) get the published uncertainty and the source that cites it; rows an operator uploaded,
// and defaults with none published, keep a null uncertainty and their source.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { databaseBefore } from './support/migrationBefore';

const MIGRATION = '0014_factor_uncertainty';
let url: string;
let db: pg.Client;

beforeAll(async () => {
  ({ url, db } = await databaseBefore(MIGRATION));
});
afterAll(async () => db?.end());

// The default rows' sources as the defaults of the time wrote them, and as the migration cites
// their published uncertainty.
const SHORT_BEFORE = 'ADEME Base Carbone, air travel, contrails included (as used by GES 1point5)';
const SHORT_NOW = `${SHORT_BEFORE}; uncertainty ±70 %: the 'Incertitude' of ADEME Base Carbone element 28130 (Avion passagers, court courrier, 2018, avec trainées, 0.259 kg CO2e per passenger-km; modified 2022)`;
const LAPTOP_BEFORE = "EcoInfo (CNRS), Ecodiag device reference (as used by GES 1point5, Labos 1point5), read 2026: average laptop, from manufacturers' product carbon footprints; lifetime: Ecodiag's typical duration";
const LAPTOP_NOW = `${LAPTOP_BEFORE}; uncertainty ±59.5 %: Ecodiag's relative standard deviation of its average laptop, sqrt(0.2² + 0.56²) (Ecodiag device table, devices.js)`;

describe(`migration ${MIGRATION}`, () => {
  it('gives the default rows already loaded their published uncertainty and its citation, and leaves every other row alone', async () => {
    const shortEconomy = { band: 'short', cabin_class: 'economy' };
    const now = { source: SHORT_NOW };
    const before = SHORT_BEFORE;
    const laptop = { source: LAPTOP_NOW };
    const laptopBefore = LAPTOP_BEFORE;
    const longEconomy = { source: SHORT_BEFORE };
    const insert = (set: string, year: number, classification: object, source: string) =>
      db.query(`INSERT INTO factors (data_entry_type, year, classification, "values", source) VALUES ($1, $2, $3, '{"x": 1}', $4)`, [set, year, JSON.stringify(classification), source]);
    await insert('plane', 2024, shortEconomy, before);
    await insert('plane', 2025, shortEconomy, `${before} (carried over from 2024)`);
    await insert('plane', 2026, shortEconomy, 'Operator file 2026');
    await insert('plane', 2024, { band: 'long', cabin_class: 'economy' }, longEconomy.source);
    await insert('device', 2024, { device_type: 'laptop' }, laptopBefore);

    await migrate(url);
    await migrate(url); // already applied: nothing more

    const { rows } = await db.query(`SELECT data_entry_type AS set, year, classification, uncertainty_pct::float8 AS u, source FROM factors ORDER BY data_entry_type, year, classification::text`);
    expect(rows).toEqual([
      { set: 'device', year: 2024, classification: { device_type: 'laptop' }, u: 59.5, source: laptop.source },
      { set: 'plane', year: 2024, classification: { band: 'long', cabin_class: 'economy' }, u: null, source: longEconomy.source },
      { set: 'plane', year: 2024, classification: shortEconomy, u: 70, source: now.source },
      { set: 'plane', year: 2025, classification: shortEconomy, u: 70, source: `${now.source} (carried over from 2024)` },
      { set: 'plane', year: 2026, classification: shortEconomy, u: null, source: 'Operator file 2026' },
    ]);
    await expect(db.query(`UPDATE factors SET uncertainty_pct = -1 WHERE year = 2026`)).rejects.toThrow(/check constraint/);
  });
});
