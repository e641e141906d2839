// A replace upload removes earlier CSV rows: before anything is sent the dialog says how many (as
// the server counts them) and waits for a confirmation; with none to remove it sends at once.
// When the pipeline ends, the result says how many rows were removed and added.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import { QOptionGroup } from 'quasar';
import CsvUpload from '../src/components/backoffice/CsvUpload.vue';
import { countReplaceable, dispatchCsv, fetchJob, listJobs } from '../src/api/sync';
import { useEventsStore } from '../src/stores/events';
import { mountBackoffice, settle, StreamStandIn } from './support/mountBackoffice';
import { jobView, PIPELINE } from './support/jobs';

vi.mock('../src/api/sync', () => ({ countReplaceable: vi.fn(), dispatchCsv: vi.fn(), listJobs: vi.fn(), fetchJob: vi.fn() }));
// The unit list the selectors read: not needed with a fixed unit and year.
vi.mock('../src/api/client', async (actual) => ({ ...(await actual<typeof import('../src/api/client')>()), api: { get: vi.fn().mockResolvedValue({ data: [] }) } }));
vi.mock('../src/api/carbon', () => ({ fetchModuleSummary: vi.fn().mockRejectedValue(new Error('not needed here')) }));
const count = vi.mocked(countReplaceable);
const dispatch = vi.mocked(dispatchCsv);
const list = vi.mocked(listJobs);

const byId = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;

async function openReplace(locale: 'en' | 'fr' = 'en'): Promise<VueWrapper> {
  const w = mountBackoffice(CsvUpload, { props: { module: 'professional_travel', unitId: 2, year: 2025 }, attachTo: document.body }, locale);
  useEventsStore().start();
  w.findComponent(QOptionGroup).vm.$emit('update:modelValue', 'replace');
  const input = w.find('input[type="file"]');
  Object.defineProperty(input.element, 'files', { value: [new File(['origin\nGVA\n'], 'trips.csv', { type: 'text/csv' })], configurable: true });
  await input.trigger('change');
  await settle();
  return w;
}

const send = async () => {
  byId('upload-send')!.click();
  await settle();
};

beforeEach(() => {
  StreamStandIn.instances = [];
  vi.stubGlobal('EventSource', StreamStandIn);
  count.mockReset();
  dispatch.mockReset();
  list.mockReset();
  vi.mocked(fetchJob).mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('replace upload', () => {
  it('names how many earlier CSV rows will be removed and sends nothing until confirmed', async () => {
    count.mockResolvedValue(5004);
    dispatch.mockResolvedValue({ job_id: 7, pipeline_id: PIPELINE });
    list.mockResolvedValue({ items: [], total: 0, page: 1, limit: 500 });
    await openReplace();
    await send();
    expect(count).toHaveBeenCalledWith({ module: 'professional_travel', type: 'plane', year: 2025, unitId: 2 });
    expect(byId('upload-confirm-message')!.textContent).toBe(
      '5\u202f004 earlier CSV entries of this type, for this unit and year, will be removed before the file is imported. Entries typed in by hand stay.',
    );
    expect(dispatch).not.toHaveBeenCalled();

    byId('upload-confirm-cancel')!.click();
    await settle(300);
    expect(dispatch).not.toHaveBeenCalled();

    await send();
    byId('upload-confirm-ok')!.click();
    await settle();
    expect(dispatch).toHaveBeenCalledTimes(1);
    expect(dispatch.mock.calls[0]![0]).toMatchObject({ mode: 'replace', unitId: 2, year: 2025 });
  });

  it('asks in French, and says one row in the singular', async () => {
    count.mockResolvedValue(1);
    await openReplace('fr');
    await send();
    expect(byId('upload-confirm-message')!.textContent).toBe(
      '1 saisie CSV précédente de ce type, pour cette unité et cette année, sera supprimée avant l’import du fichier. Les saisies faites à la main restent.',
    );
  });

  it('sends at once when there is nothing to remove, and ends saying how many rows were removed and added', async () => {
    count.mockResolvedValue(0);
    dispatch.mockResolvedValue({ job_id: 7, pipeline_id: PIPELINE });
    const report = { mode: 'replace', replaced: 0, rows: 1201, stored: 1200, skipped: 1, issues_total: 1, issues: [{ row: 3, column: 'origin', reason: 'unknown airport code XXX', level: 'error' }] };
    list.mockResolvedValue({
      items: [
        jobView({ id: 7, state: 'FINISHED', result: 'WARNING', report, next_job: 8 }),
        jobView({ id: 8, job_type: 'emission_recalc', state: 'FINISHED', result: 'SUCCESS', report: { entries: 2, without_factor: 0 }, next_job: 9 }),
        jobView({ id: 9, job_type: 'aggregation', target: 'STATS', state: 'FINISHED', result: 'SUCCESS', report: { modules: 1 } }),
      ],
      total: 3,
      page: 1,
      limit: 500,
    });
    await openReplace();
    await send();
    await settle(200);
    expect(byId('upload-confirm')).toBeNull();
    expect(dispatch).toHaveBeenCalledTimes(1);
    expect(byId('pipeline-outcome')!.textContent!.trim()).toBe('Done: earlier CSV rows removed: 0; rows added: 1\u202f200; rows skipped: 1. The totals are up to date.');
    expect(byId('row-report')!.textContent).toContain('0 earlier CSV rows removed; 1\u202f201 rows read, 1\u202f200 added, 1 skipped');
  });

  it('declares the decimal mark chosen, and none when each column is to tell', async () => {
    count.mockResolvedValue(0);
    dispatch.mockResolvedValue({ job_id: 7, pipeline_id: PIPELINE });
    list.mockResolvedValue({ items: [], total: 0, page: 1, limit: 500 });
    const w = await openReplace();
    expect(w.findAllComponents(QOptionGroup)[1]!.props('modelValue')).toBe('detect');
    w.findAllComponents(QOptionGroup)[1]!.vm.$emit('update:modelValue', 'comma');
    await send();
    expect(dispatch.mock.calls[0]![0]).toMatchObject({ mode: 'replace', decimal: 'comma' });
  });

  it('shows why the count was refused, and sends nothing', async () => {
    count.mockRejectedValue({ isAxiosError: true, response: { status: 403, data: { detail: 'You may not sync this module of this unit.' } } });
    await openReplace();
    await send();
    expect(byId('upload-rejected-detail')!.textContent).toBe('You may not sync this module of this unit.');
    expect(dispatch).not.toHaveBeenCalled();
  });
});
