// The worked checks of docs/formulas.md, computed from the coordinates the shipped packages provide (read by the
// same code that loads them into the database) and the shipped factor library's rows for 2025.
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_TYPES, foldSearchText, planeDistance, roadSeaDistance, trainDistance, type FactorRow, type ResolvedLocation } from '@carbon/shared';
import { readLibrary, resolveLibrary } from '.';
import { isAirport, readAirports, readOtherNames, readPlaces, type LocationRecord } from '../../domain/locations/sources';

let airports: Map<string, LocationRecord>;
let places: LocationRecord[];
// Reading the shipped airports and 135,000 places takes a few seconds alone, several times
// that on a loaded machine.
beforeAll(async () => {
  const names = readOtherNames();
  airports = new Map((await readAirports(names)).map((a) => [a.code, a]));
  places = readPlaces(names);
}, 60_000);

const airport = (code: string) => airports.get(code)!;
/** The most populous place of that name, as entry resolution picks it. */
const place = (name: string) =>
  places.filter((p) => p.search === foldSearchText(name)).sort((a, b) => (b.population ?? 0) - (a.population ?? 0))[0]!;
const resolved = (r: LocationRecord, id: number): ResolvedLocation => ({ id, kind: r.kind, code: r.code, name: r.name, country_code: r.country_code, lat: r.lat, lon: r.lon });

/** The factor library's rows of a set for 2025. */
const library = resolveLibrary(readLibrary());
function factors(type: string): FactorRow[] {
  return library.filter((f) => f.set === type && f.year === 2025).map((f, i) => ({ id: i + 1, classification: f.classification, values: f.values }));
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
  it('GVA–JFK: 6,201 km; 6,296 km with the uplift; long band; 955 kg economy one way (× 0.1517)', () => {
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
    expect(Math.abs(row!.kg_co2eq! - 955)).toBeLessThanOrEqual(1);
    expect(row!.meta).toMatchObject({ band: 'long', factor: { values: { kg_co2eq_per_km: 0.1517 } } });
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
    // CH → FR crosses a border: the destination's factor (ADEME TGV, energy use)
    expect(row!.meta).toMatchObject({ factor_country: 'FR' });
    expect(row!.kg_co2eq).toBeCloseTo(d.totalKm * 0.0023, 9);
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

  it('Genève–Lyon (FR) by hybrid car, the demo trip: 112 km great circle, × 1.3 = 146 km, 23.6 kg one way (× 0.1614)', () => {
    const lyon = place('Lyon');
    expect(lyon.country_code).toBe('FR');
    const d = roadSeaDistance(null, { origin: place('Genève'), destination: lyon });
    expect(Math.abs(d.greatCircleKm! - 112)).toBeLessThanOrEqual(1);
    expect(Math.abs(d.oneWayKm - 146)).toBeLessThanOrEqual(1);
    const row = byCar(place('Genève'), lyon, {});
    expect(row.kg_co2eq).toBeCloseTo(d.oneWayKm * 0.1614, 9);
    expect(Math.abs(row.kg_co2eq! - 23.6)).toBeLessThanOrEqual(0.1);
  });

  it('Lausanne–Bern by hybrid car, round trip, the e2e trip: 78.5 km great circle, × 1.3 = 102.06 km, 204.11 km, 32.94 kg', () => {
    const d = roadSeaDistance(undefined, { origin: place('Lausanne'), destination: place('Bern') });
    expect(Math.abs(d.greatCircleKm! - 78.5)).toBeLessThanOrEqual(0.1);
    const row = byCar(place('Lausanne'), place('Bern'), { round_trip: true });
    expect(Math.abs(row.quantity! - 204.11)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(row.kg_co2eq! - 32.94)).toBeLessThanOrEqual(0.01);
  });
});
