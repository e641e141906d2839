// Demo headcount and trips for the demo units, written through the Path 1 services so that their
// emissions and stats are computed as any user's would be. A module that already holds entries
// is left alone, so restarts and user edits are safe.
import type { ModuleType } from '@carbon/shared';
import { ENTRY_TYPES } from '@carbon/shared';
import type { Pool } from '../db/pool';
import { systemActor } from '../domain/actor';
import { createEntry } from '../domain/entries/createEntry';
import { DEMO_YEARS } from './demoData';

interface DemoEntry {
  type: string;
  data: Record<string, unknown>;
}

const MEMBERS: Record<string, [number, string, number, string][]> = {
  'CLIMATE-LAB': [
    [100001, 'Alice Martin', 1, 'Principal investigator'],
    [100002, 'Bob Keller', 0.8, 'PhD student'],
    [100003, 'Chloé Dubois', 1, 'Postdoc'],
    [100004, 'David Müller', 0.5, 'Research engineer'],
  ],
  'OCEAN-LAB': [
    [200001, 'Carol Rossi', 1, 'Postdoc'],
    [200002, 'Dan Weber', 1, 'Principal investigator'],
    [200003, 'Eva Lindqvist', 0.6, 'Technician'],
  ],
};

const TRIPS: Record<string, DemoEntry[]> = {
  'CLIMATE-LAB': [
    { type: 'plane', data: { origin: 'GVA', destination: 'JFK', cabin_class: 'economy', round_trip: true, traveler_id: 100001 } },
    { type: 'train', data: { origin: 'Lausanne', destination: 'Paris', destination_country: 'FR', round_trip: true, traveler_id: 100002 } },
    { type: 'plane', data: { origin: 'ZRH', destination: 'LHR', cabin_class: 'business', traveler_id: 100003 } },
    { type: 'train', data: { origin: 'Zürich', destination: 'Munich', number_of_trips: 2, traveler_id: 100004 } },
  ],
  'OCEAN-LAB': [
    { type: 'plane', data: { origin: 'CDG', destination: 'JFK', round_trip: true, traveler_id: 200002 } },
    { type: 'train', data: { origin: 'Genève', destination: 'Zürich', class: 'first', round_trip: true, traveler_id: 200001 } },
  ],
};

async function isEmpty(pool: Pool, unit: string, year: number, module: ModuleType): Promise<{ unitId: number } | null> {
  const { rows } = await pool.query<{ unit_id: number; n: number }>(
    `SELECT u.id AS unit_id, (SELECT count(*)::int FROM data_entries e WHERE e.carbon_report_module_id = m.id) AS n
       FROM units u JOIN carbon_reports r ON r.unit_id = u.id AND r.year = $2
       JOIN carbon_report_modules m ON m.carbon_report_id = r.id AND m.module_type = $3
      WHERE u.institutional_id = $1`,
    [unit, year, module],
  );
  return rows[0] && rows[0].n === 0 ? { unitId: rows[0].unit_id } : null;
}

export async function seedDemoEntries(pool: Pool): Promise<void> {
  // One seeder at a time when several instances start together; the writes use other
  // connections, the lock is held by this one.
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', ['seed-demo-entries']);
    await seedAll(pool);
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', ['seed-demo-entries']).catch(() => {});
    lock.release();
  }
}

async function seedAll(pool: Pool): Promise<void> {
  const actor = systemActor();
  for (const year of DEMO_YEARS) {
    for (const unit of Object.keys(MEMBERS)) {
      const headcount = await isEmpty(pool, unit, year, 'headcount');
      if (headcount) {
        for (const [personNumber, name, fte, position] of MEMBERS[unit]!) {
          const data = { user_institutional_id: String(personNumber), name, fte, position };
          await createEntry(pool, actor, { ...headcount, year, module: 'headcount' }, ENTRY_TYPES.member!, data, 'demo');
        }
      }
      const travel = await isEmpty(pool, unit, year, 'professional_travel');
      if (travel) {
        for (const trip of TRIPS[unit] ?? []) {
          const data = { ...trip.data, departure_date: `${year}-0${(trip.data.traveler_id as number) % 9 + 1}-15` };
          await createEntry(pool, actor, { ...travel, year, module: 'professional_travel' }, ENTRY_TYPES[trip.type]!, data, 'demo');
        }
      }
    }
  }
}
