// Migration 0014 on a database whose default factors were loaded before: the rows the defaults
// wrote (recognised by set, classification and the defaults' own source, also once carried
// over) get the published uncertainty and the source that cites it; rows an operator uploaded,
// and defaults with none published, keep a null uncertainty and their source.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { readDefaultFactors } from '../src/domain/factors';
import { databaseBefore } from './support/migrationBefore';

const MIGRATION = '0014_factor_uncertainty';
let url: string;
let db: pg.Client;

beforeAll(async () => {
  ({ url, db } = await databaseBefore(MIGRATION));
});
afterAll(async () => db?.end());

/** The default row of a set and classification, as the file holds it now. */
function current(set: string, classification: Record<string, string>) {
  const row = readDefaultFactors().factors.find((f) => f.factor_set === set && JSON.stringify(f.classification) === JSON.stringify(classification));
  if (!row) throw new Error(`no default ${set} ${JSON.stringify(classification)}`);
  return row;
}

describe(`migration ${MIGRATION}`, () => {
  it('gives the default rows already loaded their published uncertainty and its citation, and leaves every other row alone', async () => {
    const shortEconomy = { band: 'short', cabin_class: 'economy' };
    const now = current('plane', shortEconomy);
    // The defaults' source of the time: the cited uncertainty came after it.
    const before = now.source.slice(0, now.source.indexOf('; uncertainty'));
    const laptop = current('device', { device_type: 'laptop' });
    const laptopBefore = laptop.source.slice(0, laptop.source.indexOf('; uncertainty'));
    const longEconomy = current('plane', { band: 'long', cabin_class: 'economy' });
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
    expect(now.uncertainty_pct).toBe(70);
    await expect(db.query(`UPDATE factors SET uncertainty_pct = -1 WHERE year = 2026`)).rejects.toThrow(/check constraint/);
  });
});
