// The worked checks of docs/formulas.md, computed from the coordinates the shipped packages provide (read by the
// same code that loads them into the database) and the shipped default factors.
import { beforeAll, describe, expect, it } from 'vitest';
import { CABIN_CLASS_RATIOS, ENTRY_TYPES, foldSearchText, planeDistance, roadSeaDistance, trainDistance, type FactorRow, type ResolvedLocation } from '@carbon/shared';
import { readDefaultFactors } from '../factors';
import { isAirport, readAirports, readPlaces, type LocationRecord } from './sources';

let airports: Map<string, LocationRecord>;
let places: LocationRecord[];
// Reading the shipped airports and 135,000 places takes a few seconds alone, several times
// that on a loaded machine.
beforeAll(async () => {
  airports = new Map((await readAirports()).map((a) => [a.code, a]));
  places = readPlaces();
}, 60_000);

const airport = (code: string) => airports.get(code)!;
/** The most populous place of that name, as entry resolution picks it. */
const place = (name: string) =>
  places.filter((p) => p.search === foldSearchText(name)).sort((a, b) => (b.population ?? 0) - (a.population ?? 0))[0]!;
const resolved = (r: LocationRecord, id: number): ResolvedLocation => ({ id, kind: r.kind, code: r.code, name: r.name, country_code: r.country_code, lat: r.lat, lon: r.lon });

function factors(type: string): FactorRow[] {
  return readDefaultFactors()
    .factors.filter((f) => f.factor_set === type)
    .map((f, i) => ({ id: i + 1, classification: f.classification, values: f.values }));
}

describe('shipped locations', () => {
  it('has thousands of airports with IATA codes and over 100,000 places', () => {
    expect(airports.size).toBeGreaterThan(9_000);
    expect(places.length).toBeGreaterThan(100_000);
  });

  it('keeps airports only: no railway or bus stations, heliports, seaplane bases or city codes', () => {
    // listed as small or medium airports by airport-data-js
    for (const code of ['QQX', 'QQK', 'QAR', 'ALV', 'JDP', 'BNH', 'PAR', 'GBO']) expect(airports.get(code)?.name, code).toBeUndefined();
    // typed as heliports and seaplane bases there
    for (const code of ['AGM', 'AGN']) expect(airports.get(code)?.name, code).toBeUndefined();
    // air stations and cattle-station airstrips are airfields; "Metropolitan Airport" is an airport
    for (const code of ['NAB', 'IKO', 'LYE', 'AVG', 'DTW', 'GVA', 'CDG']) expect(airports.get(code), code).toBeDefined();
    expect([...airports.values()].every((a) => isAirport(a.name, a.rank))).toBe(true);
  });

  it('keeps an accent-stripped search copy of place names', () => {
    expect(place('zurich').name).toBe('Zürich');
    expect(place('Geneve').name).toBe('Genève');
  });
});

describe('worked checks (±1 km)', () => {
  it('GVA–JFK: 6,201 km; 6,296 km with the uplift; long band; 957 kg economy one way', () => {
    const d = planeDistance(airport('GVA'), airport('JFK'), 1, false);
    expect(Math.abs(d.greatCircleKm - 6201)).toBeLessThanOrEqual(1);
    expect(Math.abs(d.correctedOneWayKm - 6296)).toBeLessThanOrEqual(1);
    expect(d.band).toBe('long');
    const [row] = ENTRY_TYPES.plane!.computeEmissions({
      data: { origin: 'GVA', destination: 'JFK', cabin_class: 'economy', number_of_trips: 1, round_trip: false },
      year: 2025,
      locations: { origin: resolved(airport('GVA'), 1), destination: resolved(airport('JFK'), 2) },
      factors: factors('plane'),
      factorSets: { plane: factors('plane') },
    });
    expect(Math.abs(row!.kg_co2eq! - 957)).toBeLessThanOrEqual(1);
    expect(row!.meta).toMatchObject({ band: 'long', factor: { values: { kg_co2eq_per_km: 0.152 } } });
  });

  it('ZRH–LHR: 788 km', () => {
    expect(Math.abs(planeDistance(airport('ZRH'), airport('LHR'), 1, false).greatCircleKm - 788)).toBeLessThanOrEqual(1);
  });

  it('CDG–JFK: 5,834 km', () => {
    expect(Math.abs(planeDistance(airport('CDG'), airport('JFK'), 1, false).greatCircleKm - 5834)).toBeLessThanOrEqual(1);
  });

  it('Lausanne–Paris by train: 413 km great circle, × 1.2 = 495 km, most populous Paris (FR)', () => {
    const paris = place('Paris');
    expect(paris.country_code).toBe('FR');
    const d = trainDistance(place('Lausanne'), paris, 1, false);
    expect(Math.abs(d.greatCircleKm - 413)).toBeLessThanOrEqual(1);
    expect(Math.abs(d.oneWayKm - 495)).toBeLessThanOrEqual(1);
    const [row] = ENTRY_TYPES.train!.computeEmissions({
      data: { number_of_trips: 1, round_trip: false, class: 'second' },
      year: 2025,
      locations: { origin: resolved(place('Lausanne'), 1), destination: resolved(paris, 2) },
      factors: factors('train'),
      factorSets: { train: factors('train') },
    });
    // CH → FR crosses a border: the destination's factor (ADEME TGV)
    expect(row!.meta).toMatchObject({ factor_country: 'FR' });
    expect(row!.kg_co2eq).toBeCloseTo(d.totalKm * 0.0029, 9);
  });

  // A car between two places: great circle × 1.3, the road detour factor of the GES 1point5 method.
  const byCar = (from: LocationRecord, to: LocationRecord, more: Record<string, unknown>) =>
    ENTRY_TYPES.road_sea!.computeEmissions({
      data: { mode: 'car_hybrid', number_of_trips: 1, round_trip: false, ...more },
      year: 2025,
      locations: { origin: resolved(from, 1), destination: resolved(to, 2) },
      factors: factors('road_sea'),
      factorSets: { road_sea: factors('road_sea') },
    })[0]!;

  it('Genève–Lyon (FR) by hybrid car, the demo trip: 112 km great circle, × 1.3 = 146 km, 18.4 kg one way', () => {
    const lyon = place('Lyon');
    expect(lyon.country_code).toBe('FR');
    const d = roadSeaDistance(null, { origin: place('Genève'), destination: lyon });
    expect(Math.abs(d.greatCircleKm! - 112)).toBeLessThanOrEqual(1);
    expect(Math.abs(d.oneWayKm - 146)).toBeLessThanOrEqual(1);
    const row = byCar(place('Genève'), lyon, {});
    expect(row.kg_co2eq).toBeCloseTo(d.oneWayKm * 0.12607, 9);
    expect(Math.abs(row.kg_co2eq! - 18.4)).toBeLessThanOrEqual(0.1);
  });

  it('Lausanne–Bern by hybrid car, round trip, the e2e trip: 78.5 km great circle, × 1.3 = 102.06 km, 204.11 km, 25.73 kg', () => {
    const d = roadSeaDistance(undefined, { origin: place('Lausanne'), destination: place('Bern') });
    expect(Math.abs(d.greatCircleKm! - 78.5)).toBeLessThanOrEqual(0.1);
    const row = byCar(place('Lausanne'), place('Bern'), { round_trip: true });
    expect(Math.abs(row.quantity! - 204.11)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(row.kg_co2eq! - 25.73)).toBeLessThanOrEqual(0.01);
  });
});

describe('default factors', () => {
  const file = readDefaultFactors();

  it('covers the demo years, every band × cabin class and the train countries, each with a source', () => {
    expect(file.years).toEqual([2024, 2025]);
    expect(factors('plane')).toHaveLength(9);
    expect(factors('train').map((f) => f.classification.country).sort()).toEqual(['AT', 'CH', 'DE', 'FR', 'GB', 'IT', 'RoW']);
    for (const f of file.factors) expect(f.source.length).toBeGreaterThan(10);
  });

  it('states the documented values, premium cabins as economy × the DESNZ ratios', () => {
    const perKm = (band: string, cabin: string) =>
      file.factors.find((f) => f.factor_set === 'plane' && f.classification.band === band && f.classification.cabin_class === cabin)!.values.kg_co2eq_per_km!;
    expect([perKm('short', 'economy'), perKm('medium', 'economy'), perKm('long', 'economy')]).toEqual([0.2586, 0.1875, 0.152]);
    for (const band of ['short', 'medium', 'long'] as const) {
      for (const cabin of ['business', 'first'] as const) expect(perKm(band, cabin)).toBeCloseTo(perKm(band, 'economy') * CABIN_CLASS_RATIOS[band][cabin], 6);
    }
    const train = Object.fromEntries(factors('train').map((f) => [f.classification.country, f.values.kg_co2eq_per_km]));
    expect(train).toEqual({ CH: 0.004, DE: 0.056, IT: 0.029, AT: 0.014, FR: 0.0029, GB: 0.0355, RoW: 0.056 });
  });
});
