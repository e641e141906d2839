// Path 2 files that cannot be used: a wrong header, an empty file, a header alone, a
// binary file, invalid UTF-8, a file of invalid rows, a file over the size cap. Each gets a clear
// error (the job's status_message, or 413) and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { as, demoIds, type DemoIds } from './support/carbon';
import { CSV, dispatchPath, HEADCOUNT_HEADER, jobRow, pipelineJobs, PLANE_HEADER, settled, tableCounts } from './support/pipeline';

let stack: TestStack;
let ids: DemoIds;
const CAP = 4096;

beforeAll(async () => {
  stack = await startTestStack({ env: { UPLOAD_MAX_BYTES: String(CAP) } });
  ids = await demoIds(stack.server.pool);
});
afterAll(async () => stack?.stop());

async function refused(body: string | Uint8Array, q: Record<string, string | number> = {}) {
  const olga = await as(stack, 'olga');
  const before = await tableCounts(stack.server.pool);
  const path = dispatchPath({ module: 'professional_travel', type: 'plane', year: 2025, unit_id: ids.unit['CLIMATE-LAB'], ...q });
  const res = typeof body === 'string' ? await olga.post(path, body, CSV) : await olga.raw(olga.baseUrl + path, { method: 'POST', body, headers: { ...CSV, origin: olga.origin } });
  const status = 'status' in res ? res.status : 0;
  expect(status).toBe(202);
  const started = 'body' in res && !(res instanceof Response) ? (res.body as { job_id: number; pipeline_id: string }) : ((await (res as Response).json()) as { job_id: number; pipeline_id: string });
  await settled(stack.server.pool);
  const job = await jobRow(stack.server.pool, started.job_id);
  expect(job).toMatchObject({ state: 'FINISHED', result: 'ERROR', attempts: 1 });
  // Nothing written, and no emission recalculation or aggregation started.
  expect(await tableCounts(stack.server.pool)).toEqual(before);
  expect((await pipelineJobs(stack.server.pool, started.pipeline_id)).map((j) => j.job_type)).toEqual(['csv_ingest']);
  return job;
}

describe('unusable files end in ERROR with a clear message and write nothing', () => {
  it('a wrong header names the missing and unknown columns', async () => {
    const job = await refused('origin,destination,cabin,trips\nGVA,JFK,economy,1\n');
    expect(job.status_message).toContain('missing column');
    expect(job.status_message).toContain('person_number');
    expect(job.status_message).toContain('unknown columns: cabin, trips');
    expect(job.report).toMatchObject({ missing: ['person_number'], unknown: ['cabin', 'trips'] });
    // The web app words the failure from its code.
    expect(job.report.error).toEqual({ code: 'header_wrong', params: { missing: 'person_number', unknown: 'cabin, trips', duplicated: '—', expected: expect.stringContaining('origin, destination') } });
  });

  it('an empty file, a file of blank lines and a BOM alone', async () => {
    for (const body of ['', '\n\r\n  \n', '\uFEFF']) {
      const job = await refused(body);
      expect(job.status_message).toBe('The file is empty.');
      expect(job.report.error).toEqual({ code: 'file_empty', params: {} });
    }
  });

  it('a header without rows', async () => {
    const job = await refused(`${PLANE_HEADER}\n`);
    expect(job.status_message).toContain('no rows');
    expect(job.report.error).toEqual({ code: 'nothing_imported_no_rows', params: {} });
  });

  it('a binary file', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const job = await refused(png);
    expect(job.status_message).toContain('binary');
    expect(job.report.error).toMatchObject({ code: 'file_binary', params: { byte: 9 } });
  });

  it('invalid UTF-8 (a Latin-1 file) names the line', async () => {
    const latin1 = Buffer.concat([Buffer.from(`${PLANE_HEADER}\nGVA,JFK,economy,1,false,2025-01-01,100001\nZRH,LHR,economy,1,false,2025-01-01,`), Buffer.from([0x4d, 0xfc, 0x6c]), Buffer.from('\n')]);
    const job = await refused(new Uint8Array(latin1));
    expect(job.status_message).toContain('not valid UTF-8');
    expect(job.status_message).toContain('line 3');
    expect(job.report.error).toMatchObject({ code: 'file_not_utf8', params: { line: 3 } });
  });

  it('a file whose rows are all invalid keeps the row report', async () => {
    const job = await refused(`${PLANE_HEADER}\nGVA,JFK,premium,1,false,2025-01-01,100001\nGVA,JFK,economy,1,false,not-a-date,100001\n`);
    expect(job.status_message).toContain('Nothing was imported');
    expect(job.report.error).toEqual({ code: 'nothing_imported_invalid', params: { rows: 2 } });
    expect(job.report.issues.map((i: { row: number; column: string }) => [i.row, i.column])).toEqual([
      [2, 'cabin_class'],
      [3, 'departure_date'],
    ]);
  });

  it('an unclosed quote is a CSV syntax error', async () => {
    const job = await refused(`${PLANE_HEADER}\n"GVA,JFK,economy,1,false,2025-01-01,100001\n`);
    expect(job.status_message).toContain('not valid CSV');
    expect(job.report.error).toMatchObject({ code: 'file_not_csv' });
  });
});

describe('a file over UPLOAD_MAX_BYTES', () => {
  it('is refused with 413 and a detail; no upload and no job is stored', async () => {
    const olga = await as(stack, 'olga');
    const count = async () => (await stack.server.pool.query(`SELECT (SELECT count(*) FROM uploads)::int AS u, (SELECT count(*) FROM data_ingestion_jobs)::int AS j`)).rows[0];
    const before = await count();
    const big = `${HEADCOUNT_HEADER}\n` + Array.from({ length: 400 }, (_, i) => `${600000 + i},Person ${i},1,Staff`).join('\n');
    expect(big.length).toBeGreaterThan(CAP);
    const res = await olga.post(dispatchPath({ module: 'headcount', type: 'member', year: 2025, unit_id: ids.unit['CLIMATE-LAB'] }), big, CSV);
    expect(res.status).toBe(413);
    expect(res.body.detail).toContain('UPLOAD_MAX_BYTES');
    expect(await count()).toEqual(before);
  });
});

describe('the file name an upload carries (X-File-Name)', () => {
  it('reaches the job console with the submitter; a malformed one is refused and stores nothing', async () => {
    const olga = await as(stack, 'olga');
    const path = dispatchPath({ module: 'headcount', type: 'member', year: 2025, unit_id: ids.unit['CLIMATE-LAB'] });
    const csv = `${HEADCOUNT_HEADER}\n610001,Named File,1,Staff\n`;
    const res = await olga.post(path, csv, { ...CSV, 'x-file-name': encodeURIComponent('C:\\exports\\équipe 2025.csv') });
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const job = (await olga.get(`/api/sync/jobs/${res.body.job_id}`)).body;
    expect(job.payload).toMatchObject({ file_name: 'équipe 2025.csv', bytes: Buffer.byteLength(csv) });
    expect(job.submitted_by).toBe('Olga Novak');
    const listed = (await olga.get(`/api/sync/jobs?pipeline_id=${res.body.pipeline_id}`)).body.items;
    expect(listed.find((j: { id: number }) => j.id === res.body.job_id).submitted_by).toBe('Olga Novak');

    const count = async () => (await stack.server.pool.query(`SELECT (SELECT count(*) FROM uploads)::int AS u, (SELECT count(*) FROM data_ingestion_jobs)::int AS j`)).rows[0];
    const before = await count();
    for (const bad of ['%E0%A4%A', encodeURIComponent('a\u0007b.csv'), encodeURIComponent('x'.repeat(256))]) {
      const refused = await olga.post(path, csv, { ...CSV, 'x-file-name': bad });
      expect(refused.status, bad).toBe(422);
      expect(refused.body.detail).toContain('X-File-Name');
    }
    expect(await count()).toEqual(before);
  });
});
