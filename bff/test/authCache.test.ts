// Instances remember sessions and users (bff/src/auth/authCache.ts). What a user or an operator
// changes on one instance, or in the database, must reach every instance at once through
// NOTIFY — not after the memory's time limit (30 s by default, far beyond these deadlines).
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { startTestStack, type TestStack } from './support/stack';
import { login, TestClient } from './support/httpClient';

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

/** Asks until the answer is `status`; fails after a deadline far below the memory's time limit. */
async function eventually(c: TestClient, path: string, status: number): Promise<void> {
  const deadline = Date.now() + 3_000;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await c.get(path)).status;
    if (last === status) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(last).toBe(status);
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
