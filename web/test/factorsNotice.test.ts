// A year nobody gave factors yet says so where its figures would show: the notice (English and
// French, the workspace's wording and the back office's), when a module counts as without any
// factor, and the back office's carry-over card, which starts the job and shows a refusal's reason.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entryTypesOf, FACTOR_SETS, factorSetsUsedBy, MODULE_TYPES, type ModuleType } from '@carbon/shared';
import NoFactorsNotice from '../src/components/NoFactorsNotice.vue';
import CarryOverCard from '../src/components/backoffice/CarryOverCard.vue';
import { lacksAllFactors, needsFactors } from '../src/utils/factors';
import { carryOverFactors, listJobs } from '../src/api/sync';
import { mountApp } from './support/mountApp';
import { mountBackoffice, settle } from './support/mountBackoffice';
import { jobView, PIPELINE } from './support/jobs';

vi.mock('../src/api/sync', () => ({ carryOverFactors: vi.fn(), listJobs: vi.fn(), fetchJob: vi.fn() }));
afterEach(() => {
  vi.mocked(carryOverFactors).mockReset();
  vi.mocked(listJobs).mockReset();
  document.body.innerHTML = '';
});

// The sets a module needs factors of: optional sets are empty by design, never "missing".
const setsOf = (m: ModuleType) => [...new Set(entryTypesOf(m).flatMap(factorSetsUsedBy))].filter((s) => !FACTOR_SETS[s]!.optional);

describe('NoFactorsNotice', () => {
  it.each([
    ['en', false, 'No factors for 2031: ask the back office to carry over 2030’s factors or to upload them.'],
    ['fr', false, 'Aucun facteur pour 2031 : demandez au back-office de reporter ceux de 2030 ou de les importer.'],
    ['en', true, 'No factors for 2031: carry over 2030’s factors below, or upload them.'],
    ['fr', true, 'Aucun facteur pour 2031 : reportez ceux de 2030 ci-dessous, ou importez-les.'],
  ] as const)('%s (back office: %s)', (locale, backoffice, expected) => {
    const w = mountApp(NoFactorsNotice, { props: { year: 2031, backoffice } }, locale);
    expect(w.get('[data-testid="no-factors-notice"]').text()).toContain(expected);
  });

  it.each([
    ['en', 'No Headcount factors for 2031: ask the back office to carry over 2030’s factors or to upload them.'],
    ['fr', 'Aucun facteur « Effectif » pour 2031 : demandez au back-office de reporter ceux de 2030 ou de les importer.'],
  ] as const)('%s: on a module page, about its own factors', (locale, expected) => {
    const w = mountApp(NoFactorsNotice, { props: { year: 2031, module: locale === 'en' ? 'Headcount' : 'Effectif' } }, locale);
    expect(w.get('[data-testid="no-factors-notice"]').text()).toContain(expected);
  });
});

describe('lacksAllFactors', () => {
  it('a module reading only optional sets (the headcount) needs none, and never lacks them', () => {
    expect(needsFactors({ factor_sets_needed: [], factor_sets_without_factors: [] })).toBe(false);
    expect(lacksAllFactors({ factor_sets_needed: [], factor_sets_without_factors: [] })).toBe(false);
  });

  it.each([...MODULE_TYPES].filter((m) => setsOf(m).length > 0))('%s: only when every set it needs has no factor for the year', (m) => {
    const sets = setsOf(m);
    expect(needsFactors({ factor_sets_needed: sets, factor_sets_without_factors: [] })).toBe(true);
    expect(lacksAllFactors({ factor_sets_needed: sets, factor_sets_without_factors: sets })).toBe(true);
    expect(lacksAllFactors({ factor_sets_needed: sets, factor_sets_without_factors: [] })).toBe(false);
    if (sets.length > 1) expect(lacksAllFactors({ factor_sets_needed: sets, factor_sets_without_factors: sets.slice(1) })).toBe(false);
    expect(lacksAllFactors(undefined)).toBe(false);
  });
});

describe('CarryOverCard', () => {
  it('starts the carry-over from the year before by default and follows its pipeline', async () => {
    vi.mocked(carryOverFactors).mockResolvedValue({ job_id: 7, pipeline_id: PIPELINE });
    vi.mocked(listJobs).mockResolvedValue({
      items: [jobView({ id: 7, job_type: 'factor_carry_over', entity_type: 'GLOBAL_PER_YEAR', target: 'FACTORS', module_type: null, data_entry_type: null, unit_id: null, year: 2031, state: 'RUNNING', locked_by: 'i1', attempts: 1, progress: { phase: 'copying', done: 4, total: 16 } })],
      total: 1,
      page: 1,
      limit: 500,
    });
    const w = mountBackoffice(CarryOverCard, { props: { toYear: 2031 } });
    expect(w.get('[data-testid="carry-over-start"]').text()).toContain('Carry over 2030 → 2031');
    await w.get('[data-testid="carry-over-start"]').trigger('click');
    await settle(50);
    expect(carryOverFactors).toHaveBeenCalledWith(2030, 2031);
    expect(w.get('[data-testid="pipeline-progress"]').text()).toContain('Factor carry-over');
  });

  it('shows the reason of a refusal, in French too', async () => {
    vi.mocked(carryOverFactors).mockRejectedValue(Object.assign(new Error('422'), { isAxiosError: true, response: { status: 422, data: { detail: 'There is no factor for 2030 to carry over.', code: 'no_factor_to_carry', params: { year: 2030 } } } }));
    const w = mountBackoffice(CarryOverCard, { props: { toYear: 2031 } }, 'fr');
    expect(w.get('[data-testid="carry-over-start"]').text()).toContain('Reporter 2030 → 2031');
    await w.get('[data-testid="carry-over-start"]').trigger('click');
    await settle(50);
    expect(w.get('[data-testid="carry-over-refused"]').text()).toContain('Il n’y a aucun facteur de 2030 à reporter.');
  });
});
