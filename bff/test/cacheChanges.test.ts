// Instances remember sessions and users (bff/src/auth/authCache.ts), factors, module addresses and
// headcount member lists (bff/src/domain/referenceCache.ts). What a user or an operator changes on one instance, or in
// the database, must reach every instance at once through NOTIFY — not after the memory's time
// limit (30 s by default, far beyond these deadlines).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { MODULE_TYPES } from '@carbon/shared';
import { startTestStack, type TestStack } from './support/stack';
import { login, TestClient } from './support/httpClient';
import { addMember } from './support/carbon';
import { HEADCOUNT_HEADER, settled, upload } from './support/pipeline';

let stack: TestStack;
let db: pg.Pool;
beforeAll(async () => {
  stack = await startTestStack({ instances: 2 });
  db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
});
afterAll(async () => {
  await db?.end();
  await stack?.stop();
});

/** A client of instance `i` carrying `from`'s session cookie. */
function sameBrowser(from: TestClient, i: number): TestClient {
  const c = stack.client(i);
  c.jar.set(c.baseUrl, 'auth_token', from.sessionCookie()!);
  return c;
}

/** Tries until `done` says yes; fails after a deadline far below the memory's time limit. */
async function until<T>(attempt: () => Promise<T>, done: (t: T) => boolean): Promise<T> {
  const deadline = Date.now() + 3_000;
  let last = await attempt();
  while (!done(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    last = await attempt();
  }
  return last;
}

async function eventually(c: TestClient, path: string, status: number): Promise<void> {
  expect((await until(() => c.get(path), (r) => r.status === status)).status).toBe(status);
}

it('refuses a session on every instance once it is signed out on one', async () => {
  const a = stack.client(0);
  await login(a, 'alice');
  const b = sameBrowser(a, 1);
  // Both instances now remember the session.
  expect((await a.get('/api/v1/session')).status).toBe(200);
  expect((await b.get('/api/v1/session')).status).toBe(200);
  expect((await b.get('/api/v1/session')).status).toBe(200);

  expect((await a.delete('/api/v1/session')).status).toBe(200);
  expect((await sameBrowser(a, 0).get('/api/v1/session')).status).toBe(401);
  await eventually(b, '/api/v1/session', 401);
});

it('applies a role taken away in the database on every instance', async () => {
  const a = stack.client(0);
  await login(a, 'dan'); // principal of OCEAN-LAB
  const b = sameBrowser(a, 1);
  const { rows } = await db.query<{ unit_id: number }>(
    `SELECT r.unit_id FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.sub = 'dan' AND r.role = 'principal'`,
  );
  const unitReports = `/api/v1/carbon_reports?unit_id=${rows[0]!.unit_id}&year=2025`;
  expect((await a.get(unitReports)).status).toBe(200);
  expect((await b.get(unitReports)).status).toBe(200);

  await db.query(`DELETE FROM user_roles WHERE user_id = (SELECT id FROM users WHERE sub = 'dan')`);
  await eventually(a, unitReports, 403);
  await eventually(b, unitReports, 403);
  const session = await b.get('/api/v1/session');
  expect(session.body.roles).toEqual([]);
});

it('ends a session deleted in the database (say, by an operator) on every instance', async () => {
  const a = stack.client(0);
  await login(a, 'bob');
  const b = sameBrowser(a, 1);
  expect((await a.get('/api/v1/session')).status).toBe(200);
  expect((await b.get('/api/v1/session')).status).toBe(200);
  await db.query(`DELETE FROM session WHERE sess ->> 'userId' = (SELECT id::text FROM users WHERE sub = 'bob')`);
  await eventually(a, '/api/v1/session', 401);
  await eventually(b, '/api/v1/session', 401);
});

describe('reference data', () => {
  let unitId: number;
  const plane = { origin: 'GVA', destination: 'JFK', cabin_class: 'economy', traveler_id: 100001 };
  beforeAll(async () => {
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM units WHERE institutional_id = 'CLIMATE-LAB'`);
    unitId = rows[0]!.id;
  });

  it('computes the next write on every instance with a factor changed in the database', async () => {
    const a = stack.client(0);
    await login(a, 'alice');
    const b = sameBrowser(a, 1);
    const planes = `/api/modules/${unitId}/2025/professional-travel/plane`;
    await addMember(a, unitId, 2025, 100001, 'Alice Martin', 1);
    const before = [(await a.post(planes, plane)).body, (await b.post(planes, plane)).body];
    expect(before.map((e) => e.emissions[0].meta.factor.values.kg_co2eq_per_km)).toEqual([0.1517, 0.1517]); // the library's long-haul economy row (ADEME)

    await db.query(
      `UPDATE factors SET "values" = jsonb_build_object('kg_co2eq_per_km', 0.5)
        WHERE data_entry_type = 'plane' AND year = 2025 AND classification = '{"band": "long", "cabin_class": "economy"}'`,
    );
    for (const c of [a, b]) {
      const after = await until(() => c.post(planes, plane), (r) => r.body.emissions?.[0]?.meta.factor.values.kg_co2eq_per_km === 0.5);
      expect(after.body.emissions[0].meta.factor.values.kg_co2eq_per_km).toBe(0.5);
      expect(after.body.kg_co2eq).toBeCloseTo(after.body.emissions[0].quantity * 0.5, 3);
    }
  });

  it('refuses writes on every instance to a carbon report deleted in the database', async () => {
    const { rows } = await db.query<{ id: number }>(
      `WITH r AS (INSERT INTO carbon_reports (unit_id, year) VALUES ($1, 2018) RETURNING id)
       INSERT INTO carbon_report_modules (carbon_report_id, module_type) SELECT r.id, m FROM r, unnest($2::text[]) m
       RETURNING carbon_report_id AS id`,
      [unitId, MODULE_TYPES],
    );
    const a = stack.client(0);
    await login(a, 'alice');
    const b = sameBrowser(a, 1);
    const members = `/api/modules/${unitId}/2018/headcount/member`;
    const member = (n: number) => ({ user_institutional_id: String(180000 + n), name: `Member ${n}`, fte: 1 });
    expect((await a.post(members, member(1))).status).toBe(201);
    expect((await b.post(members, member(2))).status).toBe(201);

    await db.query('DELETE FROM carbon_reports WHERE id = $1', [rows[0]!.id]);
    let n = 3;
    for (const c of [a, b]) {
      const refused = await until(() => c.post(members, member(n++)), (r) => r.status === 404);
      expect(refused.status).toBe(404);
      expect(refused.body.detail).toBe('There is no carbon report for this unit in 2018.');
    }
  });
});

describe('member lists (GET …/headcount/members)', () => {
  let unitId: number;
  const YEAR = 2017;
  beforeAll(async () => {
    const { rows } = await db.query<{ id: number }>(
      `WITH r AS (INSERT INTO carbon_reports (unit_id, year) SELECT id, ${YEAR} FROM units WHERE institutional_id = 'CLIMATE-LAB' RETURNING id, unit_id)
       INSERT INTO carbon_report_modules (carbon_report_id, module_type) SELECT r.id, m FROM r, unnest($1::text[]) m
       RETURNING (SELECT unit_id FROM r) AS id`,
      [MODULE_TYPES],
    );
    unitId = rows[0]!.id;
  });
  const path = () => `/api/modules/${unitId}/${YEAR}/headcount/members`;
  const names = async (c: TestClient) => ((await c.get(path())).body as { name: string }[]).map((m) => m.name);
  const eventuallyNames = async (c: TestClient, expected: string[]) => {
    expect(await until(() => names(c), (n) => JSON.stringify(n) === JSON.stringify(expected))).toEqual(expected);
  };

  it('is sent compressed with an entity tag, and 304 when the browser has it', async () => {
    const a = stack.client(0);
    await login(a, 'alice');
    await addMember(a, unitId, YEAR, 170001, 'Ada', 1);
    const first = await a.get(path());
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.body).toEqual([{ person_number: 170001, name: 'Ada' }]);
    const again = await a.get(path());
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    // As a browser revalidates its cached copy (fetch() would add `no-cache` to a bare If-None-Match).
    const revalidate = { 'if-none-match': first.headers.get('etag')!, 'cache-control': 'max-age=0' };
    expect((await a.get(path(), revalidate)).status).toBe(304);
    const plain = await a.get(path(), { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toEqual(first.body);
  });

  it('shows every change at once on the writing instance and as soon as announced on the other', async () => {
    const a = stack.client(0);
    await login(a, 'alice');
    const b = sameBrowser(a, 1);
    expect(await names(a)).toEqual(['Ada']);
    expect(await names(b)).toEqual(['Ada']);

    // Path 1 on instance 0: its own next read sees it without waiting for the notice.
    const bea = await addMember(a, unitId, YEAR, 170002, 'Bea', 1);
    expect(await names(a)).toEqual(['Ada', 'Bea']);
    await eventuallyNames(b, ['Ada', 'Bea']);

    // A rename on instance 1.
    expect((await b.patch(`/api/modules/${unitId}/${YEAR}/headcount/member/${bea.id}`, { name: 'Beatrice' })).status).toBe(200);
    expect(await names(b)).toEqual(['Ada', 'Beatrice']);
    await eventuallyNames(a, ['Ada', 'Beatrice']);

    // Straight in the database.
    await db.query(`DELETE FROM data_entries WHERE id = $1`, [bea.id]);
    await eventuallyNames(a, ['Ada']);
    await eventuallyNames(b, ['Ada']);

    // A headcount file through the Path 2 pipeline (csv_ingest writes data_entries only).
    const olga = stack.client(1);
    await login(olga, 'olga');
    const csv = [HEADCOUNT_HEADER, '170003,Cleo,1,researcher', '170004,Dora,0.5,engineer'].join('\n');
    expect((await upload(olga, { module: 'headcount', type: 'member', year: YEAR, unit_id: unitId }, csv)).status).toBe(202);
    await settled(db);
    await eventuallyNames(a, ['Ada', 'Cleo', 'Dora']);
    await eventuallyNames(b, ['Ada', 'Cleo', 'Dora']);
  });
});
