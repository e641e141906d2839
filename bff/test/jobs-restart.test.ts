// The database server restarts while a job runs, on a real BFF process and a cluster this test
// owns (stopped and started again on the same port and data directory). While the server is
// down the instance stays up: it answers its health check, and 503 where it needs the database.
// Once the server is back it recovers by itself: the job is retried and its chain completes once;
// an event stream opened before the restart gets a fresh snapshot, then the pipeline's end.
// Every step waits on a state: the job is held at its insert by a table lock; the instance is
// frozen (SIGSTOP) while the server stops, and again while it starts, until this test has locked
// the job's row, so that the pipeline cannot end before the event stream is resynced.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool, type PoolClient } from '../src/db/pool';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../src/db/embeddedPostgres';
import { migrate } from '../src/db/migrate';
import { moduleStatsFromSums } from '../src/domain/stats';
import type { TestClient } from './support/httpClient';
import { SseClient } from './support/sse';
import { waitFor } from './support/jobs';
import { signedIn, startJobInstance, startSignIn, tearDown, type Instance, type SignIn } from './support/instances';
import { holdLock, isAlive, waitingOn } from './support/faults';
import { entriesOf, HEADCOUNT_HEADER, jobRow, moduleId, pipelineJobs, settled, upload } from './support/pipeline';

const YEAR = 2025;
let dir: string;
let cluster: EmbeddedCluster;
let url: string;
let pool: Pool;
let signIn: SignIn;
let instance: Instance;
let olga: TestClient;
const held: PoolClient[] = [];
const streams: SseClient[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-restart-pg-'));
  cluster = await startEmbeddedPostgres(dir, undefined, { fast: true });
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('CREATE DATABASE carbon');
  await admin.end();
  url = cluster.url('carbon');
  await migrate(url);
  pool = createPool(url, 4);
  // Members need no locations: one of each kind spares the instance loading them all at start
  // (it fills only a kind that is missing).
  await pool.query(
    `INSERT INTO locations (kind, code, name, country_code, lat, lon, rank, search)
     VALUES ('airport', 'GVA', 'Geneva Airport', 'CH', 46.2381, 6.1089, 2, 'geneva airport'),
            ('place', '2660646', 'Geneva', 'CH', 46.2022, 6.1457, 183981, 'geneva')`,
  );
  signIn = await startSignIn(pool);
  instance = await startJobInstance(url, signIn.env);
  olga = await signedIn(instance, signIn);
}, 180_000);

afterAll(async () => {
  streams.forEach((s) => s.close());
  instance?.child.kill('SIGCONT');
  await tearDown({ held, instances: instance ? [instance] : [], signIn, pool });
  await cluster?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('a restart of the database server during a job', () => {
  it('leaves the instance up; it recovers, completes the chain once and resyncs its event streams', async () => {
    const unitId = (await pool.query<{ id: number }>(`SELECT id FROM units WHERE institutional_id = 'CLIMATE-LAB'`)).rows[0]!.id;
    const headcount = await moduleId(pool, unitId, YEAR, 'headcount');
    const stream = await SseClient.open(olga);
    streams.push(stream);
    await stream.waitFor((e) => e.event === 'snapshot', 10_000, 'the first snapshot');

    const tableLock = await holdLock(pool, held, 'LOCK TABLE data_entries IN SHARE MODE');
    const csv = [HEADCOUNT_HEADER, ...Array.from({ length: 200 }, (_, i) => `${510001 + i},Member ${i},1,`)].join('\n');
    const res = await upload(olga, { module: 'headcount', type: 'member', year: YEAR, unit_id: unitId }, csv);
    expect(res.status).toBe(202);
    const jobId: number = res.body.job_id;
    await waitFor('the ingest to wait at its insert', async () => (await waitingOn(pool, tableLock.pid, 'INSERT INTO data_entries')).length > 0);

    // Frozen while the server shuts down: a fast shutdown ends the backends one by one, and a
    // live instance could write the attempt's failure on a backend not yet ended.
    instance.child.kill('SIGSTOP');
    await cluster.stop();
    instance.child.kill('SIGCONT');
    expect((await olga.get('/api/health')).status).toBe(200);
    expect((await olga.get('/api/ready')).status).toBe(503);
    const read = await olga.get(`/api/sync/jobs/${jobId}`);
    expect(read.status).toBe(503);
    expect(read.body.detail).toMatch(/database cannot be reached/);

    instance.child.kill('SIGSTOP');
    cluster = await startEmbeddedPostgres(dir, undefined, { fast: true, port: cluster.port });
    // The attempt's failure cannot have been written (the server was down, then the instance
    // frozen): the job waits under this lock until the stream has been resynced.
    const jobLock = await holdLock(pool, held, 'SELECT 1 FROM data_ingestion_jobs WHERE id = $1 FOR UPDATE', [jobId]);
    expect(await jobRow(pool, jobId)).toMatchObject({ state: 'RUNNING', attempts: 1 });
    instance.child.kill('SIGCONT');

    const resync = await stream.waitFor((e) => e.event === 'snapshot' && stream.of('snapshot').length >= 2, 30_000, 'the snapshot after the listener reconnected');
    expect(resync.data.jobs.map((j: { id: number }) => j.id)).toContain(jobId);
    await jobLock.release();
    const end = await stream.waitFor(
      (e) => e.event === 'job' && e.data.pipeline_id === res.body.pipeline_id && e.data.job_type === 'aggregation' && e.data.state === 'FINISHED' && !e.data.pipeline_active,
      60_000,
      "the pipeline's end",
    );
    expect(stream.events.indexOf(end)).toBeGreaterThan(stream.events.indexOf(resync));

    await settled(pool);
    expect(instance.child.exitCode).toBeNull();
    expect((await olga.get('/api/ready')).status).toBe(200);
    expect(await isAlive(pool, instance.id)).toBe(true);
    expect(await jobRow(pool, jobId)).toMatchObject({ state: 'FINISHED', result: 'SUCCESS', attempts: 2 });
    const jobs = await pipelineJobs(pool, res.body.pipeline_id);
    expect(jobs.map((j) => [j.job_type, j.result])).toEqual([
      ['csv_ingest', 'SUCCESS'],
      // no per-FTE estimate for the year (an optional set): the members add nothing, lacking no factor
      ['emission_recalc', 'SUCCESS'],
      ['aggregation', 'SUCCESS'],
    ]);
    const rows = await entriesOf(pool, headcount, 'member');
    expect(rows).toHaveLength(200);
    expect(rows.every((r) => r.emissions === 1)).toBe(true);
    const stored = (await pool.query('SELECT stats FROM carbon_report_modules WHERE id = $1', [headcount])).rows[0].stats;
    expect(stored).toEqual(await moduleStatsFromSums(pool, headcount, 'headcount'));
  }, 180_000);
});
