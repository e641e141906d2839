// The printable report's production line (domain/reportExport/exporter.ts): written by a worker
// thread, kept by the report's version so that an unchanged report's second download makes
// nothing, made again after any change of the report (a Path 1 write, a Path 2 upload once its
// aggregation has finished, a module validated), and limited per user (429 with Retry-After).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTonnes, type CarbonReportView } from '@carbon/shared';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, asAt, demoIds, type DemoIds } from './support/carbon';
import { oneSpace, pdfText } from './support/pdf';
import { PLANE_HEADER, settled, upload } from './support/pipeline';
import { waitFor } from './support/jobs';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let ids: DemoIds;
let alice: TestClient;
let reportId: number;
const YEAR = 2025;

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  alice = await as(stack, 'alice');
  await settled(stack.server.pool, 120_000);
  await addMember(alice, ids.unit['CLIMATE-LAB']!, YEAR, 100001, 'Ada Export', 1);
  reportId = ((await alice.get(`/api/v1/carbon_reports?unit_id=${ids.unit['CLIMATE-LAB']}&year=${YEAR}`)).body as CarbonReportView[])[0]!.id;
}, 180_000);
afterAll(async () => stack?.stop());

async function pdf(client: TestClient, id = reportId, lang = 'en') {
  const res = await client.raw(`${client.baseUrl}/api/v1/carbon_reports/${id}/report.pdf?lang=${lang}`);
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const totalOf = async () => ((await alice.get(`/api/v1/carbon_reports/${reportId}`)).body as CarbonReportView).stats!.kg_co2eq;
const tonnes = (kg: number) => oneSpace(`${formatTonnes(kg, 'en')} t`);

describe('the printable report', () => {
  it('is written by an export worker, and an unchanged report downloaded again is the same file, written no second time', async () => {
    const exports = stack.server.exports;
    const before = exports.written;
    const first = await pdf(alice);
    expect(first.status).toBe(200);
    expect(new TextDecoder().decode(first.bytes.slice(0, 5))).toBe('%PDF-');
    expect(exports.written).toBe(before + 1);
    expect((await pdfText(first.bytes)).text).toContain(tonnes(await totalOf()));

    const again = await pdf(alice);
    expect(again.status).toBe(200);
    // Byte for byte (the generation date inside included): the kept file, not a new one.
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect(exports.written).toBe(before + 1);
    // Another language is another file.
    expect((await pdf(alice, reportId, 'fr')).status).toBe(200);
    expect(exports.written).toBe(before + 2);
    // Two users asking for the same unchanged report share it too.
    const olga = await as(stack, 'olga');
    expect(Buffer.from((await pdf(olga)).bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect(exports.written).toBe(before + 2);
  });

  it('is made again after a Path 1 write, with the new total', async () => {
    const exports = stack.server.exports;
    const first = await pdf(alice);
    const written = exports.written;
    const made = await alice.post(`/api/modules/${ids.unit['CLIMATE-LAB']}/${YEAR}/professional-travel/plane`, { origin: 'GVA', destination: 'NRT', traveler_id: 100001, departure_date: '2025-04-01' });
    expect(made.status).toBe(201);
    const after = await pdf(alice);
    expect(exports.written).toBe(written + 1);
    expect(Buffer.from(after.bytes).equals(Buffer.from(first.bytes))).toBe(false);
    expect((await pdfText(after.bytes)).text).toContain(tonnes(await totalOf()));
  });

  it('is made again after a Path 2 upload once its aggregation has finished, with the new total', async () => {
    const exports = stack.server.exports;
    const before = await totalOf();
    await pdf(alice);
    const written = exports.written;
    const res = await upload(alice, { module: 'professional-travel', type: 'plane', year: YEAR, unit_id: ids.unit['CLIMATE-LAB'] }, `${PLANE_HEADER}\nGVA,SIN,economy,2,true,2025-05-01,100001\nZRH,YUL,business,1,true,2025-06-01,100001\n`);
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const total = await totalOf();
    expect(total).toBeGreaterThan(before);
    const after = await pdf(alice);
    expect(exports.written).toBe(written + 1);
    expect((await pdfText(after.bytes)).text).toContain(tonnes(total));
  });

  it('is made again when a module is validated: its completeness section changes', async () => {
    const exports = stack.server.exports;
    await pdf(alice);
    const written = exports.written;
    const validated = await alice.patch(`/api/v1/carbon_reports/${reportId}/modules/equipment/status`, { status: 'validated' });
    expect(validated.status).toBe(200);
    await pdf(alice);
    expect(exports.written).toBe(written + 1);
    await pdf(alice);
    expect(exports.written).toBe(written + 1);
  });

  it('the summary CSV is kept by version too: the same lines until the report changes', async () => {
    const a = await alice.get(`/api/v1/carbon_reports/${reportId}/summary.csv`);
    const b = await alice.get(`/api/v1/carbon_reports/${reportId}/summary.csv`);
    expect(a.status).toBe(200);
    expect(b.body).toBe(a.body);
    await alice.post(`/api/modules/${ids.unit['CLIMATE-LAB']}/${YEAR}/professional-travel/plane`, { origin: 'GVA', destination: 'LHR', traveler_id: 100001, departure_date: '2025-07-01' });
    const c = await alice.get(`/api/v1/carbon_reports/${reportId}/summary.csv`);
    expect(c.body).not.toBe(a.body);
    expect(String(c.body)).toContain(String(Math.round((await totalOf()) * 100) / 100));
  });

  it('still refuses those who may not export it, even when a copy is kept', async () => {
    expect((await pdf(alice)).status).toBe(200);
    const bob = await pdf(await as(stack, 'bob'));
    expect(bob.status).toBe(403);
    expect(JSON.parse(new TextDecoder().decode(bob.bytes)).detail).toContain('every row of the unit');
    expect((await pdf(await as(stack, 'dan'))).status).toBe(403);
    expect((await pdf(alice, 999_999)).status).toBe(404);
  });
});

describe('exports in preparation per user', () => {
  it('past EXPORT_MAX_PER_USER, the same user gets 429 with Retry-After and a detail; another user is not refused', async () => {
    const instance = await stack.addInstance({ EXPORT_MAX_PER_USER: '1' });
    const aliceThere = await asAt(stack, instance.url, 'alice');
    const olgaThere = await asAt(stack, instance.url, 'olga');
    const ocean = ((await olgaThere.get(`/api/v1/carbon_reports?unit_id=${ids.unit['OCEAN-LAB']}&year=${YEAR}`)).body as CarbonReportView[])[0]!.id;
    // The emissions table locked: the figures' read of the first export waits, so it stays in
    // preparation for as long as the test holds the lock.
    const locker = await stack.server.pool.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE data_entry_emissions IN ACCESS EXCLUSIVE MODE');
      const first = pdf(aliceThere, reportId, 'fr');
      await waitFor(
        'the first export to wait for the lock',
        async () => (await stack.server.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%data_entry_emissions%'`)).rows[0]!.n > 0,
        20_000,
        25,
      );
      const refused = await aliceThere.get(`/api/v1/carbon_reports/${reportId}/report.pdf?lang=en`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({ code: 'too_many_exports', params: { max: 1 } });
      expect(refused.body.detail).toContain('exports being prepared');
      // The summary counts against the same limit.
      expect((await aliceThere.get(`/api/v1/carbon_reports/${reportId}/summary.csv`)).status).toBe(429);
      const other = pdf(olgaThere, ocean, 'fr');
      await locker.query('COMMIT');
      expect((await first).status).toBe(200);
      expect((await other).status).toBe(200);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      locker.release();
    }
    // Once the first is done, the user may export again.
    expect((await pdf(aliceThere, reportId, 'en')).status).toBe(200);
  });
});
