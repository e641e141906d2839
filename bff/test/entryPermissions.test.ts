// Permission matrix: each role × each route × own unit / other unit / unknown unit.
// Principals and back-office may do everything on their units; standard users see and edit only
// their own trips and their own member row; no right on a known unit → 403; unknown → 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, type DemoIds } from './support/carbon';
import type { TestClient } from './support/httpClient';
import { MODULES, personLinkedEntryTypes } from '@carbon/shared';

type Unit = 'CLIMATE-LAB' | 'OCEAN-LAB' | 'UNKNOWN';
type Who = 'alice' | 'bob' | 'carol' | 'dan' | 'olga' | 'adam';
const PERSON: Record<Who, number> = { alice: 100001, bob: 100002, carol: 200001, dan: 200002, olga: 900001, adam: 900002 };
/** Two headcount members per unit: [principal, standard user]. */
const MEMBERS: Record<Exclude<Unit, 'UNKNOWN'>, [number, number]> = { 'CLIMATE-LAB': [100001, 100002], 'OCEAN-LAB': [200002, 200001] };

let stack: TestStack;
let ids: DemoIds;
const UNKNOWN_ID = 987654;

interface Ctx {
  c: TestClient;
  unitId: number;
  reportId: number;
  own: number;
  colleague: number;
  tripOf: (traveler: number) => Promise<number>;
}

const travel = (x: Ctx) => `/api/modules/${x.unitId}/2025/professional-travel/plane`;
const v1 = (x: Ctx) => `/api/v1/carbon_reports/${x.reportId}/modules/professional_travel/data-entry`;
const plane = (traveler: number) => ({ origin: 'GVA', destination: 'CDG', traveler_id: traveler });

const OPS: Record<string, (x: Ctx) => Promise<number>> = {
  'GET report': async (x) => (await x.c.get(`/api/v1/carbon_reports/${x.reportId}`)).status,
  'GET reports of unit': async (x) => (await x.c.get(`/api/v1/carbon_reports?unit_id=${x.unitId}`)).status,
  'list trips (v1)': async (x) => (await x.c.get(v1(x))).status,
  'create own trip (v1)': async (x) => (await x.c.post(v1(x), { data_entry_type: 'plane', ...plane(x.own) })).status,
  'create colleague trip (travel create)': async (x) => (await x.c.post(travel(x), plane(x.colleague))).status,
  'create own trip (travel create)': async (x) => (await x.c.post(travel(x), plane(x.own))).status,
  'read own trip': async (x) => (await x.c.get(`${travel(x)}/${await x.tripOf(x.own)}`)).status,
  'read colleague trip': async (x) => (await x.c.get(`${travel(x)}/${await x.tripOf(x.colleague)}`)).status,
  'how own trip was computed': async (x) => (await x.c.get(`${travel(x)}/${await x.tripOf(x.own)}/emissions`)).status,
  'how colleague trip was computed (v1)': async (x) => (await x.c.get(`${v1(x)}/${await x.tripOf(x.colleague)}/emissions`)).status,
  'factors of the year (GET /v1/units/{unit}/years/2025/factors)': async (x) => (await x.c.get(`/api/v1/units/${x.unitId}/years/2025/factors`)).status,
  'update own trip (v1)': async (x) => (await x.c.patch(`${v1(x)}/${await x.tripOf(x.own)}`, { round_trip: true })).status,
  'update colleague trip': async (x) => (await x.c.patch(`${travel(x)}/${await x.tripOf(x.colleague)}`, { round_trip: true })).status,
  'delete own trip': async (x) => (await x.c.delete(`${travel(x)}/${await x.tripOf(x.own)}`)).status,
  'delete colleague trip (v1)': async (x) => (await x.c.delete(`${v1(x)}/${await x.tripOf(x.colleague)}`)).status,
  'validate module': async (x) => (await x.c.patch(`/api/v1/carbon_reports/${x.reportId}/modules/professional_travel/status`, { status: 'validated' })).status,
  'headcount members (GET …/headcount/members)': async (x) => (await x.c.get(`/api/modules/${x.unitId}/2025/headcount/members`)).status,
  'module summary (GET …/{module})': async (x) => (await x.c.get(`/api/modules/${x.unitId}/2025/professional-travel`)).status,
  'list members': async (x) => (await x.c.get(`/api/modules/${x.unitId}/2025/headcount/member`)).status,
  'create member': async (x) =>
    (await x.c.post(`/api/modules/${x.unitId}/2025/headcount/member`, { user_institutional_id: String(700000 + Math.floor(Math.random() * 99999)), name: 'New', fte: 1 })).status,
};

const FULL: Record<string, number> = {
  'GET report': 200,
  'GET reports of unit': 200,
  'list trips (v1)': 200,
  'create own trip (v1)': 201,
  'create colleague trip (travel create)': 201,
  'create own trip (travel create)': 201,
  'read own trip': 200,
  'read colleague trip': 200,
  'how own trip was computed': 200,
  'how colleague trip was computed (v1)': 200,
  'factors of the year (GET /v1/units/{unit}/years/2025/factors)': 200,
  'update own trip (v1)': 200,
  'update colleague trip': 200,
  'delete own trip': 204,
  'delete colleague trip (v1)': 204,
  'validate module': 200,
  'headcount members (GET …/headcount/members)': 200,
  'module summary (GET …/{module})': 200,
  'list members': 200,
  'create member': 201,
};
const OWN_ROWS: Record<string, number> = {
  ...FULL,
  'create colleague trip (travel create)': 403,
  'read colleague trip': 403,
  'how colleague trip was computed (v1)': 403,
  'update colleague trip': 403,
  'delete colleague trip (v1)': 403,
  'validate module': 403,
  'create member': 403,
};
const NONE: Record<string, number> = Object.fromEntries(Object.keys(FULL).map((k) => [k, 403]));
const UNKNOWN: Record<string, number> = Object.fromEntries(Object.keys(FULL).map((k) => [k, 404]));

const ROLE_ON: Record<Who, Record<Unit, Record<string, number>>> = {
  alice: { 'CLIMATE-LAB': FULL, 'OCEAN-LAB': NONE, UNKNOWN },
  bob: { 'CLIMATE-LAB': OWN_ROWS, 'OCEAN-LAB': NONE, UNKNOWN },
  carol: { 'CLIMATE-LAB': NONE, 'OCEAN-LAB': OWN_ROWS, UNKNOWN },
  dan: { 'CLIMATE-LAB': NONE, 'OCEAN-LAB': FULL, UNKNOWN },
  olga: { 'CLIMATE-LAB': FULL, 'OCEAN-LAB': FULL, UNKNOWN },
  adam: { 'CLIMATE-LAB': FULL, 'OCEAN-LAB': FULL, UNKNOWN },
};

const cases = (Object.keys(ROLE_ON) as Who[]).flatMap((who) =>
  (['CLIMATE-LAB', 'OCEAN-LAB', 'UNKNOWN'] as Unit[]).flatMap((unit) => Object.keys(OPS).map((op) => [who, op, unit, ROLE_ON[who][unit][op]!] as const)),
);

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  const olga = await as(stack, 'olga');
  const names: Record<number, string> = { 100001: 'Alice Martin', 100002: 'Bob Keller', 200001: 'Carol Rossi', 200002: 'Dan Weber' };
  for (const [unit, people] of Object.entries(MEMBERS)) {
    for (const n of people) await addMember(olga, ids.unit[unit]!, 2025, n, names[n]!);
  }
});
afterAll(() => stack?.stop());

async function ctxFor(who: Who, unit: Unit): Promise<Ctx> {
  const olga = await as(stack, 'olga');
  const unitId = unit === 'UNKNOWN' ? UNKNOWN_ID : ids.unit[unit]!;
  const reportId = unit === 'UNKNOWN' ? UNKNOWN_ID : ids.report[`${unit}/2025`]!;
  const members = unit === 'UNKNOWN' ? ([100001, 100002] as [number, number]) : MEMBERS[unit];
  const own = members.includes(PERSON[who]) ? PERSON[who] : members[0];
  const colleague = own === members[0] ? members[1] : members[0];
  return {
    c: await as(stack, who),
    unitId,
    reportId,
    own,
    colleague,
    // a fresh trip created by back-office for that traveler (any id in an unknown unit)
    tripOf: async (traveler) => {
      if (unit === 'UNKNOWN') return 1;
      const res = await olga.post(`/api/modules/${unitId}/2025/professional-travel/plane`, plane(traveler));
      if (res.status !== 201) throw new Error(`setup trip: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id;
    },
  };
}

describe('permission matrix', () => {
  it.each(cases)('%s: %s on %s → %i', async (who, op, unit, expected) => {
    expect(await OPS[op]!(await ctxFor(who, unit))).toBe(expected);
  });
});

describe('own rows for standard users', () => {
  it('lists only their own trips, in both route families', async () => {
    const x = await ctxFor('bob', 'CLIMATE-LAB');
    await x.tripOf(100001);
    await x.tripOf(100002);
    for (const url of [v1(x), travel(x)]) {
      const res = await x.c.get(`${url}?limit=500`);
      expect(res.body.items.length).toBeGreaterThan(0);
      expect(res.body.total).toBe(res.body.items.length);
      expect(res.body.items.every((e: { traveler_id: number }) => e.traveler_id === 100002)).toBe(true);
    }
    const members = await x.c.get(`/api/modules/${x.unitId}/2025/headcount/member`);
    expect(members.body.items.map((m: { user_institutional_id: string }) => m.user_institutional_id)).toEqual(['100002']);
  });

  it('cannot move their trip to someone else', async () => {
    const x = await ctxFor('bob', 'CLIMATE-LAB');
    const id = await x.tripOf(100002);
    const res = await x.c.patch(`${travel(x)}/${id}`, { traveler_id: 100001 });
    expect(res.status).toBe(403);
    expect((await x.c.get(`${travel(x)}/${id}`)).body.traveler_id).toBe(100002);
  });

  it('cannot record a trip without a traveler (deprecated name-only path), which would not be theirs', async () => {
    const x = await ctxFor('bob', 'CLIMATE-LAB');
    expect((await x.c.post(travel(x), { origin: 'GVA', destination: 'CDG', traveler_name: 'Bob' })).status).toBe(403);
  });

  it('sees module status but not unit totals', async () => {
    const x = await ctxFor('bob', 'CLIMATE-LAB');
    const report = await x.c.get(`/api/v1/carbon_reports/${x.reportId}`);
    expect(report.body.stats).toBeNull();
    expect(report.body.modules.every((m: { stats: unknown; status: string }) => m.stats === null && typeof m.status === 'string')).toBe(true);
    const summary = await x.c.get(`/api/modules/${x.unitId}/2025/professional-travel`);
    expect(summary.body.stats).toBeNull();
    const { rows } = await stack.server.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id
        WHERE m.carbon_report_id = $1 AND m.module_type = 'professional_travel' AND e.data ->> 'traveler_id' = '100002' AND e.data_entry_type = 'plane'`,
      [x.reportId],
    );
    expect(summary.body.entry_counts.plane).toBe(rows[0]!.n);
  });
});

describe('a standard user naming another person', () => {
  // Every entry type whose rows a standard user may write for themselves, with a payload each
  // (a type added to the registry fails here until it has one).
  const PAYLOAD: Record<string, Record<string, unknown>> = {
    plane: { origin: 'GVA', destination: 'CDG' },
    train: { origin: 'Lausanne', destination: 'Bern' },
    road_sea: { mode: 'bus', distance_km: 12 },
    commute: { mode: 'bus', distance_km: 5, days_per_week: 5 },
  };
  const ownWritable = personLinkedEntryTypes().filter((t) => MODULES[t.module].ownRows.includes('edit'));

  it('covers every entry type a standard user writes rows of', () => {
    expect(ownWritable.map((t) => t.type).sort()).toEqual(Object.keys(PAYLOAD).sort());
  });

  // 100001 is a member of the unit's headcount, 100099 is not: the answers must not tell them apart.
  it.each(ownWritable.map((t) => [t.type, t] as const))('%s: gets the same 403 whether or not the number is a member, on create and on update', async (_name, t) => {
    const x = await ctxFor('bob', 'CLIMATE-LAB');
    const url = `/api/modules/${x.unitId}/2025/${MODULES[t.module].slug}/${t.slug}`;
    const idField = t.traveler!.idField;
    const own = await x.c.post(url, { ...PAYLOAD[t.type], [idField]: x.own });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const answers = [];
    for (const other of [x.colleague, 100099]) {
      const created = await x.c.post(url, { ...PAYLOAD[t.type], [idField]: other });
      const updated = await x.c.patch(`${url}/${own.body.id}`, { [idField]: other });
      answers.push({ created: [created.status, created.body], updated: [updated.status, updated.body] });
    }
    expect(answers[0]!.updated[0]).toBe(403);
    expect(answers[0]!.created[0]).toBe(403);
    expect(answers[1]).toEqual(answers[0]);
    expect((await x.c.get(`${url}/${own.body.id}`)).body[idField]).toBe(x.own);
    expect((await x.c.delete(`${url}/${own.body.id}`)).status).toBe(204);
  });
});

it('refuses every carbon route without a session', async () => {
  const c = stack.client();
  const u = ids.unit['CLIMATE-LAB']!;
  for (const path of [`/api/v1/carbon_reports`, `/api/modules/${u}/2025/headcount/members`, `/api/modules/${u}/2025/professional-travel`, '/api/locations/airports?q=gva']) {
    expect((await c.get(path)).status).toBe(401);
  }
});
