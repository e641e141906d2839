// The factors page says where the factors shown come from: the latest file, or, before any file,
// the defaults shipped with the application, named by their sources; "no file uploaded" alone
// only when there is no factor at all. A year no report may have says why under its input.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import type { VueWrapper } from '@vue/test-utils';
import type { FactorView, PermissionMap, SessionState } from '@carbon/shared';
import FactorsPage from '../src/pages/backoffice/FactorsPage.vue';
import { fetchFactors, type FactorList } from '../src/api/sync';
import { useAuthStore } from '../src/stores/auth';
import { mountBackoffice, settle } from './support/mountBackoffice';

vi.mock('../src/api/sync', () => ({ fetchFactors: vi.fn(), uploadFactors: vi.fn(), listJobs: vi.fn(), fetchJob: vi.fn() }));
const list = vi.mocked(fetchFactors);

const VIEWER: PermissionMap = { 'backoffice.factors': ['view'] };

const factor = (band: string, source: string, over: Partial<FactorView> = {}): FactorView => ({
  id: band.length,
  data_entry_type: 'plane',
  year: 2025,
  classification: { band, cabin_class: 'economy' },
  values: { kg_co2eq_per_km: 0.2 },
  uncertainty_pct: null,
  source,
  last_seen_job_id: null,
  in_latest_upload: true,
  updated_at: '2025-01-01T00:00:00Z',
  ...over,
});

async function open(answer: FactorList, locale: 'en' | 'fr' = 'en'): Promise<VueWrapper> {
  list.mockResolvedValue(answer);
  const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/backoffice/factors', component: { template: '<div />' } }] });
  await router.push('/backoffice/factors?module=professional_travel&set=plane&year=2025');
  const w = mountBackoffice(FactorsPage, { global: { plugins: [router] } }, locale);
  useAuthStore().session = { user: { id: 1, sub: 'olga', email: null, name: 'Olga', person_number: null }, roles: [], permissions: VIEWER } as unknown as SessionState;
  await settle(50);
  return w;
}

const line = (w: VueWrapper) => w.find('[data-testid="factors-latest"]').text();

afterEach(() => {
  list.mockReset();
});

describe('factors page provenance', () => {
  it('names the shipped defaults and their sources before any file, in English and French', async () => {
    const answer = { year: 2025, factors_in_year: 3, latest_upload_job_id: { plane: null }, items: [factor('short', 'ADEME Base Carbone'), factor('long', 'ADEME Base Carbone'), factor('medium', 'UK DESNZ')] };
    expect(line(await open(answer))).toBe('Default factors (sources: ADEME Base Carbone · UK DESNZ) — no file uploaded yet.');
    expect(line(await open({ ...answer, items: answer.items.slice(0, 2) }, 'fr'))).toBe('Facteurs par défaut (source : ADEME Base Carbone) — aucun fichier importé pour l’instant.');
  });

  it('says no file was uploaded only when there is no factor, and names the latest file once there is one', async () => {
    expect(line(await open({ year: 2025, factors_in_year: 3, latest_upload_job_id: { plane: null }, items: [] }))).toBe('No factor file has been uploaded for this set and year yet.');
    const uploaded = { year: 2025, factors_in_year: 1, latest_upload_job_id: { plane: 42 }, items: [factor('short', 'Operator file', { last_seen_job_id: 42 })] };
    expect(line(await open(uploaded))).toBe('Latest factor file: job #42');
  });

  it('shows the uncertainty each factor\'s source states, and says when it states none, in English and French', async () => {
    const answer = { year: 2025, factors_in_year: 2, latest_upload_job_id: { plane: 7 }, items: [factor('short', 'ADEME', { uncertainty_pct: 70, last_seen_job_id: 7 }), factor('medium', 'ADEME', { id: 9, last_seen_job_id: 7 })] };
    const cells = (w: VueWrapper) => w.findAll('[data-testid^="factor-"] td').map((c) => c.text());
    const en = cells(await open(answer));
    expect(en).toContain('± 70 %');
    expect(en).toContain('none published');
    const fr = await open(answer, 'fr');
    expect(cells(fr)).toContain('± 70 %');
    expect(cells(fr)).toContain('non publiée');
    // (the header text is followed by its sort icon's ligature)
    expect(fr.findAll('th').some((h) => h.text().includes('Incertitude (± %)'))).toBe(true);
  });

  it('says why a year no report may have shows nothing, and asks nothing of the server', async () => {
    const w = await open({ year: 2025, factors_in_year: 3, latest_upload_job_id: { plane: null }, items: [] });
    const calls = list.mock.calls.length;
    await w.find('input[data-testid="factors-year"]').setValue('20255');
    await settle(450);
    expect(w.find('[data-testid="factors-page"] [role="alert"]').text()).toBe('Enter a year from 1990 to 2100.');
    expect(list.mock.calls.length).toBe(calls);
  });
});
