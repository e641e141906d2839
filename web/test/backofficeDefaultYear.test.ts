// The back-office pages open on the latest year with data, not on an empty later year: uploads
// and the institution results on the latest year whose reports hold entries (a unit sync makes
// reports ahead, empty), the factors page on the latest year that has factors.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import type { PermissionMap, SessionState, UnitSummary } from '@carbon/shared';
import FactorsPage from '../src/pages/backoffice/FactorsPage.vue';
import RollupPage from '../src/pages/backoffice/RollupPage.vue';
import UploadsPage from '../src/pages/backoffice/UploadsPage.vue';
import { api } from '../src/api/client';
import { fetchFactors, fetchFactorYears, fetchUnits } from '../src/api/sync';
import { fetchRollup } from '../src/api/carbon';
import { useAuthStore } from '../src/stores/auth';
import { mountBackoffice, settle } from './support/mountBackoffice';

vi.mock('../src/api/client', async (actual) => ({ ...(await actual<typeof import('../src/api/client')>()), api: { get: vi.fn() } }));
vi.mock('../src/api/sync', () => ({ fetchFactors: vi.fn(), fetchFactorYears: vi.fn(), fetchUnits: vi.fn(), uploadFactors: vi.fn(), listJobs: vi.fn(), fetchJob: vi.fn(), dispatchCsv: vi.fn(), countReplaceable: vi.fn() }));
vi.mock('../src/api/carbon', () => ({ fetchRollup: vi.fn(), fetchModuleSummary: vi.fn() }));

const unit = (id: number, years: number[], withEntries: number[]): UnitSummary => ({ id, institutional_id: `U${id}`, name: `Unit ${id}`, parent_id: null, is_active: true, years, years_with_entries: withEntries });
// Reports up to 2031 (a unit sync ran ahead), entries only up to 2025.
const UNITS = [unit(1, [2024, 2025, 2031], [2024, 2025]), unit(2, [2025, 2031], [2024])];
const OPERATOR: PermissionMap = { 'backoffice.factors': ['view'], 'backoffice.results': ['view'], 'backoffice.jobs': ['view'], 'module.buildings': ['view', 'sync'] };

async function open(component: Parameters<typeof mountBackoffice>[0], path: string) {
  vi.mocked(api.get).mockResolvedValue({ data: UNITS } as Awaited<ReturnType<typeof api.get>>);
  vi.mocked(fetchUnits).mockResolvedValue(UNITS);
  const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/:p(.*)*', component: { template: '<div />' } }] });
  await router.push(path);
  const w = mountBackoffice(component, { global: { plugins: [router] } });
  useAuthStore().session = { user: { id: 1, sub: 'olga', email: null, name: 'Olga', person_number: null }, roles: [], permissions: OPERATOR } as unknown as SessionState;
  await settle(50);
  return { w, router };
}

afterEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(fetchFactors).mockReset();
  vi.mocked(fetchFactorYears).mockReset();
  vi.mocked(fetchRollup).mockReset();
});

describe('back-office default year', () => {
  it('factors: the latest year that has factors', async () => {
    vi.mocked(fetchFactorYears).mockResolvedValue([2024, 2025]);
    vi.mocked(fetchFactors).mockResolvedValue({ year: 2025, factors_in_year: 1, latest_upload_job_id: {}, items: [] });
    const { router } = await open(FactorsPage, '/backoffice/factors');
    expect(vi.mocked(fetchFactors).mock.calls.map((c) => c[2])).toEqual([2025]);
    expect(router.currentRoute.value.query.year).toBe('2025');
  });

  it('institution results: the latest year whose reports hold entries', async () => {
    vi.mocked(fetchRollup).mockResolvedValue([]);
    await open(RollupPage, '/backoffice/rollup');
    expect(vi.mocked(fetchRollup).mock.calls.at(-1)?.[0]).toBe(2025);
    expect(vi.mocked(fetchRollup).mock.calls.map((c) => c[0])).not.toContain(2031);
  });

  it('uploads: the latest year whose reports hold entries', async () => {
    const { w } = await open(UploadsPage, '/backoffice/uploads');
    // The select's test id is on its input; what it shows is in its field.
    const shown = w.find('[data-testid="upload-year"]').element.closest('.q-field')!.textContent;
    expect(shown).toContain('2025');
    expect(shown).not.toContain('2031');
  });
});
