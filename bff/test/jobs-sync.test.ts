// /api/sync over HTTP: unit sync (a real tracked GLOBAL_PER_YEAR job), the job console and manual
// recovery, with permissions; unit directory sources (file, HTTP, CSV) and principal roles.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_TYPES } from '@carbon/shared';
import type { Pool } from '../src/db/pool';
import { createJobPool, JobRunner } from '../src/jobs/runner';
import { unitSyncHandler } from '../src/jobs/handlers/unitSync';
import { startTestStack, type TestStack } from './support/stack';
import { login, type TestClient } from './support/httpClient';
import { SseClient } from './support/sse';
import { deferred, silentLog, waitFor } from './support/jobs';

let stack: TestStack;
let olga: TestClient;
let alice: TestClient;
let bob: TestClient;
const gate = deferred();

beforeAll(async () => {
  stack = await startTestStack();
  stack.server.jobs.register({ type: 'test_block', writes: [], run: () => gate.promise });
  stack.server.jobs.register({ type: 'test_quick', writes: [], run: async () => {} });
  [olga, alice, bob] = [stack.client(), stack.client(), stack.client()];
  await Promise.all([login(olga, 'olga'), login(alice, 'alice'), login(bob, 'bob')]);
});
afterAll(async () => {
  gate.resolve();
  await stack?.stop();
});

const db = () => stack.server.pool;
const unitId = async (iid: string) => (await db().query<{ id: number }>('SELECT id FROM units WHERE institutional_id = $1', [iid])).rows[0]!.id;
const finished = (c: TestClient, id: number) =>
  waitFor(`job ${id} to finish`, async () => {
    const r = await c.get(`/api/sync/jobs/${id}`);
    return r.body.state === 'FINISHED' ? r.body : undefined;
  });

describe('POST /api/sync/units', () => {
  it('starts a tracked unit sync that creates the year’s reports and modules, and streams its events', async () => {
    const sse = await SseClient.open(olga);
    await sse.waitFor((e) => e.event === 'snapshot');
    const res = await olga.post('/api/sync/units', { year: 2027 });
    expect(res.status).toBe(202);
    expect(Number.isSafeInteger(res.body.job_id) && res.body.job_id > 0).toBe(true);
    expect(res.body.pipeline_id).toMatch(/^[0-9a-f-]{36}$/);

    const job = await finished(olga, res.body.job_id);
    expect(job).toMatchObject({ job_type: 'unit_sync', entity_type: 'GLOBAL_PER_YEAR', target: 'UNITS', year: 2027, result: 'SUCCESS', attempts: 1 });
    expect(job.locked_by).toBe(stack.server.jobs.runner.instanceId);
    expect(job.started_at && job.finished_at && job.duration_ms >= 0).toBeTruthy();
    expect(job.report).toMatchObject({ units: { listed: 6, created: 3 }, reports_created: 4, modules_created: 4 * MODULE_TYPES.length });
    expect(job.report.principals).toMatchObject({ listed: 4, waiting_for_first_login: 2 });

    const { rows } = await db().query<{ iid: string; modules: number }>(
      `SELECT u.institutional_id AS iid, count(m.id)::int AS modules
         FROM carbon_reports r JOIN units u ON u.id = r.unit_id LEFT JOIN carbon_report_modules m ON m.carbon_report_id = r.id
        WHERE r.year = 2027 GROUP BY u.institutional_id ORDER BY 1`,
    );
    expect(rows).toEqual(['CLIMATE-LAB', 'GLACIER-LAB', 'OCEAN-LAB', 'URBAN-LAB'].map((iid) => ({ iid, modules: MODULE_TYPES.length })));
    const parent = await db().query(`SELECT p.institutional_id FROM units u JOIN units p ON p.id = u.parent_id WHERE u.institutional_id = 'URBAN-LAB'`);
    expect(parent.rows[0].institutional_id).toBe('FAC-ENG');

    const events = await sse.waitFor((e) => e.event === 'job' && e.data.id === res.body.job_id && e.data.state === 'FINISHED');
    expect(events.data).toMatchObject({ result: 'SUCCESS', pipeline_id: res.body.pipeline_id, pipeline_active: false });
    const mine = sse.of('job').filter((e) => e.data.id === res.body.job_id);
    expect(mine.map((e) => e.data.state)).toContain('RUNNING');
    expect(mine.map((e) => e.data.progress.phase)).toEqual(expect.arrayContaining(['reading', 'units', 'principals', 'reports']));
    expect(new Set(mine.map((e) => e.id)).size).toBe(mine.length);
    sse.close();
  });

  it('is idempotent: the same year again creates nothing new', async () => {
    const res = await olga.post('/api/sync/units', { year: 2027 });
    const job = await finished(olga, res.body.job_id);
    expect(job.report).toMatchObject({ units: { created: 0 }, reports_created: 0, modules_created: 0 });
    // The second job of the combination became current; the first one no longer is.
    const list = await olga.get('/api/sync/jobs?job_type=unit_sync&year=2027&sort=id&order=asc');
    expect(list.body.items.map((j: any) => j.is_current)).toEqual([false, true]);
  });

  it('grants a waiting principal role when the person first signs in', async () => {
    const glacier = await unitId('GLACIER-LAB');
    // What the session route's first-login INSERT does for a new person.
    const { rows } = await db().query<{ id: number }>(`INSERT INTO users (iss, sub, name, person_number) VALUES ('https://idp.example', 'newcomer', 'New Comer', 300001) RETURNING id`);
    const roles = await db().query('SELECT role, unit_id, source FROM user_roles WHERE user_id = $1', [rows[0]!.id]);
    expect(roles.rows).toEqual([{ role: 'principal', unit_id: glacier, source: 'directory' }]);
  });

  it('answers 403 without back-office units edit, 422 for a bad year, 401 without a session', async () => {
    expect((await alice.post('/api/sync/units', { year: 2027 })).status).toBe(403);
    expect((await bob.post('/api/sync/units', { year: 2027 })).status).toBe(403);
    for (const body of [{}, { year: 'next' }, { year: 1800 }, { year: 2027.5 }, { year: 20255 }]) {
      const res = await olga.post('/api/sync/units', body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'year', message: 'must be a year from 1990 to 2100' })]);
    }
    expect((await stack.client().post('/api/sync/units', { year: 2027 })).status).toBe(401);
  });
});

describe('unit directory sources', () => {
  let pool: Pool;
  let runner: JobRunner;
  let server: http.Server;
  let body = '';
  let status = 200;
  let type = 'text/csv';

  beforeAll(async () => {
    server = http.createServer((_req, res) => res.writeHead(status, { 'content-type': type }).end(body));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/units.csv`;
    pool = createJobPool(stack.databaseUrl, 4);
    runner = new JobRunner({ pool, log: silentLog, poll: false });
    runner.register(unitSyncHandler({ source: url }));
    await runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await pool.end();
    server.close();
  });

  const sync = async (year: number) => {
    const job = await runner.createJob({ job_type: 'unit_sync', entity_type: 'GLOBAL_PER_YEAR', target: 'UNITS', year });
    await runner.whenIdle();
    return (await pool.query('SELECT * FROM data_ingestion_jobs WHERE id = $1', [job.id])).rows[0];
  };

  it('reads CSV over HTTP, skips bad rows with a warning, and revokes only directory roles that are gone', async () => {
    body = [
      'institutional_id,name,parent,reporting,principals',
      'CLIMATE-LAB,Climate Dynamics Lab,FAC-SCI,true,100001;300009',
      'GLACIER-LAB,Glaciology Lab,FAC-SCI,true,',
      ',No id,FAC-SCI,true,',
      'SOIL-LAB,Soil Lab,NO-SUCH-PARENT,yes,x12',
    ].join('\n');
    const job = await sync(2028);
    expect(job).toMatchObject({ state: 'FINISHED', result: 'WARNING' });
    expect(job.report.format).toBe('csv');
    expect(job.report.issues).toHaveLength(2);
    expect(job.report.issues.map((i: any) => i.row)).toEqual([4, 5]);
    // The newcomer (300001) is no longer GLACIER-LAB's principal; Alice's own grant stays.
    const glacier = await unitId('GLACIER-LAB');
    const newcomer = await pool.query(`SELECT 1 FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.sub = 'newcomer' AND r.unit_id = $1`, [glacier]);
    expect(newcomer.rowCount).toBe(0);
    const aliceRole = await pool.query(`SELECT source FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.sub = 'alice' AND r.role = 'principal'`);
    expect(aliceRole.rows).toEqual([{ source: 'manual' }]);
    const pending = await pool.query(`SELECT person_number FROM directory_principals WHERE unit_id = $1`, [await unitId('CLIMATE-LAB')]);
    expect(pending.rows.map((r) => r.person_number).sort()).toEqual([100001, 300009]);
  });

  it('ends in ERROR at once when the directory answers 404, and retries a 5xx', async () => {
    status = 404;
    const notFound = await sync(2028);
    expect(notFound).toMatchObject({ state: 'FINISHED', result: 'ERROR', attempts: 1 });
    expect(notFound.status_message).toMatch(/HTTP 404/);
    status = 503;
    const unavailable = await runner.createJob({ job_type: 'unit_sync', entity_type: 'GLOBAL_PER_YEAR', target: 'UNITS', year: 2029 });
    await waitFor('the first attempt to fail', async () => (await pool.query(`SELECT state FROM data_ingestion_jobs WHERE id = $1`, [unavailable.id])).rows[0].state === 'NOT_STARTED');
    status = 200;
    type = 'application/json';
    body = JSON.stringify({ units: [{ institutional_id: 'CLIMATE-LAB', name: 'Climate Dynamics Lab', parent: 'FAC-SCI', principals: [100001] }] });
    await waitFor('the retry to succeed', async () => (await pool.query(`SELECT result FROM data_ingestion_jobs WHERE id = $1`, [unavailable.id])).rows[0].result === 'SUCCESS', 15_000);
  });
});

describe('GET /api/sync/jobs', () => {
  let climateJob: number;
  let oceanJob: number;
  beforeAll(async () => {
    const insert = async (unit: string) =>
      (
        await db().query<{ id: number }>(
          `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type, unit_id, year, state, result, locked_by)
           VALUES ('csv_ingest', 'MODULE_UNIT_SPECIFIC', 'DATA_ENTRIES', 'professional_travel', $1, 2025, 'FINISHED', 'SUCCESS', 'elsewhere') RETURNING id`,
          [await unitId(unit)],
        )
      ).rows[0]!.id;
    climateJob = await insert('CLIMATE-LAB');
    oceanJob = await insert('OCEAN-LAB');
  });

  it('lists and filters every job for back-office, paginated', async () => {
    const all = await olga.get('/api/sync/jobs?limit=2');
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(2);
    expect(all.body.total).toBeGreaterThanOrEqual(4);
    expect(all.body.items[0].id).toBeGreaterThan(all.body.items[1].id);
    const filtered = await olga.get('/api/sync/jobs?state=FINISHED&job_type=csv_ingest&year=2025');
    expect(filtered.body.items.map((j: any) => j.id).sort()).toEqual([climateJob, oceanJob].sort());
    const pipeline = (await olga.get(`/api/sync/jobs/${climateJob}`)).body.pipeline_id;
    expect((await olga.get(`/api/sync/jobs?pipeline_id=${pipeline}`)).body.items.map((j: any) => j.id)).toEqual([climateJob]);
    const past = await olga.get('/api/sync/jobs?page=1000&limit=10');
    expect(past.body).toMatchObject({ items: [], page: 1000, limit: 10 });
    expect(past.body.total).toBe(all.body.total);
  });

  it('shows principals the jobs of their units only', async () => {
    const list = await alice.get('/api/sync/jobs');
    expect(list.status).toBe(200);
    expect(list.body.items.map((j: any) => j.id)).toEqual([climateJob]);
    expect((await alice.get(`/api/sync/jobs/${climateJob}`)).status).toBe(200);
    expect((await alice.get(`/api/sync/jobs/${oceanJob}`)).status).toBe(403);
    const unitSync = (await olga.get('/api/sync/jobs?job_type=unit_sync')).body.items[0].id;
    expect((await alice.get(`/api/sync/jobs/${unitSync}`)).status).toBe(403);
  });

  it('refuses users without a job scope and answers 404, 422 with a detail', async () => {
    expect((await bob.get('/api/sync/jobs')).status).toBe(403);
    expect((await bob.get(`/api/sync/jobs/${climateJob}`)).status).toBe(403);
    const missing = await olga.get('/api/sync/jobs/987654321');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toMatch(/987654321/);
    for (const path of ['/api/sync/jobs/abc', '/api/sync/jobs/0', '/api/sync/jobs/1e3', '/api/sync/jobs?state=DONE', '/api/sync/jobs?limit=501', '/api/sync/jobs?pipeline_id=x']) {
      const res = await olga.get(path);
      expect(res.status, path).toBe(422);
      expect(res.body.detail).toBeTypeOf('string');
    }
  });
});

describe('POST /api/sync/jobs/{job_id}/recover', () => {
  const insertRunning = async (lockedBy: string, lockedAgo = '1 second') =>
    (
      await db().query<{ id: number }>(
        `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type, state, locked_by, locked_at, attempts, is_current)
         VALUES ('test_quick', 'MODULE_PER_YEAR', 'DATA_ENTRIES', 'recover-' || $1 || '-' || md5(random()::text), 'RUNNING', $1, now() - $2::interval, 1, true) RETURNING id`,
        [lockedBy, lockedAgo],
      )
    ).rows[0]!.id;

  it('answers 409 for a healthy RUNNING job', async () => {
    const job = await stack.server.jobs.runner.createJob({ job_type: 'test_block', entity_type: 'MODULE_PER_YEAR', target: 'DATA_ENTRIES', module_type: 'healthy' });
    await waitFor('running', async () => (await olga.get(`/api/sync/jobs/${job.id}`)).body.state === 'RUNNING');
    const res = await olga.post(`/api/sync/jobs/${job.id}/recover`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/is running on instance .* which is alive/);
    expect(res.body).toMatchObject({ code: 'job_alive', params: { id: job.id, instance: expect.any(String), timeout: expect.any(Number) } });
  });

  it('rescues and runs a RUNNING job of a dead instance (attempts = 2)', async () => {
    await db().query(`INSERT INTO job_instances (id, heartbeat_at) VALUES ('dead-one', now() - interval '10 minutes')`);
    const id = await insertRunning('dead-one');
    const res = await olga.post(`/api/sync/jobs/${id}/recover`);
    expect(res.status).toBe(200);
    expect(res.body.job).toMatchObject({ id, state: 'NOT_STARTED', locked_by: null });
    expect(res.body.recovered_because).toMatch(/dead-one has been silent/);
    const job = await finished(olga, id);
    expect(job).toMatchObject({ result: 'SUCCESS', attempts: 2, locked_by: stack.server.jobs.runner.instanceId });
  });

  it('rescues a RUNNING job older than its type’s timeout, even on a live instance', async () => {
    const id = await insertRunning(stack.server.jobs.runner.instanceId, '2 hours');
    const res = await olga.post(`/api/sync/jobs/${id}/recover`);
    expect(res.status).toBe(200);
    expect(res.body.recovered_because).toMatch(/over its .* timeout/);
    await finished(olga, id);
  });

  it('fires an orphaned NOT_STARTED job, and refuses a finished one', async () => {
    const { rows } = await db().query<{ id: number }>(
      `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type) VALUES ('test_quick', 'MODULE_PER_YEAR', 'DATA_ENTRIES', 'orphan') RETURNING id`,
    );
    const res = await olga.post(`/api/sync/jobs/${rows[0]!.id}/recover`);
    expect(res.status).toBe(200);
    await finished(olga, rows[0]!.id);
    const again = await olga.post(`/api/sync/jobs/${rows[0]!.id}/recover`);
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already finished/);
  });

  it('answers 404 for an unknown id, 422 for a malformed one, 403 without jobs edit', async () => {
    const missing = await olga.post('/api/sync/jobs/987654321/recover');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toMatch(/does not exist/);
    for (const bad of ['abc', '-1', '1.5', '99999999999999999999']) {
      const res = await olga.post(`/api/sync/jobs/${bad}/recover`);
      expect(res.status, bad).toBe(422);
      expect(res.body.detail).toMatch(/job_id/);
    }
    expect((await alice.post('/api/sync/jobs/1/recover')).status).toBe(403);
    expect((await bob.post('/api/sync/jobs/1/recover')).status).toBe(403);
  });
});
