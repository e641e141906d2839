// The audit trail (migration 0015): each audited action writes its line, with the right fields, in
// the action's own transaction, so that a refused or failed action leaves none. Read by back-office
// and administrators only (filters, pages, CSV); append-only in the database and in the API.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLine } from '@carbon/shared';
import { startTestStack, type TestStack } from './support/stack';
import { as, demoIds, type DemoIds } from './support/carbon';
import { login } from './support/httpClient';
import { CSV, dispatchPath, HEADCOUNT_HEADER, settled, upload } from './support/pipeline';
import { insertJob } from '../src/jobs/chainJob';

let stack: TestStack;
let ids: DemoIds;
const YEAR = 2025;
const lab = () => ids.unit['CLIMATE-LAB']!;
const userId = async (sub: string) => (await stack.server.pool.query<{ id: number }>('SELECT id FROM users WHERE sub = $1', [sub])).rows[0]!.id;

/** The lines of `action` written since `after` (an id), oldest first, straight from the table. */
async function linesOf(action: string, after = 0): Promise<AuditLine[]> {
  const { rows } = await stack.server.pool.query<AuditLine>('SELECT * FROM audit_log WHERE action = $1 AND id > $2 ORDER BY id', [action, after]);
  return rows;
}
const lastId = async () => Number((await stack.server.pool.query('SELECT coalesce(max(id), 0) AS id FROM audit_log')).rows[0].id);

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
});
afterAll(async () => stack?.stop());

describe('each audited action writes its line', () => {
  it('sign-in: who and from where; a refused exchange writes none', async () => {
    const before = await lastId();
    const c = stack.client();
    await login(c, 'bob');
    const [line, ...more] = await linesOf('sign_in', before);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ actor_id: await userId('bob'), actor_name: 'Bob Keller', unit_id: null });
    expect(line!.details).toHaveProperty('address');
    expect((await c.post('/api/v1/session/exchange', { code: 'forged', state: 'forged' })).status).toBe(400);
    expect(await linesOf('sign_in', before)).toHaveLength(1);
  });

  it('CSV upload: file name, size and checksum at once; rows added and removed when the ingest finishes', async () => {
    const alice = await as(stack, 'alice');
    const before = await lastId();
    const csv = `${HEADCOUNT_HEADER}\n710001,Audit One,1,Staff\n710002,Audit Two,0.5,Staff\n`;
    const q = { module: 'headcount', type: 'member', year: YEAR, unit_id: lab() };
    const res = await alice.post(dispatchPath(q), csv, { ...CSV, 'x-file-name': encodeURIComponent('équipe.csv') });
    expect(res.status).toBe(202);
    const [up] = await linesOf('csv_upload', before);
    expect(up).toMatchObject({ actor_id: await userId('alice'), unit_id: lab() });
    expect(up!.details).toMatchObject({
      file_name: 'équipe.csv',
      bytes: Buffer.byteLength(csv),
      sha256: crypto.createHash('sha256').update(csv).digest('hex'),
      job_id: res.body.job_id,
      module: 'headcount',
      entry_type: 'member',
      year: YEAR,
      mode: 'append',
    });
    await settled(stack.server.pool);
    const [ingest] = await linesOf('csv_ingest', before);
    expect(ingest).toMatchObject({ actor_id: await userId('alice'), unit_id: lab() });
    expect(ingest!.details).toMatchObject({ job_id: res.body.job_id, file_name: 'équipe.csv', rows_added: 2, rows_removed: 0, rows_skipped: 0, mode: 'append' });

    // A replace says how many earlier CSV rows it removed.
    const replace = await upload(alice, { ...q, mode: 'replace' }, `${HEADCOUNT_HEADER}\n710003,Audit Three,1,Staff\n`);
    expect(replace.status).toBe(202);
    await settled(stack.server.pool);
    const replaced = (await linesOf('csv_ingest', before)).find((l) => l.details.job_id === replace.body.job_id);
    expect(replaced!.details).toMatchObject({ rows_added: 1, mode: 'replace' });
    expect(replaced!.details.rows_removed).toBeGreaterThanOrEqual(2);
  });

  it('a refused upload writes nothing; a file that imports nothing has its upload line and no ingest line', async () => {
    const bob = await as(stack, 'bob');
    const alice = await as(stack, 'alice');
    const before = await lastId();
    const q = { module: 'headcount', type: 'member', year: YEAR, unit_id: lab() };
    expect((await upload(bob, q, `${HEADCOUNT_HEADER}\n710009,No,1,Staff\n`)).status).toBe(403);
    expect((await alice.post(dispatchPath(q), { not: 'csv' })).status).toBe(415);
    expect(await lastId()).toBe(before);

    const res = await upload(alice, q, `${HEADCOUNT_HEADER}\n,,,\n`);
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    expect((await stack.server.pool.query('SELECT result FROM data_ingestion_jobs WHERE id = $1', [res.body.job_id])).rows[0].result).toBe('ERROR');
    expect((await linesOf('csv_upload', before)).map((l) => l.details.job_id)).toEqual([res.body.job_id]);
    expect(await linesOf('csv_ingest', before)).toEqual([]);
  });

  it('factor upload and carry-over; refused ones write nothing', async () => {
    const olga = await as(stack, 'olga');
    const before = await lastId();
    const csv = 'country,kg_co2eq_per_km,source\nFR,0.003,ADEME Base Empreinte 2024 (audit test)\n';
    const res = await olga.post(`/api/sync/factors/professional-travel/train?year=${YEAR}`, csv, { ...CSV, 'x-file-name': 'train.csv' });
    expect(res.status).toBe(202);
    const [line] = await linesOf('factor_upload', before);
    expect(line).toMatchObject({ actor_id: await userId('olga'), unit_id: null });
    expect(line!.details).toMatchObject({ module: 'professional_travel', factor_set: 'train', year: YEAR, file_name: 'train.csv', bytes: Buffer.byteLength(csv), job_id: res.body.job_id });
    await settled(stack.server.pool);

    const carried = await olga.post('/api/sync/factors/carry-over', { from_year: YEAR, to_year: 2032 });
    expect(carried.status).toBe(202);
    const [carry] = await linesOf('factor_carry_over', before);
    expect(carry!.details).toMatchObject({ from_year: YEAR, to_year: 2032, job_id: carried.body.job_id });
    await settled(stack.server.pool);

    const mark = await lastId();
    expect((await olga.post('/api/sync/factors/carry-over', { from_year: 1995, to_year: 2032 })).status).toBe(422);
    expect((await (await as(stack, 'alice')).post(`/api/sync/factors/professional-travel/train?year=${YEAR}`, csv, CSV)).status).toBe(403);
    expect(await lastId()).toBe(mark);
  });

  it('recalculation; a refused one writes nothing', async () => {
    const alice = await as(stack, 'alice');
    const before = await lastId();
    const res = await alice.post(`/api/sync/recalculate-emissions/headcount?year=${YEAR}&unit_id=${lab()}`);
    expect(res.status).toBe(202);
    const [line] = await linesOf('recalculation', before);
    expect(line).toMatchObject({ actor_id: await userId('alice'), unit_id: lab() });
    expect(line!.details).toMatchObject({ module: 'headcount', year: YEAR, job_ids: res.body.job_ids });
    await settled(stack.server.pool);
    const mark = await lastId();
    expect((await (await as(stack, 'bob')).post(`/api/sync/recalculate-emissions/headcount?year=${YEAR}&unit_id=${lab()}`)).status).toBe(403);
    expect(await lastId()).toBe(mark);
  });

  it('job recovery; a refused one writes nothing', async () => {
    const olga = await as(stack, 'olga');
    const waiting = await insertJob(stack.server.pool, {
      job_type: 'emission_recalc',
      entity_type: 'MODULE_UNIT_SPECIFIC',
      target: 'DATA_ENTRIES',
      module_type: 'headcount',
      data_entry_type: 'member',
      unit_id: lab(),
      year: YEAR,
      delay_ms: 600_000,
    });
    const before = await lastId();
    const res = await olga.post(`/api/sync/jobs/${waiting.id}/recover`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [line] = await linesOf('job_recover', before);
    expect(line).toMatchObject({ actor_id: await userId('olga'), unit_id: lab() });
    expect(line!.details).toMatchObject({ job_id: waiting.id, job_type: 'emission_recalc', state_before: 'NOT_STARTED', reason: res.body.recovered_because });
    await settled(stack.server.pool);
    const mark = await lastId();
    expect((await olga.post(`/api/sync/jobs/${waiting.id}/recover`)).status).toBe(409);
    expect(await lastId()).toBe(mark);
  });

  it('module validation and reopening; a refused one writes nothing', async () => {
    const alice = await as(stack, 'alice');
    const report = ids.report[`CLIMATE-LAB/${YEAR}`]!;
    const before = await lastId();
    const path = `/api/v1/carbon_reports/${report}/modules/headcount/status`;
    expect((await alice.patch(path, { status: 'validated' })).status).toBe(200);
    expect((await alice.patch(path, { status: 'in_progress' })).status).toBe(200);
    const [validated] = await linesOf('module_validate', before);
    const [reopened] = await linesOf('module_reopen', before);
    expect(validated).toMatchObject({ actor_id: await userId('alice'), unit_id: lab() });
    expect(validated!.details).toMatchObject({ report_id: report, module: 'headcount', year: YEAR, previous_status: 'in_progress' });
    expect(reopened!.details).toMatchObject({ previous_status: 'validated' });
    const mark = await lastId();
    expect((await (await as(stack, 'bob')).patch(path, { status: 'validated' })).status).toBe(403);
    expect(await lastId()).toBe(mark);
  });

  it('unit sync; a refused one writes nothing', async () => {
    const olga = await as(stack, 'olga');
    const before = await lastId();
    const res = await olga.post('/api/sync/units', { year: YEAR });
    expect(res.status).toBe(202);
    const [line] = await linesOf('unit_sync', before);
    expect(line!.details).toMatchObject({ year: YEAR, job_id: res.body.job_id });
    await settled(stack.server.pool);
    const mark = await lastId();
    expect((await olga.post('/api/sync/units', { year: 1800 })).status).toBe(422);
    expect(await lastId()).toBe(mark);
  });
});

describe('one transaction', () => {
  // A fault that makes the audit line of some actions fail to be written: if the line were written
  // apart from its action, the action would stay.
  const refuseLines = (actions: string[]) =>
    stack.server.pool.query(`
      CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = ANY (ARRAY['${actions.join("','")}']) THEN RAISE EXCEPTION 'test fault: audit line refused'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit();`);
  const allowLines = () => stack.server.pool.query('DROP TRIGGER test_refuse_audit ON audit_log; DROP FUNCTION test_refuse_audit();');
  const counts = async () =>
    (
      await stack.server.pool.query(
        `SELECT (SELECT count(*)::int FROM uploads) AS uploads, (SELECT count(*)::int FROM data_ingestion_jobs) AS jobs,
                (SELECT string_agg(status::text, ',' ORDER BY id) FROM carbon_report_modules) AS statuses`,
      )
    ).rows[0];

  it('an action whose audit line cannot be written does not happen', async () => {
    const alice = await as(stack, 'alice');
    const olga = await as(stack, 'olga');
    await refuseLines(['csv_upload', 'module_validate', 'recalculation', 'unit_sync']);
    try {
      const before = await counts();
      const q = { module: 'headcount', type: 'member', year: YEAR, unit_id: lab() };
      expect((await upload(alice, q, `${HEADCOUNT_HEADER}\n710020,Never Stored,1,Staff\n`)).status).toBe(500);
      expect((await alice.patch(`/api/v1/carbon_reports/${ids.report[`CLIMATE-LAB/${YEAR}`]}/modules/headcount/status`, { status: 'validated' })).status).toBe(500);
      expect((await alice.post(`/api/sync/recalculate-emissions/headcount?year=${YEAR}&unit_id=${lab()}`)).status).toBe(500);
      expect((await olga.post('/api/sync/units', { year: YEAR })).status).toBe(500);
      expect(await counts()).toEqual(before);
    } finally {
      await allowLines();
    }
  });
});

describe('reading the trail', () => {
  it('is refused to standard users and principals, JSON and CSV alike', async () => {
    for (const user of ['bob', 'alice']) {
      const c = await as(stack, user);
      expect((await c.get('/api/audit')).status, user).toBe(403);
      expect((await c.get('/api/audit/export.csv')).status, user).toBe(403);
    }
    expect((await stack.client().get('/api/audit')).status).toBe(401);
  });

  it('filters by action, actor, unit and days, newest first, in pages', async () => {
    const adam = await as(stack, 'adam');
    const all = await adam.get('/api/audit?page_size=500');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(all.body.lines.length);
    const ats = all.body.lines.map((l: AuditLine) => l.at);
    expect([...ats].sort().reverse()).toEqual(ats);

    const uploads = (await adam.get('/api/audit?action=csv_upload')).body;
    expect(uploads.lines.length).toBeGreaterThan(0);
    expect(uploads.lines.every((l: AuditLine) => l.action === 'csv_upload')).toBe(true);

    const byName = (await adam.get(`/api/audit?actor=${encodeURIComponent('olga')}`)).body;
    const byId = (await adam.get(`/api/audit?actor=${await userId('olga')}`)).body;
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.lines.map((l: AuditLine) => l.id)).toEqual(byId.lines.map((l: AuditLine) => l.id));
    expect(byName.lines.every((l: AuditLine) => l.actor_name === 'Olga Novak')).toBe(true);

    const ofLab = (await adam.get(`/api/audit?unit_id=${lab()}`)).body;
    expect(ofLab.lines.every((l: AuditLine) => l.unit_id === lab() && l.unit_name === 'Climate Dynamics Lab')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    expect((await adam.get(`/api/audit?from=${today}&to=${today}`)).body.total).toBe(all.body.total);
    expect((await adam.get('/api/audit?from=2001-01-01&to=2001-12-31')).body.total).toBe(0);

    const page1 = (await adam.get('/api/audit?page_size=2&page=1')).body;
    const page2 = (await adam.get('/api/audit?page_size=2&page=2')).body;
    expect(page1.lines.map((l: AuditLine) => l.id)).toEqual(all.body.lines.slice(0, 2).map((l: AuditLine) => l.id));
    expect(page2.lines.map((l: AuditLine) => l.id)).toEqual(all.body.lines.slice(2, 4).map((l: AuditLine) => l.id));
    expect(page2.total).toBe(all.body.total);
  });

  it('refuses bad filters with a 422 naming the field', async () => {
    const olga = await as(stack, 'olga');
    for (const [query, field] of [
      ['action=delete_everything', 'action'],
      ['unit_id=abc', 'unit_id'],
      ['from=2025-02-30', 'from'],
      ['from=2025-03-01&to=2025-02-01', 'to'],
      ['page=0', 'page'],
      ['page_size=5000', 'page_size'],
    ] as const) {
      const res = await olga.get(`/api/audit?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.detail, query).toContain(field);
    }
  });

  it('exports the matching lines as CSV', async () => {
    const olga = await as(stack, 'olga');
    const res = await olga.raw(`${olga.baseUrl}/api/audit/export.csv?action=csv_upload`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="?audit-\d{4}-\d{2}-\d{2}\.csv"?/);
    const text = (await res.text()).replace(/^\ufeff/, '');
    const [header, ...rows] = text.trim().split('\r\n');
    expect(header).toBe('id,at,action,actor_id,actor_name,actor_email,unit_id,unit_name,details');
    const listed = (await olga.get('/api/audit?action=csv_upload&page_size=500')).body;
    expect(rows).toHaveLength(listed.total);
    expect(rows.every((r) => r.split(',')[2] === 'csv_upload')).toBe(true);
    expect(text).toContain('équipe.csv');
  });
});

describe('append-only', () => {
  it('the database refuses to change or remove a line, whoever asks', async () => {
    const pool = stack.server.pool;
    for (const sql of ["UPDATE audit_log SET action = 'sign_in'", 'DELETE FROM audit_log', 'TRUNCATE audit_log']) {
      await expect(pool.query(sql), sql).rejects.toThrow(/append-only/);
    }
    expect(await lastId()).toBeGreaterThan(0);
  });

  it('the API has no route that changes or removes a line', async () => {
    const adam = await as(stack, 'adam');
    const id = await lastId();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/api/audit', `/api/audit/${id}`]) {
        const res = await adam.request(method, path, {});
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    expect((await stack.server.pool.query('SELECT count(*)::int AS n FROM audit_log WHERE id = $1', [id])).rows[0].n).toBe(1);
  });
});
