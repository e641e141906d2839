// A job's details in the back office speak the UI's language: its scope and target as words, its
// status from its report (what it did, or why it failed, from the failure's code), and its report
// and input as labelled facts, never raw codes or raw JSON.
import { afterEach, describe, expect, it } from 'vitest';
import JobDetails from '../src/components/backoffice/JobDetails.vue';
import { mountBackoffice } from './support/mountBackoffice';
import { jobView } from './support/jobs';

afterEach(() => {
  document.body.innerHTML = '';
});

const imported = jobView({
  id: 11,
  state: 'FINISHED',
  result: 'WARNING',
  status_message: '3 of 5 rows imported, 2 skipped',
  payload: { upload_id: 4, mode: 'replace', file_name: 'trips.csv', bytes: 2048, sha256: 'ab12' },
  report: { upload_id: 4, mode: 'replace', bytes: 2048, replaced: 1, rows: 5, stored: 3, skipped: 2, skipped_invalid: 2, skipped_unknown_traveler: 0, issues_total: 0, issues_truncated: false, issues: [] },
});

const refused = jobView({
  id: 12,
  state: 'FINISHED',
  result: 'ERROR',
  status_message: 'The header of this plane file is wrong: missing column: origin. Expected columns: origin, destination.',
  report: { header: ['from', 'destination'], missing: ['origin'], unknown: ['from'], duplicated: [], expected: ['origin', 'destination'], error: { code: 'header_wrong', params: { missing: 'origin', unknown: 'from', duplicated: '—', expected: 'origin, destination' } } },
});

const text = (w: ReturnType<typeof mountBackoffice>, id: string) => w.find(`[data-testid="${id}"]`).text();

describe('JobDetails', () => {
  it('in French: scope, status and the facts of the report and the input, in words', () => {
    const w = mountBackoffice(JobDetails, { props: { job: imported } }, 'fr');
    expect(text(w, 'job-scope')).toBe('Module d’une unité · saisies');
    expect(text(w, 'job-status-message')).toContain('5 lignes — importées : 3, ignorées : 2');
    expect(text(w, 'job-status-message')).not.toContain('rows imported');
    const facts = text(w, 'job-report');
    expect(facts).toContain('Lignes lues');
    expect(facts).toContain('Remplacer les saisies CSV précédentes');
    const input = text(w, 'job-payload');
    expect(input).toContain('trips.csv');
    expect(w.html()).not.toMatch(/MODULE_UNIT_SPECIFIC|DATA_ENTRIES|skipped_invalid|"rows"|\{\s*"/);
  });

  it('says why a job failed from its code, in the UI language, and lists what the report names', () => {
    const w = mountBackoffice(JobDetails, { props: { job: refused } }, 'fr');
    expect(text(w, 'job-status-message')).toContain('L’en-tête ne correspond pas au type de fichier. Colonnes manquantes : origin.');
    expect(text(w, 'job-report')).toContain('origin, destination');
    expect(w.html()).not.toContain('header_wrong');
  });

  it('keeps the server’s words for a failure it has no code for', () => {
    const w = mountBackoffice(JobDetails, { props: { job: { ...refused, report: null, status_message: 'connection terminated' } } }, 'fr');
    expect(text(w, 'job-status-message')).toContain('connection terminated');
  });
});
