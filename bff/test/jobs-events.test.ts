// Live job events across instances: an event caused on instance A reaches
// a client on instance B; clients see only what their permissions allow; a reconnect with
// Last-Event-ID starts with a snapshot; the LISTEN connection recovers; logout ends the stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestStack, type TestStack } from './support/stack';
import { login, type TestClient } from './support/httpClient';
import { SseClient } from './support/sse';
import { deferred, sleep, waitFor, type Deferred } from './support/jobs';

let stack: TestStack;
let climate: number;
let ocean: number;
let gate: Deferred;
const clients: Record<string, TestClient> = {};
const streams: SseClient[] = [];

const open = async (who: string, headers?: Record<string, string>) => {
  const s = await SseClient.open(clients[who]!, '/api/sync/events', headers);
  streams.push(s);
  await s.waitFor((e) => e.event === 'snapshot', 10_000, `${who}'s snapshot`);
  return s;
};

beforeAll(async () => {
  stack = await startTestStack({ instances: 2 });
  // Only instance A can run this type, so its jobs run on A.
  stack.servers[0]!.jobs.register({
    type: 'test_unit_work',
    writes: [],
    run: async ({ progress }) => {
      await progress({ phase: 'computing', done: 0, total: 1 });
      await gate.promise;
    },
  });
  // Neither progress nor domain writes: claimed and finished in the statements shared with the
  // other jobs of that moment (runner.ts).
  stack.servers[0]!.jobs.register({ type: 'test_quiet_work', writes: [], run: async () => {} });
  const ids = await stack.server.pool.query<{ id: number; institutional_id: string }>(`SELECT id, institutional_id FROM units`);
  climate = ids.rows.find((r) => r.institutional_id === 'CLIMATE-LAB')!.id;
  ocean = ids.rows.find((r) => r.institutional_id === 'OCEAN-LAB')!.id;
  for (const who of ['olga', 'alice', 'bob', 'carol']) {
    clients[who] = stack.client(1); // everyone on instance B
    await login(clients[who]!, who);
  }
});
afterAll(async () => {
  gate?.resolve();
  streams.forEach((s) => s.close());
  await stack?.stop();
});

// Each test uses its own year: jobs of one combination would wait for each other.
const startOnA = (unitId: number, year: number, module = 'professional_travel') =>
  stack.servers[0]!.jobs.runner.createJob({ job_type: 'test_unit_work', entity_type: 'MODULE_UNIT_SPECIFIC', target: 'DATA_ENTRIES', module_type: module, unit_id: unitId, year });

describe('GET /api/sync/events', () => {
  it('is an uncompressed, uncached event stream for signed-in users', async () => {
    const s = await open('olga', { 'accept-encoding': 'gzip, deflate' });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(s.headers.get('content-encoding')).toBeNull();
    const anonymous = await SseClient.open(stack.client(1));
    expect(anonymous.status).toBe(401);
    s.close();
  });

  it('delivers events of a job on instance A to clients on instance B, filtered by permission', async () => {
    gate = deferred();
    const [olga, alice, bob, carol] = [await open('olga'), await open('alice'), await open('bob'), await open('carol')];
    const job = await startOnA(climate, 2025);
    const running = (s: SseClient) => s.waitFor((e) => e.event === 'job' && e.data.id === job.id && e.data.progress.phase === 'computing');
    await Promise.all([running(olga), running(alice)]);
    const badge = await bob.waitFor((e) => e.event === 'module' && e.data.unit_id === climate && e.data.phase.endsWith(':computing'));
    expect(badge.data).toMatchObject({ year: 2025, module: 'professional_travel', recalculating: true, phase: 'test_unit_work:computing' });

    gate.resolve();
    await olga.waitFor((e) => e.event === 'job' && e.data.id === job.id && e.data.state === 'FINISHED');
    await bob.waitFor((e) => e.event === 'module' && e.data.unit_id === climate && !e.data.recalculating);
    // Standard users see module activity of their unit, not the jobs themselves.
    expect(bob.of('job').some((e) => e.data.id === job.id)).toBe(false);
    // A user of another unit hears nothing about it. Events reach a stream in the order the
    // instance hears them, so once carol has the end of a later job of her own unit, anything
    // about the first one would already be there.
    await startOnA(ocean, 2025);
    await carol.waitFor((e) => e.event === 'module' && e.data.unit_id === ocean && !e.data.recalculating);
    const aboutClimate = carol.events.filter((e) => (e.event === 'job' && e.data.id === job.id) || (e.event === 'module' && e.data.unit_id === climate));
    expect(aboutClimate).toEqual([]);
    expect(carol.of('snapshot')[0]!.data.jobs.every((j: any) => j.unit_id !== climate)).toBe(true);
    // Each event carries an id.
    expect(olga.events.filter((e) => e.event !== 'snapshot').every((e) => e.id)).toBe(true);
    [olga, alice, bob, carol].forEach((s) => s.close());
  });

  it('tells every state change of a recovered job, which finishes in the shared finish statement', async () => {
    // A job left RUNNING by a dead instance, recovered through instance A, which runs its type.
    // The stream hears it go back to waiting, start its second attempt and finish, in that
    // order, and the database agrees.
    const olga = await open('olga');
    const a = stack.servers[0]!.jobs.runner;
    // Signed in before the dead job exists: the instances' safety pollers rescue such a job on
    // their own, so the time between its insert and the recovery asked for stays as short as
    // a request.
    const operatorOnA = stack.client(0);
    await login(operatorOnA, 'olga');
    const dead = `test-dead:${process.pid}`;
    await stack.server.pool.query(`INSERT INTO job_instances (id, started_at, heartbeat_at) VALUES ($1, now() - interval '1 hour', now() - interval '1 hour')`, [dead]);
    const { rows } = await stack.server.pool.query<{ id: number }>(
      `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type, unit_id, year, state, is_current, locked_by, locked_at, attempts, started_at)
       VALUES ('test_quiet_work', 'MODULE_UNIT_SPECIFIC', 'DATA_ENTRIES', 'professional_travel', $1, 2031, 'RUNNING', true, $2, now() - interval '1 hour', 1, now() - interval '1 hour')
       RETURNING id`,
      [climate, dead],
    );
    const id = Number(rows[0]!.id);
    expect((await operatorOnA.post(`/api/sync/jobs/${id}/recover`)).status).toBe(200);

    await olga.waitFor((e) => e.event === 'job' && e.data.id === id && e.data.state === 'FINISHED');
    const changes = olga
      .of('job')
      .filter((e) => e.data.id === id)
      .map((e) => `${e.data.state}/${e.data.attempts}`)
      .filter((c, i, all) => c !== all[i - 1]);
    // (the first: the insert above)
    expect(changes).toEqual(['RUNNING/1', 'NOT_STARTED/1', 'RUNNING/2', 'FINISHED/2']);
    const row = (await stack.server.pool.query('SELECT state, result, attempts, locked_by FROM data_ingestion_jobs WHERE id = $1', [id])).rows[0];
    expect(row).toEqual({ state: 'FINISHED', result: 'SUCCESS', attempts: 2, locked_by: a.instanceId });
    olga.close();
  });

  it('marks no module as recalculating for a factor file that fails', async () => {
    const [olga, alice] = [await open('olga'), await open('alice')];
    const bad = 'band,cabin_class,kg_co2eq_per_km,source\nnowhere,economy,0.1,not a band\n';
    const res = await clients.olga!.post('/api/sync/factors/professional-travel/plane?year=2023', bad, { 'content-type': 'text/csv' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await olga.waitFor((e) => e.event === 'job' && e.data.id === res.body.job_id && e.data.state === 'FINISHED' && e.data.result === 'ERROR', 15_000, 'the factor job failing');
    // A later job's end reaches each stream after anything about the factor job would have.
    gate = deferred();
    gate.resolve();
    await startOnA(climate, 2023);
    for (const s of [olga, alice]) await s.waitFor((e) => e.event === 'module' && e.data.year === 2023 && !e.data.recalculating);
    for (const s of [olga, alice]) expect(s.of('module').filter((e) => e.data.pipeline_id === res.body.pipeline_id)).toEqual([]);
    olga.close();
    alice.close();
  });

  it('narrows to a unit on request, and refuses a unit the user may not see', async () => {
    gate = deferred();
    const olgaOcean = await SseClient.open(clients.olga!, `/api/sync/events?unit_id=${ocean}`);
    streams.push(olgaOcean);
    await olgaOcean.waitFor((e) => e.event === 'snapshot');
    const job = await startOnA(climate, 2026, 'headcount');
    const other = await startOnA(ocean, 2026, 'headcount');
    await olgaOcean.waitFor((e) => e.event === 'job' && e.data.id === other.id);
    expect(olgaOcean.of('job').some((e) => e.data.id === job.id)).toBe(false);
    gate.resolve();
    const refused = await SseClient.open(clients.carol!, `/api/sync/events?unit_id=${climate}`);
    expect(refused.status).toBe(403);
    olgaOcean.close();
  });

  it('starts a reconnect with Last-Event-ID with a snapshot of active pipelines', async () => {
    gate = deferred();
    const first = await open('alice');
    const job = await startOnA(climate, 2027);
    const seen = await first.waitFor((e) => e.event === 'job' && e.data.id === job.id && e.data.state === 'RUNNING');
    first.close();
    const again = await SseClient.open(clients.alice!, '/api/sync/events', { 'last-event-id': seen.id! });
    streams.push(again);
    const snapshot = await again.waitFor(() => true);
    expect(snapshot.event).toBe('snapshot');
    expect(snapshot.data.jobs.find((j: any) => j.id === job.id)).toMatchObject({ state: 'RUNNING', unit_id: climate, pipeline_active: true });
    expect(snapshot.data.modules).toContainEqual(expect.objectContaining({ unit_id: climate, module: 'professional_travel', recalculating: true }));
    gate.resolve();
    await again.waitFor((e) => e.event === 'job' && e.data.id === job.id && e.data.state === 'FINISHED');
    again.close();
  });

  it('keeps delivering after the LISTEN connection is cut, with a fresh snapshot', async () => {
    const s = await open('olga');
    const admin = new pg.Client({ connectionString: stack.databaseUrl });
    await admin.connect();
    const listener = stack.servers[1]!.listener;
    const before = listener.connects;
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'carbon-bff-listen' AND datname = current_database()`);
    await admin.end();
    await waitFor('the listener to reconnect', () => listener.connects > before, 15_000);
    await s.waitFor((e) => e.event === 'snapshot' && s.of('snapshot').length >= 2, 10_000, 'the resync snapshot');
    gate = deferred();
    const job = await startOnA(climate, 2028);
    await s.waitFor((e) => e.event === 'job' && e.data.id === job.id && e.data.state === 'RUNNING');
    gate.resolve();
    s.close();
  });

  it('ends the stream when its session logs out', async () => {
    const c = stack.client(1);
    await login(c, 'olga');
    const s = await SseClient.open(c);
    await s.waitFor((e) => e.event === 'snapshot');
    expect((await c.delete('/api/v1/session')).status).toBe(200);
    await Promise.race([s.ended, sleep(5_000).then(() => Promise.reject(new Error('stream still open after logout')))]);
  });
});
