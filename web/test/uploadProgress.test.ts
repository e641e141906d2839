// The upload flow and its progress view: the upload bar follows axios' progress, then the
// pipeline's phases (import → recalculation per type → aggregation) move with the tab's event
// stream, a shared aggregation is followed through next_job, the row report lists the skipped
// rows (filterable), and refused files show the server's reason.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import UploadRunner from '../src/components/backoffice/UploadRunner.vue';
import PipelineProgress from '../src/components/backoffice/PipelineProgress.vue';
import JobTable from '../src/components/backoffice/JobTable.vue';
import { fetchJob, listJobs } from '../src/api/sync';
import { useEventsStore } from '../src/stores/events';
import { mountBackoffice, settle, StreamStandIn } from './support/mountBackoffice';
import { jobEvent, jobView, PIPELINE } from './support/jobs';

vi.mock('../src/api/sync', () => ({ listJobs: vi.fn(), fetchJob: vi.fn() }));
const list = vi.mocked(listJobs);
const one = vi.mocked(fetchJob);

const page = (items: ReturnType<typeof jobView>[]) => ({ items, total: items.length, page: 1, limit: 500 });
const q = (w: VueWrapper, id: string) => w.find(`[data-testid="${id}"]`);
const phaseStatus = (w: VueWrapper, key: string) => q(w, `phase-${key}`).attributes('data-status');

async function chooseFile(w: VueWrapper, file: File): Promise<void> {
  const input = w.find('input[type="file"]');
  Object.defineProperty(input.element, 'files', { value: [file], configurable: true });
  await input.trigger('change');
}

const csv = () => new File(['origin,destination,person_number\nGVA,JFK,100001\n'], 'trips.csv', { type: 'text/csv' });

beforeEach(() => {
  StreamStandIn.instances = [];
  vi.stubGlobal('EventSource', StreamStandIn);
  list.mockReset();
  one.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('UploadRunner', () => {
  it('shows the upload progress, then each phase live, then the row report of the skipped rows', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const send = vi.fn(async (_file: File, onProgress: (p: { loaded: number; total: number | undefined }) => void) => {
      onProgress({ loaded: 50, total: 100 });
      await gate;
      onProgress({ loaded: 100, total: 100 });
      return { job_id: 11, pipeline_id: PIPELINE };
    });
    const w = mountBackoffice(UploadRunner, { props: { send } });
    useEventsStore().start();
    const stream = StreamStandIn.instances[0]!;

    await chooseFile(w, csv());
    expect(q(w, 'file-chosen').text()).toContain('trips.csv');
    const ingest = jobView({ id: 11, state: 'RUNNING', locked_by: 'i1', attempts: 1, progress: { phase: 'reading', done: 0, total: 60 } });
    list.mockResolvedValue(page([ingest]));
    await q(w, 'upload-send').trigger('click');
    await settle();
    expect(q(w, 'upload-progress').text()).toContain('50 %');
    expect(send).toHaveBeenCalledTimes(1);

    release();
    await settle();
    expect(q(w, 'upload-job-id').text()).toBe('Job #11 started');
    expect(q(w, 'upload-progress').attributes('data-done')).toBe('true');
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ pipeline_id: PIPELINE, order: 'asc' }));
    expect(phaseStatus(w, 'ingest')).toBe('running');
    expect(phaseStatus(w, 'recalculation')).toBe('waiting');
    expect(phaseStatus(w, 'aggregation')).toBe('waiting');

    // A progress event moves the counts at once, without reading the list again.
    const calls = list.mock.calls.length;
    stream.emit('job', jobEvent(ingest, { progress: { phase: 'validating', done: 30, total: 60 } }));
    await settle();
    expect(q(w, 'phase-ingest').find('[data-testid="phase-job-counts"]').text()).toBe('checking rows 50 %');
    expect(list.mock.calls.length).toBe(calls);

    // The import finishes with two skipped rows and hands on to the recalculation.
    const report = {
      rows: 5,
      stored: 3,
      skipped: 2,
      issues_total: 2,
      issues_truncated: false,
      issues: [
        { row: 3, column: 'person_number', reason: 'person number 999999 is not in the headcount', level: 'warning' },
        { row: 5, column: 'origin', reason: 'unknown airport XXX', level: 'error' },
      ],
    };
    const ingestDone = { ...ingest, state: 'FINISHED' as const, result: 'WARNING' as const, report, next_job: 12, status_message: '3 of 5 rows imported, 2 skipped' };
    const recalc = jobView({ id: 12, job_type: 'emission_recalc', state: 'RUNNING', locked_by: 'i1', attempts: 1, progress: { phase: 'computing', done: 0, total: 3 } });
    list.mockResolvedValue(page([ingestDone, recalc]));
    stream.emit('job', jobEvent(ingestDone));
    await settle(200);
    expect(phaseStatus(w, 'ingest')).toBe('warning');
    expect(q(w, 'phase-ingest').text()).toContain('5 rows: 3 imported, 2 skipped');
    expect(phaseStatus(w, 'recalculation')).toBe('running');
    stream.emit('job', jobEvent(recalc, { progress: { phase: 'computing', done: 2, total: 3 } }));
    await settle();
    expect(q(w, 'phase-recalculation').text()).toContain('computing 2 / 3');

    // The recalculation chains an aggregation shared with another pipeline: followed by its id.
    const recalcDone = { ...recalc, state: 'FINISHED' as const, result: 'SUCCESS' as const, next_job: 20, report: { entries: 3, without_factor: 0 } };
    const aggregation = jobView({ id: 20, job_type: 'aggregation', target: 'STATS', data_entry_type: null, pipeline_id: 'other', state: 'RUNNING', locked_by: 'i2', attempts: 1 });
    list.mockResolvedValue(page([ingestDone, recalcDone]));
    one.mockResolvedValue(aggregation);
    stream.emit('job', jobEvent(recalcDone));
    await settle(200);
    expect(one).toHaveBeenCalledWith(20);
    expect(phaseStatus(w, 'recalculation')).toBe('success');
    expect(phaseStatus(w, 'aggregation')).toBe('running');
    expect(q(w, 'pipeline-outcome').exists()).toBe(false);

    const aggregationDone = { ...aggregation, state: 'FINISHED' as const, result: 'SUCCESS' as const, report: { modules: 1 } };
    one.mockResolvedValue(aggregationDone);
    stream.emit('job', jobEvent(aggregationDone, { pipeline_active: false }));
    await settle(200);
    expect(phaseStatus(w, 'aggregation')).toBe('success');
    expect(q(w, 'pipeline-progress').attributes('data-ended')).toBe('true');
    expect(q(w, 'pipeline-outcome').attributes('data-outcome')).toBe('warning');
    expect(q(w, 'pipeline-outcome').text()).toContain('2 rows were skipped');
    expect(w.emitted('ended')).toHaveLength(1);

    // The row report: exactly the skipped rows, filterable.
    const rows = () => w.findAll('[data-testid="row-report"] tbody tr');
    expect(rows().map((r) => r.findAll('td').map((c) => c.text()))).toEqual([
      ['3', 'person_number', 'person number 999999 is not in the headcount', 'Warning'],
      ['5', 'origin', 'unknown airport XXX', 'Error'],
    ]);
    const filter = q(w, 'row-report-filter');
    await (filter.element.tagName === 'INPUT' ? filter : filter.find('input')).setValue('airport');
    await settle(250);
    expect(rows()).toHaveLength(1);
    expect(rows()[0]!.text()).toContain('unknown airport XXX');
  });

  it('reads the pipeline again after the stream reconnects, since events may have been missed', async () => {
    const send = vi.fn().mockResolvedValue({ job_id: 11, pipeline_id: PIPELINE });
    const w = mountBackoffice(UploadRunner, { props: { send } });
    const events = useEventsStore();
    events.start();
    const stream = StreamStandIn.instances[0]!;
    stream.emit('open');
    list.mockResolvedValue(page([jobView({ id: 11, state: 'RUNNING', locked_by: 'i1', attempts: 1 })]));
    await chooseFile(w, csv());
    await q(w, 'upload-send').trigger('click');
    await settle();
    const calls = list.mock.calls.length;
    stream.emit('error');
    await settle();
    stream.emit('open');
    await settle(200);
    expect(list.mock.calls.length).toBe(calls + 1);
  });

  it('shows why the server refused the file, and keeps the file for another try', async () => {
    const refusal = { isAxiosError: true, response: { status: 413, data: { detail: 'The file is larger than the upload limit of 1,000 bytes (UPLOAD_MAX_BYTES).' } } };
    const send = vi.fn().mockRejectedValue(refusal);
    const w = mountBackoffice(UploadRunner, { props: { send } });
    await chooseFile(w, csv());
    await q(w, 'upload-send').trigger('click');
    await settle();
    expect(q(w, 'upload-rejected').text()).toContain('The file was refused.');
    expect(q(w, 'upload-rejected-detail').text()).toBe('The file is larger than the upload limit of 1,000 bytes (UPLOAD_MAX_BYTES).');
    expect(q(w, 'file-chosen').text()).toContain('trips.csv');
    expect(list).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a CSV before sending anything, in French too', async () => {
    const send = vi.fn();
    const w = mountBackoffice(UploadRunner, { props: { send } }, 'fr');
    await chooseFile(w, new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }));
    expect(q(w, 'file-problem').text()).toBe('« report.pdf » n’est pas un fichier CSV. Choisissez un fichier .csv.');
    expect(q(w, 'upload-send').attributes('disabled')).toBeDefined();
  });

  /** An upload whose pipeline has already ended with these jobs, followed to its outcome. */
  async function ended(jobs: ReturnType<typeof jobView>[], locale: 'en' | 'fr' = 'en'): Promise<VueWrapper> {
    list.mockResolvedValue(page(jobs));
    const w = mountBackoffice(UploadRunner, { props: { send: vi.fn(async () => ({ job_id: 11, pipeline_id: PIPELINE })) } }, locale);
    useEventsStore().start();
    await chooseFile(w, csv());
    await q(w, 'upload-send').trigger('click');
    await settle(200);
    return w;
  }

  it.each([
    ['en', 'Done, but 300 entries of this file have no factor for this year: their emissions are not in the totals.', 'up to date'],
    ['fr', 'Terminé, mais 300 saisies de ce fichier n’ont pas de facteur pour cette année : leurs émissions ne sont pas dans les totaux.', 'à jour'],
  ] as const)('%s: a file whose entries lack a factor says so, never that the totals are up to date', async (locale, expected, never) => {
    const w = await ended(
      [
        jobView({ id: 11, state: 'FINISHED', result: 'SUCCESS', next_job: 12, report: { rows: 300, stored: 300, skipped: 0, issues: [] } }),
        jobView({ id: 12, job_type: 'emission_recalc', state: 'FINISHED', result: 'WARNING', next_job: 13, report: { entries: 300, without_factor: 300, only_missing: true } }),
        jobView({ id: 13, job_type: 'aggregation', target: 'STATS', data_entry_type: null, state: 'FINISHED', result: 'SUCCESS', report: { modules: 1, without_factor: 300 } }),
      ],
      locale,
    );
    const outcome = q(w, 'pipeline-outcome');
    expect(outcome.attributes('data-outcome')).toBe('incomplete');
    expect(outcome.text()).toContain(expected);
    expect(outcome.text()).not.toContain(never);
    expect(q(w, 'phase-aggregation').text()).toContain(locale === 'en' ? 'totals incomplete: 300 entries without a factor' : 'totaux incomplets : 300 saisies sans facteur');
  });

  it('speaks of the file’s own rows: older entries without a factor are not blamed on it', async () => {
    // The file's 4 rows all have their factor; the module holds 25 older entries without one.
    const w = await ended([
      jobView({ id: 11, state: 'FINISHED', result: 'SUCCESS', next_job: 12, report: { rows: 4, stored: 4, skipped: 0, issues: [] } }),
      jobView({ id: 12, job_type: 'emission_recalc', state: 'FINISHED', result: 'SUCCESS', next_job: 13, report: { entries: 4, without_factor: 0, only_missing: true } }),
      jobView({ id: 13, job_type: 'aggregation', target: 'STATS', data_entry_type: null, state: 'FINISHED', result: 'SUCCESS', report: { modules: 1, without_factor: 25 } }),
    ]);
    const outcome = q(w, 'pipeline-outcome');
    expect(outcome.attributes('data-outcome')).toBe('success');
    expect(outcome.text()).not.toContain('25');
    // The totals still say what they lack, as a fact about the module.
    expect(q(w, 'phase-aggregation').text()).toContain('totals incomplete: 25 entries without a factor');
  });

  it.each([
    ['en', 'Done: 3 rows skipped', 'Finished: 3 rows skipped'],
    ['fr', 'Terminé : 3 lignes ignorées', 'Terminé : 3 lignes ignorées'],
  ] as const)('%s: skipped rows are said as such, not as a generic warning', (locale, phase, state) => {
    const report = { rows: 8, stored: 5, skipped: 3, issues_total: 3, issues: [] };
    const jobs = [
      jobView({ id: 1, state: 'FINISHED', result: 'WARNING', report, next_job: 2 }),
      jobView({ id: 2, job_type: 'emission_recalc', state: 'FINISHED', result: 'SUCCESS', report: { entries: 5, without_factor: 0, only_missing: true }, next_job: 3 }),
      jobView({ id: 3, job_type: 'aggregation', state: 'FINISHED', result: 'SUCCESS', report: { modules: 1 } }),
    ];
    const w = mountBackoffice(PipelineProgress, { props: { jobs } }, locale);
    expect(q(w, 'phase-ingest').find('[data-testid="phase-status"]').text()).toBe(phase);
    expect(w.text()).not.toMatch(/warnings|avertissements/);
    const table = mountBackoffice(JobTable, { props: { jobs, loading: false, now: Date.now(), lastEventAt: {}, units: [], pagination: { page: 1, rowsPerPage: 50, rowsNumber: 3 } } }, locale);
    expect(table.find('[data-testid="job-row-1"] [data-testid="job-state"]').text()).toBe(state);
  });

  it('says why a refused file changed nothing in the UI language, from the failure’s code', async () => {
    const report = { rows: 3, stored: 0, skipped: 3, issues_total: 0, issues: [], error: { code: 'nothing_imported_invalid', params: { rows: 3 } } };
    const w = await ended([jobView({ id: 11, state: 'FINISHED', result: 'ERROR', report, status_message: 'Nothing was imported: none of its 3 rows is usable (see the report).' })], 'fr');
    expect(q(w, 'pipeline-outcome').attributes('data-outcome')).toBe('failed');
    expect(q(w, 'pipeline-outcome').text()).toBe('Rien n’a été modifié : Rien n’a été importé : aucune de ses 3 lignes n’est utilisable (voir le rapport par ligne).');
    expect(q(w, 'phase-job-error').text()).toBe('Rien n’a été importé : aucune de ses 3 lignes n’est utilisable (voir le rapport par ligne).');
  });

  it('speaks French: phases, counts and the row report', () => {
    const report = { rows: 2, stored: 1, skipped: 1, issues_total: 1, issues: [{ row: 3, column: 'person_number', reason: 'inconnu', level: 'warning' }] };
    const jobs = [
      jobView({ id: 1, state: 'FINISHED', result: 'WARNING', locked_by: 'i1', report, next_job: 2 }),
      jobView({ id: 2, job_type: 'emission_recalc', state: 'FINISHED', result: 'SUCCESS', locked_by: 'i1', report: { entries: 1, without_factor: 0 }, next_job: 3 }),
      jobView({ id: 3, job_type: 'aggregation', state: 'RUNNING', locked_by: 'i1', attempts: 1, progress: { phase: 'aggregating', done: 0, total: 1 } }),
    ];
    const w = mountBackoffice(PipelineProgress, { props: { jobs } }, 'fr');
    const text = w.text();
    expect(text).not.toMatch(/backoffice\./);
    expect(q(w, 'phase-ingest').text()).toContain('2 lignes — importées : 1, ignorées : 1');
    expect(q(w, 'phase-recalculation').text()).toContain('1 saisie calculée, 0 sans facteur');
    expect(q(w, 'phase-aggregation').text()).toContain('agrégation 0 / 1');
    expect(q(w, 'phase-aggregation').text()).toContain('En cours');
    expect(q(w, 'row-report').text()).toContain('Rapport par ligne');
    expect(q(w, 'row-report').text()).toContain('Avertissement');
  });
});
