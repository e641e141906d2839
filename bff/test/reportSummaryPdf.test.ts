// A report's summary CSV (GET /api/v1/carbon_reports/{id}/summary.csv) and printable report
// (GET …/report.pdf): the summary's lines are the report's stats as the API answers them, and
// the emissions file sums to them; the PDF is a PDF whose text holds the totals written as the
// results page writes them, in English or French; both are for those who see every row.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, formatTonnes, type CarbonReportView, type ModuleType, type ReportUncertainty } from '@carbon/shared';
import { COMMON_EN } from '@carbon/shared/messages/common.en';
import { COMMON_FR } from '@carbon/shared/messages/common.fr';
import { MODULE_MESSAGES_EN } from '@carbon/shared/messages/modules.en';
import { MODULE_MESSAGES_FR } from '@carbon/shared/messages/modules.fr';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, type DemoIds } from './support/carbon';
import { oneSpace, pdfText } from './support/pdf';

// The words the report shares with the web app, under the web app's keys.
const en = { ...COMMON_EN, modules: MODULE_MESSAGES_EN.modules };
const fr = { ...COMMON_FR, modules: MODULE_MESSAGES_FR.modules };

let stack: TestStack;
let ids: DemoIds;
const YEAR = 2025;

type Stats = NonNullable<CarbonReportView['stats']>;
type SummaryRow = Record<'year' | 'unit' | 'level' | 'module' | 'key' | 'scope' | 'kg_co2eq' | 'entries' | 'without_factor', string>;

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  // Besides the demo rows: a member (no per-FTE factor ships: adds nothing), their plane trip,
  // grid electricity with a factor (DE, scope 2) and without one (a grid named by no country
  // code, which has no row), natural gas burnt on site (scope 1), laptops (a factor with a stated
  // uncertainty).
  const alice = await as(stack, 'alice');
  const unit = ids.unit['CLIMATE-LAB']!;
  await addMember(alice, unit, YEAR, 100001, 'Ada Summary', 0.8);
  const made = [
    await alice.post(`/api/modules/${unit}/${YEAR}/professional-travel/plane`, { origin: 'GVA', destination: 'JFK', traveler_id: 100001, departure_date: '2025-03-01' }),
    await alice.post(`/api/modules/${unit}/${YEAR}/buildings/electricity`, { site: 'Lab', consumption: 12000, supply: 'location_based', mix: 'DE' }),
    await alice.post(`/api/modules/${unit}/${YEAR}/buildings/electricity`, { site: 'Annex', consumption: 500, supply: 'location_based', mix: 'Atlantis' }),
    await alice.post(`/api/modules/${unit}/${YEAR}/buildings/heating`, { site: 'Lab', carrier: 'natural_gas', quantity: 3000, quantity_unit: 'kwh' }),
    await alice.post(`/api/modules/${unit}/${YEAR}/equipment/devices`, { description: 'Laptops', device_type: 'laptop', count: 3, acquisition_year: 2024 }),
  ];
  expect(made.map((r) => [r.status, r.body?.detail])).toEqual(made.map(() => [201, undefined]));
}, 120_000);
afterAll(async () => stack?.stop());

/** The report as the results page reads it (GET /api/v1/carbon_reports?unit_id&year). */
async function results(username: string, unit: string): Promise<CarbonReportView> {
  const res = await (await as(stack, username)).get(`/api/v1/carbon_reports?unit_id=${ids.unit[unit]}&year=${YEAR}`);
  expect(res.status).toBe(200);
  return res.body[0] as CarbonReportView;
}

async function summaryOf(username: string, reportId: number): Promise<SummaryRow[]> {
  const res = await (await as(stack, username)).get(`/api/v1/carbon_reports/${reportId}/summary.csv`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
  return parse(res.body as unknown as string, { columns: true, bom: true }) as SummaryRow[];
}

const lineOf = (rows: SummaryRow[], level: string, key: string) => {
  const row = rows.find((r) => r.level === level && r.key === key);
  expect(row, `${level} ${key}`).toBeDefined();
  return { kg: Number(row!.kg_co2eq), entries: Number(row!.entries), without: Number(row!.without_factor), row: row! };
};

const sumBy = <T>(items: readonly T[], key: (t: T) => string, value: (t: T) => number) => {
  const out = new Map<string, number>();
  for (const t of items) out.set(key(t), (out.get(key(t)) ?? 0) + value(t));
  return out;
};

describe('the summary CSV', () => {
  it('has the report total and its totals by module, scope, category and entry type as the API sums them', async () => {
    const report = await results('alice', 'CLIMATE-LAB');
    const stats = report.stats as Stats;
    const rows = await summaryOf('alice', report.id);
    expect(Object.keys(rows[0]!)).toEqual(['year', 'unit', 'level', 'module', 'key', 'scope', 'kg_co2eq', 'entries', 'without_factor']);
    expect(new Set(rows.map((r) => `${r.year}/${r.unit}`))).toEqual(new Set([`${YEAR}/CLIMATE-LAB`]));

    const total = lineOf(rows, 'total', 'total');
    expect(total.kg).toBeCloseTo(stats.kg_co2eq, 2);
    expect([total.entries, total.without]).toEqual([stats.entries, stats.without_factor]);
    // The dataset has entries without a factor and figures in scopes 1, 2 and 3.
    expect(stats.without_factor).toBeGreaterThanOrEqual(1);
    for (const s of ['1', '2', '3'] as const) expect(stats.by_scope[s]).toBeGreaterThan(0);

    for (const [module, m] of Object.entries(stats.by_module)) {
      const l = lineOf(rows, 'module', module);
      expect(l.row.module).toBe(module);
      expect(l.kg).toBeCloseTo(m.kg_co2eq, 2);
      expect([l.entries, l.without]).toEqual([m.entries, m.without_factor]);
    }
    for (const [scope, kg] of Object.entries(stats.by_scope)) expect(lineOf(rows, 'scope', scope).kg).toBeCloseTo(kg, 2);
    for (const [category, kg] of Object.entries(stats.by_category)) expect(lineOf(rows, 'category', category).kg).toBeCloseTo(kg, 2);
    for (const m of report.modules) {
      for (const [type, t] of Object.entries(m.stats!.by_type)) {
        const l = lineOf(rows, 'entry_type', type);
        expect(l.row.module).toBe(m.module_type);
        expect(l.kg).toBeCloseTo(t.kg_co2eq, 2);
        expect([l.entries, l.without]).toEqual([t.entries, t.without_factor]);
      }
    }
    // Each breakdown adds up to the total.
    for (const level of ['module', 'scope', 'category', 'entry_type']) {
      const lines = rows.filter((r) => r.level === level);
      expectSumOfRounded(lines.reduce((s, r) => s + Number(r.kg_co2eq), 0), stats.kg_co2eq, lines.length);
    }
  });

  it('agrees with the emissions file: its kg summed per module, scope and category, its entries and those without a figure', async () => {
    const report = await results('alice', 'CLIMATE-LAB');
    const rows = await summaryOf('alice', report.id);
    const res = await (await as(stack, 'alice')).get(`/api/v1/carbon_reports/${report.id}/emissions.csv`);
    const emissions = parse(res.body as unknown as string, { columns: true, bom: true }) as Record<string, string>[];
    const kg = (e: Record<string, string>) => (e.kg_co2eq ? Number(e.kg_co2eq) : 0);
    for (const [level, column] of [['module', 'module'], ['scope', 'scope'], ['category', 'category'], ['entry_type', 'entry_type']] as const) {
      const sums = sumBy(emissions, (e) => e[column]!, kg);
      const counts = sumBy(emissions, (e) => e[column]!, () => 1);
      for (const r of rows.filter((x) => x.level === level)) expectSumOfRounded(sums.get(r.key) ?? 0, Number(r.kg_co2eq), (counts.get(r.key) ?? 0) + 1, `${level} ${r.key}`);
      // Entries with an emission of the line, and those of them with one without a figure.
      for (const r of rows.filter((x) => x.level === level)) {
        const of = emissions.filter((e) => e[column] === r.key);
        expect(new Set(of.map((e) => e.entry_id)).size, `${level} ${r.key} entries`).toBe(Number(r.entries));
        expect(new Set(of.filter((e) => e.kg_co2eq === '').map((e) => e.entry_id)).size, `${level} ${r.key} without`).toBe(Number(r.without_factor));
      }
    }
    expectSumOfRounded(emissions.reduce((s, e) => s + kg(e), 0), Number(lineOf(rows, 'total', 'total').kg), emissions.length + 1);
  });

  it('writes every kg to the hundredth, without the float noise of sums, in both files', async () => {
    const report = await results('alice', 'CLIMATE-LAB');
    const rows = await summaryOf('alice', report.id);
    const res = await (await as(stack, 'alice')).get(`/api/v1/carbon_reports/${report.id}/emissions.csv`);
    const emissions = parse(res.body as unknown as string, { columns: true, bom: true }) as Record<string, string>[];
    const HUNDREDTHS = /^-?\d+(\.\d{1,2})?$/;
    expect(rows.map((r) => r.kg_co2eq).filter((kg) => !HUNDREDTHS.test(kg))).toEqual([]);
    expect(emissions.map((e) => e.kg_co2eq ?? '').filter((kg) => kg !== '' && !HUNDREDTHS.test(kg))).toEqual([]);
    // Some figure of the dataset has more than two decimals before it is written.
    expect(Object.values(report.stats!.by_category).some((kg) => Math.round(kg * 100) !== kg * 100)).toBe(true);
  });
});

/** A sum of `n` figures each rounded to the hundredth is within n half-hundredths of the exact one. */
function expectSumOfRounded(sum: number, exact: number, n: number, what?: string): void {
  expect(Math.abs(sum - exact), what).toBeLessThanOrEqual(0.005 * n + 1e-9);
}

describe('the printable report', () => {
  async function pdfOf(username: string, reportId: number, lang?: string) {
    const client = await as(stack, username);
    const res = await client.raw(`${client.baseUrl}/api/v1/carbon_reports/${reportId}/report.pdf${lang ? `?lang=${lang}` : ''}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { res, bytes };
  }

  it('is a PDF whose text holds the unit, the year and the totals as the results page writes them, in English by default', async () => {
    const report = await results('alice', 'CLIMATE-LAB');
    const stats = report.stats as Stats;
    const { res, bytes } = await pdfOf('alice', report.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`carbon-report-CLIMATE-LAB-${YEAR}-en.pdf`);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { pages, text } = await pdfText(bytes);
    expect(pages).toBeGreaterThanOrEqual(1);

    // The screen's words: the results page fills these messages with the shared formatting.
    const tonnes = (kg: number) => oneSpace(en.units.tonnes.replace('{value}', formatTonnes(kg, 'en')));
    expect(text).toContain('Carbon footprint report');
    expect(text).toContain(`${report.unit.name} (CLIMATE-LAB), ${YEAR}`);
    expect(text).toContain(tonnes(stats.kg_co2eq));
    expect(text).toContain(oneSpace(en.units.tonnesPerFte.replace('{value}', formatTonnes(stats.kg_co2eq_per_fte!, 'en'))));
    expect(text).toContain(`Incomplete: ${stats.without_factor} ${stats.without_factor === 1 ? 'entry' : 'entries'} without a factor`);
    for (const [module, m] of Object.entries(stats.by_module)) {
      expect(text).toContain(en.modules[module as ModuleType].title);
      if (m.entries > m.without_factor) expect(text).toContain(oneSpace(formatTonnes(m.kg_co2eq, 'en')));
    }
    for (const [scope, kg] of Object.entries(stats.by_scope)) expect(text).toContain(`Scope ${scope} (${en.reporting.scopeNames[Number(scope) as 1 | 2 | 3]}) ${oneSpace(formatTonnes(kg, 'en'))}`);
    expect(text).toContain(en.reporting.categories.business_travel);
    // The method cites the sources of the factors used (the German grid mix's publisher).
    expect(text).toContain('Ember, Yearly Electricity Data');
    // It describes each module's formula as it is: purchases brought to the euros of their
    // factor's year, AI services by their requests.
    expect(text).toContain('with the euro area price index (HICP)');
    expect(text).toContain('AI services weigh their requests (prompts)');
    expect(text).toMatch(/Page 1 of \d+/);
    // The total's uncertainty as the results page writes it: the whole total's range, with the
    // default classes for the part no stated uncertainty covers, and the ± the sources state (the
    // laptops' factor states one) on the part it covers, never as the total's own.
    const u = (await (await as(stack, 'alice')).get(`/api/v1/carbon_reports/${report.id}/uncertainty`)).body as ReportUncertainty;
    expect(u.stated.sigma_kg).toBeGreaterThan(0);
    expect(u.uncovered_kg).toBeGreaterThan(0);
    const t = (kg: number) => formatTonnes(kg, 'en');
    const pct = (p: number | null) => formatNumber(p!, 'en', 0, 1);
    expect(text).toContain(oneSpace(`Range ${t(u.whole.low_kg)} to ${t(u.whole.high_kg)} t (± ${t(u.whole.sigma_kg)} t, ${pct(u.whole.sigma_pct)} %); with the default uncertainty class of their factors for the ${t(u.uncovered_kg)} t whose sources state none`));
    expect(text).toContain(oneSpace(`stated by the sources: ± ${t(u.stated.sigma_kg)} t on the ${t(u.stated.covered_kg)} t (${pct(u.stated.covered_pct)} % of the total) whose factors state an uncertainty`));
    expect(text).toContain('default class of its factor family (low 10 %, medium 30 %, high 50 %, very high 80 %)');
  });

  it('is in French with ?lang=fr, with French number forms', async () => {
    const report = await results('alice', 'CLIMATE-LAB');
    const stats = report.stats as Stats;
    const { res, bytes } = await pdfOf('alice', report.id, 'fr');
    expect(res.status).toBe(200);
    const { text } = await pdfText(bytes);
    expect(text).toContain('Bilan carbone');
    expect(text).toContain(oneSpace(fr.units.tonnes.replace('{value}', formatTonnes(stats.kg_co2eq, 'fr'))));
    expect(formatTonnes(stats.kg_co2eq, 'fr')).toContain(',');
    expect(text).toContain(fr.modules.professional_travel.title);
    expect(text).toContain('Méthode');
    expect(text).toContain('avec l’indice des prix de la zone euro (IPCH)');
    expect(text).toContain('Les services d’IA pèsent leurs requêtes (prompts)');
  });

  it('of a year with nothing recorded says so, with no figure per FTE or per person, and its summary counts no entry', async () => {
    const empty = (await (await as(stack, 'alice')).get(`/api/v1/carbon_reports?unit_id=${ids.unit['CLIMATE-LAB']}&year=2024`)).body[0] as CarbonReportView;
    expect(empty.stats).toMatchObject({ kg_co2eq: 0, entries: 0, kg_co2eq_per_fte: null });
    const { res, bytes } = await pdfOf('alice', empty.id);
    expect(res.status).toBe(200);
    const { text } = await pdfText(bytes);
    expect(text).toContain(en.results.empty);
    expect(text).toContain('Per FTE not available');
    expect(text).toContain('Per person not available');
    expect(text).toContain('Every entry has a figure.');
    const rows = await summaryOf('alice', empty.id);
    expect(rows.every((r) => r.kg_co2eq === '0' && r.entries === '0' && r.without_factor === '0')).toBe(true);
  });

  it('refuses a language it does not have, with a detail', async () => {
    const report = await results('alice', 'CLIMATE-LAB');
    const res = await (await as(stack, 'alice')).get(`/api/v1/carbon_reports/${report.id}/report.pdf?lang=de`);
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('en or fr');
  });
});

describe('who may export', () => {
  it('gives the back office any unit; refuses a standard user, another unit’s principal, and answers 404 for an unknown report', async () => {
    const ocean = await results('olga', 'OCEAN-LAB');
    const climate = await results('olga', 'CLIMATE-LAB');
    for (const file of ['summary.csv', 'report.pdf']) {
      expect((await (await as(stack, 'olga')).get(`/api/v1/carbon_reports/${ocean.id}/${file}`)).status, file).toBe(200);
      const bob = await (await as(stack, 'bob')).get(`/api/v1/carbon_reports/${climate.id}/${file}`);
      expect(bob.status, file).toBe(403);
      expect(bob.body.detail).toContain('every row of the unit');
      expect((await (await as(stack, 'dan')).get(`/api/v1/carbon_reports/${climate.id}/${file}`)).status, file).toBe(403);
      expect((await (await as(stack, 'alice')).get(`/api/v1/carbon_reports/999999/${file}`)).status, file).toBe(404);
    }
  });
});
