// The job console's row actions: "Recover" only on stale jobs and only with jobs edit, a
// confirmation first, the recovered job handed back, and a 409 shown with the server's reason;
// the table marks stale jobs (RUNNING without a sign of life for the rescue window).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { PermissionMap, SessionState } from '@carbon/shared';
import JobRowActions from '../src/components/backoffice/JobRowActions.vue';
import JobTable from '../src/components/backoffice/JobTable.vue';
import { recoverJob } from '../src/api/sync';
import { useAuthStore } from '../src/stores/auth';
import { mountBackoffice, settle } from './support/mountBackoffice';
import { jobView, PIPELINE } from './support/jobs';

vi.mock('../src/api/sync', () => ({ recoverJob: vi.fn() }));
const recover = vi.mocked(recoverJob);

const OPERATOR: PermissionMap = { 'backoffice.jobs': ['view', 'edit'] };
const VIEWER: PermissionMap = { 'backoffice.jobs': ['view'] };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const stuck = jobView({ id: 7, job_type: 'aggregation', state: 'RUNNING', locked_by: 'host:4242:dead', locked_at: minutesAgo(15), started_at: minutesAgo(15), attempts: 1 });

async function signIn(permissions: PermissionMap): Promise<void> {
  useAuthStore().session = { user: { id: 1, sub: 'olga', email: null, name: 'Olga', person_number: null }, roles: [], permissions } as unknown as SessionState;
  await nextTick();
}

const button = (testid: string) => document.querySelector<HTMLElement>(`[data-testid="${testid}"]`);

beforeEach(() => {
  recover.mockReset();
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('JobRowActions', () => {
  it('offers Recover on a stale job to an operator with jobs edit, and recovers after confirmation', async () => {
    const w = mountBackoffice(JobRowActions, { props: { job: stuck, stale: true }, attachTo: document.body });
    await signIn(OPERATOR);
    recover.mockResolvedValue({ job: { ...stuck, state: 'NOT_STARTED', locked_by: null }, recovered_because: 'its instance host:4242:dead is gone' });

    await w.find('[data-testid="job-recover"]').trigger('click');
    await settle();
    expect(document.body.textContent).toContain('Recover job #7?');
    expect(document.body.textContent).toContain('host:4242:dead');
    expect(recover).not.toHaveBeenCalled();
    button('recover-confirm')!.click();
    await settle();

    expect(recover).toHaveBeenCalledWith(7);
    expect(w.emitted('recovered')?.[0]?.[0]).toMatchObject({ job: { id: 7, state: 'NOT_STARTED' } });
    expect(w.find('[data-testid="recover-conflict"]').exists()).toBe(false);
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const w = mountBackoffice(JobRowActions, { props: { job: stuck, stale: true }, attachTo: document.body });
    await signIn(OPERATOR);
    await w.find('[data-testid="job-recover"]').trigger('click');
    await settle();
    button('recover-cancel')!.click();
    await settle();
    expect(recover).not.toHaveBeenCalled();
    expect(w.emitted('recovered')).toBeUndefined();
  });

  it('shows the reason of a 409 (the server does not find the job stale) as a message', async () => {
    const w = mountBackoffice(JobRowActions, { props: { job: stuck, stale: true }, attachTo: document.body });
    await signIn(OPERATOR);
    const detail = 'Job 7 is running on instance host:1:live, which is alive (last heartbeat 3 s ago), and has run for 20 s of its 600 s timeout.';
    recover.mockRejectedValue({ isAxiosError: true, response: { status: 409, data: { detail } } });

    await w.find('[data-testid="job-recover"]').trigger('click');
    await settle();
    button('recover-confirm')!.click();
    await settle();

    expect(w.find('[data-testid="recover-conflict"]').text()).toBe(`Not recovered: ${detail}`);
    expect(w.emitted('recovered')).toBeUndefined();
  });

  it('has no Recover for a job that is not stale, nor for an operator who may only view jobs', async () => {
    const fresh = mountBackoffice(JobRowActions, { props: { job: stuck, stale: false } });
    await signIn(OPERATOR);
    expect(fresh.find('[data-testid="job-recover"]').exists()).toBe(false);

    const viewer = mountBackoffice(JobRowActions, { props: { job: stuck, stale: true } });
    await signIn(VIEWER);
    expect(viewer.find('[data-testid="job-recover"]').exists()).toBe(false);
    await viewer.find('[data-testid="job-show-pipeline"]').trigger('click');
    expect(viewer.emitted('pipeline')).toEqual([[PIPELINE]]);
  });
});

describe('JobTable', () => {
  it('marks a RUNNING job without a sign of life for a minute as stale, and only that one', async () => {
    const healthy = jobView({ id: 8, state: 'RUNNING', locked_by: 'host:1:live', locked_at: minutesAgo(0.2), attempts: 1, progress: { phase: 'computing', done: 10, total: 40 }, job_type: 'emission_recalc' });
    const quiet = jobView({ id: 9, state: 'RUNNING', locked_by: 'host:1:live', locked_at: minutesAgo(5), attempts: 1, job_type: 'emission_recalc' });
    const done = jobView({ id: 10, state: 'FINISHED', result: 'SUCCESS', locked_by: 'host:1:live', locked_at: minutesAgo(30), finished_at: minutesAgo(29), duration_ms: 65_000 });
    const w = mountBackoffice(JobTable, {
      props: {
        jobs: [stuck, healthy, quiet, done],
        loading: false,
        now: Date.now(),
        // An event about job 9 arrived a moment ago: it is alive after all.
        lastEventAt: { 9: Date.now() - 1000 },
        units: [{ id: 2, institutional_id: 'CLIMATE-LAB', name: 'Climate Dynamics Lab', parent_id: null, is_active: true, years: [2025], years_with_entries: [2025] }],
        pagination: { page: 1, rowsPerPage: 50, rowsNumber: 4 },
      },
    });
    await signIn(OPERATOR);
    const stale = (id: number) => w.find(`[data-testid="job-row-${id}"]`).attributes('data-stale');
    expect([stale(7), stale(8), stale(9), stale(10)]).toEqual(['true', 'false', 'false', 'false']);
    expect(w.find('[data-testid="job-row-7"]').text()).toContain('stale');
    expect(w.find('[data-testid="job-row-7"]').find('[data-testid="job-recover"]').exists()).toBe(true);
    expect(w.find('[data-testid="job-row-8"]').text()).toContain('computing 10 / 40');
    expect(w.find('[data-testid="job-row-8"]').text()).toContain('Climate Dynamics Lab');
    expect(w.find('[data-testid="job-row-10"]').text()).toContain('1 min 5 s');

    await w.find('[data-testid="job-row-10"]').find('[data-testid="job-expand"]').trigger('click');
    expect(w.find('[data-testid="job-details-10"]').find('[data-testid="job-instance"]').text()).toBe('host:1:live');
    expect(w.find('[data-testid="job-details-10"]').find('[data-testid="job-attempts"]').text()).toBe('0 of 3');
  });

  it('says who submitted a job and from which file, in words, in English and French', async () => {
    const upload = jobView({ id: 11, payload: { upload_id: 3, bytes: 4_123_456, file_name: 'trips 2025.csv' }, submitted_by: 'Olga Operator' });
    const system = jobView({ id: 12, job_type: 'aggregation', payload: {}, submitted_by: null, created_by: null });
    const props = { jobs: [upload, system], loading: false, now: Date.now(), lastEventAt: {}, units: [], pagination: { page: 1, rowsPerPage: 50, rowsNumber: 2 } };
    const en = mountBackoffice(JobTable, { props });
    await signIn(OPERATOR);
    expect(en.find('[data-testid="job-row-11"] [data-testid="job-origin"]').text()).toBe('by Olga Operator · trips 2025.csv (4.1 MB)');
    expect(en.find('[data-testid="job-row-12"] [data-testid="job-origin"]').exists()).toBe(false);
    en.unmount();
    const fr = mountBackoffice(JobTable, { props }, 'fr');
    await signIn(OPERATOR);
    expect(fr.find('[data-testid="job-row-11"] [data-testid="job-origin"]').text()).toBe('par Olga Operator · trips 2025.csv (4,1 Mo)');
  });
});
