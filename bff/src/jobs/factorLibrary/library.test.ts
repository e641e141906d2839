// The factor library shipped in the module folders (shared/src/modules/<module>/factors/): every
// file reads as an upload would, every row names its source and edition, and, walking the registry,
// every factor set has a default factor for every option, listed country and year 2019–2026 — but
// for the exceptions its module's `factors/exceptions.csv` lists, each with its reason, which must
// be few and must still be needed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { coverageOf, expectedClassifications, FACTOR_SETS, LIBRARY_YEARS, REST_OF_WORLD, type FactorSetDef } from '@carbon/shared';
import { libraryExceptionFiles, readLibrary, resolveLibrary, type LibraryFile } from '.';

const files = readLibrary();
const factors = resolveLibrary(files);
const rowsOf = (set: string, year: number) => factors.filter((f) => f.set === set && f.year === year);

interface Exception {
  set: string;
  /** key=value pairs; `*` stands for any value. */
  classification: Record<string, string>;
  years: number[] | 'all';
  reason: string;
}
const exceptions: Exception[] = libraryExceptionFiles().flatMap((file) => parse(fs.readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[]).map((r) => ({
  set: r.set!,
  classification: Object.fromEntries(r.classification!.split(';').map((kv) => kv.split('=') as [string, string])),
  years: r.years === 'all' ? 'all' : r.years!.split(' ').map(Number),
  reason: r.reason!,
}));
const excused = (set: string, c: Record<string, string>, year: number) =>
  exceptions.find((e) => e.set === set && (e.years === 'all' || e.years.includes(year)) && Object.entries(e.classification).every(([k, v]) => v === '*' || c[k] === v));

describe('the factor library files', () => {
  it('are of registered sets, named by the year they apply from, and read whole', () => {
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      expect(FACTOR_SETS[f.set], f.file).toBeDefined();
      expect(f.rows.length, f.file).toBeGreaterThan(0);
    }
  });

  it('are each in the folder of the module defining their set, where a reader looks for them', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'library-'));
    fs.mkdirSync(path.join(root, 'buildings/factors/plane'), { recursive: true });
    fs.writeFileSync(path.join(root, 'buildings/factors/plane/2019.csv'), 'band,cabin_class,kg_co2eq_per_km,source\nshort,economy,0.1,test\n');
    expect(() => readLibrary(root)).toThrow(/plane is not in the folder of its module, professional_travel/);
    fs.renameSync(path.join(root, 'buildings'), path.join(root, 'professionalTravel'));
    expect(readLibrary(root).map((f) => [f.set, f.fromYear])).toEqual([['plane', 2019]]);
  });

  it('name for every row its source and edition, and for every emission factor what it counts', () => {
    const energyOrMoney = /^(kg_co2eq_per_|wh_per_)/;
    for (const f of files) {
      for (const r of f.rows) {
        const where = `${f.file} ${JSON.stringify(r.classification)}`;
        if (!FACTOR_SETS[f.set]!.coverage?.yearKey) expect(r.edition, where).not.toBeNull();
        else expect(r.edition, `${where}: a row of a yearly series is of its own year`).toBeNull();
        expect(r.source.length, where).toBeGreaterThan(40);
        if (Object.keys(r.values).some((k) => k.startsWith('kg_co2eq_per_')) && !(f.set === 'train' && r.classification.country === REST_OF_WORLD)) {
          expect(r.boundary, `${where}: an emission factor says what it counts`).not.toBeNull();
        }
        for (const k of Object.keys(r.values)) if (energyOrMoney.test(k)) expect(r.values[k], where).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('give one boundary per module where the module sums its factors: buildings with upstream, travel and commuting with upstream', () => {
    const boundaries = (sets: string[], except: (f: LibraryFile, c: Record<string, string>) => boolean = () => false) =>
      new Set(files.filter((f) => sets.includes(f.set)).flatMap((f) => f.rows.filter((r) => !except(f, r.classification)).map((r) => r.boundary)));
    expect(boundaries(['heating'])).toEqual(new Set(['with_upstream']));
    expect(boundaries(['plane', 'road_sea', 'commute'])).toEqual(new Set(['with_upstream']));
    // One basis for every country's grid: Ember's life-cycle intensity of generation.
    expect(boundaries(['electricity'])).toEqual(new Set(['life_cycle']));
  });
});

describe('coverage, walking the registry', () => {
  const sets = Object.values(FACTOR_SETS).filter((s) => !s.optional);

  it.each(sets.map((s) => [s.name, s] as [string, FactorSetDef]))('%s: a default factor for every option, listed country and year 2019–2026, but the listed exceptions', (_name, set) => {
    for (const year of LIBRARY_YEARS) {
      const rows = rowsOf(set.name, year);
      expect(rows.length, `${set.name} ${year}`).toBeGreaterThan(0);
      const missing = coverageOf(set, rows, year).missing.filter((c) => !excused(set.name, c, year));
      expect(missing, `${set.name} ${year}`).toEqual([]);
    }
  });

  it('a country without its own row has the world average of its set', () => {
    for (const set of sets.filter((s) => s.coverage?.countryKey)) {
      for (const year of LIBRARY_YEARS) expect(rowsOf(set.name, year).some((r) => r.classification[set.coverage!.countryKey!] === REST_OF_WORLD), `${set.name} ${year}`).toBe(true);
    }
  });

  it('lists few exceptions, each with a reason, each still needed', () => {
    expect(exceptions.length).toBeLessThanOrEqual(5);
    for (const e of exceptions) {
      expect(e.reason.length).toBeGreaterThan(40);
      const set = FACTOR_SETS[e.set]!;
      const years = e.years === 'all' ? LIBRARY_YEARS : e.years;
      const needed = years.some((y) => coverageOf(set, rowsOf(e.set, y), y).missing.some((c) => Object.entries(e.classification).every(([k, v]) => v === '*' || c[k] === v)));
      expect(needed, `exception ${e.set} ${JSON.stringify(e.classification)} covers nothing missing`).toBe(true);
    }
  });

  it('needs nothing of an optional set (per-FTE estimates are the unit’s own)', () => {
    expect(expectedClassifications(FACTOR_SETS.member!, 2025)).toEqual([]);
  });
});

describe('resolving the years', () => {
  const row = (set: string, year: number, c: Record<string, string>) => rowsOf(set, year).find((r) => Object.entries(c).every(([k, v]) => r.classification[k] === v))!;

  it('a year takes its classification’s row of the latest file from that year or before', () => {
    // Ember's grid intensity of each data year, the latest (2024) for the years after it.
    expect(row('electricity', 2019, { mix: 'FR' }).edition).toBe(2019);
    expect(row('electricity', 2023, { mix: 'FR' }).edition).toBe(2023);
    expect(row('electricity', 2026, { mix: 'FR' })).toMatchObject({ edition: 2024, values: row('electricity', 2024, { mix: 'FR' }).values });
    // DESNZ's editions of 2022 to 2025 for cars; 2025's for 2026.
    expect(row('road_sea', 2024, { mode: 'car_petrol' }).edition).toBe(2024);
    expect(row('road_sea', 2026, { mode: 'car_petrol' }).edition).toBe(2025);
  });

  it('a year before every file of a classification takes its earliest, whose edition then says so', () => {
    expect(row('road_sea', 2019, { mode: 'car_petrol' }).edition).toBe(2022);
    expect(row('heating', 2020, { carrier: 'natural_gas' }).edition).toBe(2022);
  });

  it('a classification a later file adds does not remove the earlier ones', () => {
    // train/2021.csv lists Germany and the United Kingdom only; France keeps its 2019 file's row.
    expect(row('train', 2022, { country: 'FR' }).values.kg_co2eq_per_km).toBe(0.0023);
  });
});
