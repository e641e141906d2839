// /api/locations: type-to-search for airports (IATA code or name) and places (name, optionally
// within a country). At most 20 matches, best first.
import { Router } from 'express';
import type { Pool } from '../useCases/deps';
import { searchAirports, searchPlaces } from '../domain/locations/search';
import { airportQuerySchema, placeQuerySchema } from './locations.schema';
import { parseInput } from '../core/validate';

export function locationRoutes(pool: Pool): Router {
  const r = Router();
  r.get('/airports', async (req, res) => {
    const { q } = parseInput(airportQuerySchema, req.query, 'query');
    res.json(await searchAirports(pool, q));
  });
  r.get('/places', async (req, res) => {
    const { q, country } = parseInput(placeQuerySchema, req.query, 'query');
    res.json(await searchPlaces(pool, q, country));
  });
  return r;
}
