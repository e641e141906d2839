// The back office's pure parts: pipeline phases and their end, stale jobs, row reports, CSV
// templates from the registry, the route permission metadata (guard and menu), job events from
// the tab's one event stream, and every back-office message key the code names.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { ENTRY_TYPES, FACTOR_SETS, permissionsFor, type FactorSetDef, type JobEvent } from '@carbon/shared';
import { furthestPhase, looksStale, phaseRank, pipelineEnded, pipelinePhases, rowReportOf, STALE_AFTER_MS } from '../src/utils/pipeline';
import { entryTemplate, factorCsv, templateFileName } from '../src/utils/csvTemplates';
import { backofficePages } from '../src/router/backoffice';
import { allows, firstAllowedPage } from '../src/router/routeAccess';
import { useEventsStore } from '../src/stores/events';
import backofficeEn from '../src/i18n/backoffice.en';
import { jobEvent, jobView } from './support/jobs';
import { StreamStandIn } from './support/mountBackoffice';

const finished = (over: Parameters<typeof jobView>[0]) => jobView({ state: 'FINISHED', result: 'SUCCESS', locked_by: 'i1', ...over });
const ALL = ['ingest', 'recalculation', 'aggregation'] as const;

describe('pipeline phases', () => {
  it('run in order, and a phase without jobs waits while the pipeline goes on', () => {
    const jobs = [finished({ id: 1, next_job: 2 }), jobView({ id: 2, job_type: 'emission_recalc', state: 'RUNNING', locked_by: 'i1', attempts: 1 })];
    expect(pipelinePhases(jobs, ALL).map((p) => [p.key, p.status])).toEqual([
      ['ingest', 'success'],
      ['recalculation', 'running'],
      ['aggregation', 'waiting'],
    ]);
    expect(pipelineEnded(jobs)).toBe(false);
  });

  it('end only when every job and every job they chain to has finished', () => {
    const jobs = [finished({ id: 1, next_job: 2 }), finished({ id: 2, job_type: 'emission_recalc', next_job: 3 })];
    expect(pipelineEnded(jobs)).toBe(false);
    expect(pipelineEnded([...jobs, finished({ id: 3, job_type: 'aggregation' })])).toBe(true);
    expect(pipelineEnded([])).toBe(false);
  });

  it('skip what follows a failed import, and a recalculation a factor file did not need', () => {
    const failed = [finished({ id: 1, result: 'ERROR', status_message: 'The header of this plane file is wrong' })];
    expect(pipelinePhases(failed, ALL).map((p) => p.status)).toEqual(['failed', 'skipped', 'skipped']);
    const unchanged = [finished({ id: 1, job_type: 'factor_ingest' })];
    expect(pipelinePhases(unchanged, ALL).map((p) => p.status)).toEqual(['success', 'skipped', 'skipped']);
  });

  it('combine one recalculation per data entry type: one still running keeps the phase running', () => {
    const jobs = [
      finished({ id: 1, job_type: 'factor_ingest' }),
      finished({ id: 2, job_type: 'emission_recalc', data_entry_type: 'plane', next_job: 4 }),
      jobView({ id: 3, job_type: 'emission_recalc', data_entry_type: 'train', state: 'NOT_STARTED' }),
    ];
    const recalculation = pipelinePhases(jobs, ALL)[1]!;
    expect(recalculation.status).toBe('running');
    expect(recalculation.jobs.map((j) => j.id)).toEqual([2, 3]);
  });
});

describe('stale jobs', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('are RUNNING without a sign of life for the rescue window', () => {
    const running = jobView({ state: 'RUNNING', locked_by: 'i1', locked_at: ago(STALE_AFTER_MS + 1000) });
    expect(looksStale(running, now)).toBe(true);
    expect(looksStale(running, now, now - 5000)).toBe(false);
    expect(looksStale({ ...running, locked_at: ago(5000) }, now)).toBe(false);
  });

  it('or waiting unclaimed long after they were due; never finished', () => {
    expect(looksStale(jobView({ state: 'NOT_STARTED', run_after: ago(STALE_AFTER_MS * 2) }), now)).toBe(true);
    expect(looksStale(jobView({ state: 'NOT_STARTED', run_after: ago(1000) }), now)).toBe(false);
    expect(looksStale(finished({ locked_at: ago(STALE_AFTER_MS * 10) }), now)).toBe(false);
  });
});

describe('row reports', () => {
  it('are read from a file job’s report, and absent otherwise', () => {
    const report = { rows: 4, stored: 2, skipped: 2, issues_total: 3, issues_truncated: true, issues: [{ row: 2, column: null, reason: 'has 1 value beyond the columns of the header', level: 'error' }, { nonsense: true }] };
    expect(rowReportOf(finished({ report }))).toEqual({
      rows: 4,
      stored: 2,
      skipped: 2,
      replaced: null,
      issuesTotal: 3,
      truncated: true,
      issues: [{ row: 2, column: null, reason: 'has 1 value beyond the columns of the header', level: 'error' }],
    });
    expect(rowReportOf(finished({ report: { ...report, mode: 'replace', replaced: 5004 } }))?.replaced).toBe(5004);
    expect(rowReportOf(finished({ report: { ...report, mode: 'append', replaced: 0 } }))?.replaced).toBeNull();
    expect(rowReportOf(finished({ report: { modules: 2 } }))).toBeNull();
    expect(rowReportOf(undefined)).toBeNull();
  });
});

describe('CSV templates', () => {
  it('follow the registry: entry columns (with the unit column for every unit) and factor columns', () => {
    expect(entryTemplate(ENTRY_TYPES.plane!, false)).toBe('origin,destination,cabin_class,number_of_trips,round_trip,departure_date,person_number,traveler_name\r\n');
    expect(entryTemplate(ENTRY_TYPES.member!, true)).toBe('unit_institutional_id,user_institutional_id,name,fte,position,position_category\r\n');
    const factor = { id: 1, data_entry_type: 'train', year: 2025, classification: { country: 'FR' }, values: { kg_co2eq_per_km: 0.0029 }, uncertainty_pct: 20, source: 'ADEME, Impact CO2', last_seen_job_id: 4, in_latest_upload: true, updated_at: '' };
    expect(factorCsv(FACTOR_SETS.train!, [factor])).toBe('country,kg_co2eq_per_km,uncertainty_pct,edition,boundary,source\r\nFR,0.0029,20,,,"ADEME, Impact CO2"\r\n');
    expect(templateFileName('factors', FACTOR_SETS.train!, 2025)).toBe('professional_travel-train-factors-2025.csv');
    expect(templateFileName('entries', ENTRY_TYPES.plane!)).toBe('professional_travel-plane-entries.csv');
  });

  it('leave a conversion or an uncertainty a factor row does not have as an empty cell, after the required values', () => {
    const fuel: FactorSetDef = { name: 'fuel', module: 'headcount', i18nKey: 'x', keys: ['fuel'], values: ['kg_co2eq_per_kwh'], optionalValues: ['kwh_per_m3', 'kwh_per_litre'], options: {}, uncertaintyClass: 'low' };
    const gas = { id: 2, data_entry_type: 'fuel', year: 2025, classification: { fuel: 'gas' }, values: { kg_co2eq_per_kwh: 0.227, kwh_per_m3: 10.5 }, uncertainty_pct: null, source: 'test', last_seen_job_id: null, in_latest_upload: true, updated_at: '' };
    expect(factorCsv(fuel, [gas])).toBe('fuel,kg_co2eq_per_kwh,kwh_per_m3,kwh_per_litre,uncertainty_pct,edition,boundary,source\r\ngas,0.227,10.5,,,,,test\r\n');
  });
});

describe('back-office routes', () => {
  const backoffice = permissionsFor([{ role: 'backoffice', unitId: null }]);
  const principal = permissionsFor([{ role: 'principal', unitId: 3 }]);
  const admin = permissionsFor([{ role: 'admin', unitId: null }]);

  it('are offered (menu) exactly when their route permission allows them (guard)', () => {
    expect(backofficePages.map((p) => p.path)).toEqual([
      '/backoffice/uploads',
      '/backoffice/factors',
      '/backoffice/units',
      '/backoffice/jobs',
      '/backoffice/rollup',
      '/backoffice/plans',
      '/backoffice/audit',
      '/backoffice/users',
    ]);
    // Access management is for administrators only; back-office has every other page.
    expect(backofficePages.filter((p) => !allows(backoffice, p.permission)).map((p) => p.path)).toEqual(['/backoffice/users']);
    expect(backofficePages.every((p) => allows(admin, p.permission))).toBe(true);
    expect(backofficePages.some((p) => allows(principal, p.permission))).toBe(false);
    expect(firstAllowedPage(backoffice)).toBe('/backoffice/uploads');
    expect(firstAllowedPage(principal)).toBeNull();
    expect(firstAllowedPage({ 'backoffice.units': ['view'] })).toBe('/backoffice/units');
    expect(firstAllowedPage({ 'backoffice.results': ['view'] })).toBe('/backoffice/rollup');
    expect(firstAllowedPage({ 'backoffice.audit': ['view'] })).toBe('/backoffice/audit');
  });
});

describe('job events', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    StreamStandIn.instances = [];
    vi.stubGlobal('EventSource', StreamStandIn);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reach subscribers from the one stream, live and from each snapshot', () => {
    const events = useEventsStore();
    events.start();
    events.start();
    expect(StreamStandIn.instances).toHaveLength(1);
    const seen: JobEvent[] = [];
    const off = events.onJob((e) => seen.push(e));
    const a = jobEvent(jobView({ id: 5, state: 'RUNNING' }));
    StreamStandIn.instances[0]!.emit('snapshot', { jobs: [a], modules: [] });
    StreamStandIn.instances[0]!.emit('job', { ...a, state: 'FINISHED', result: 'SUCCESS' });
    off();
    StreamStandIn.instances[0]!.emit('job', a);
    expect(seen.map((e) => [e.id, e.state])).toEqual([
      [5, 'RUNNING'],
      [5, 'FINISHED'],
    ]);
  });
});

describe('back-office messages', () => {
  it('exist for every literal key the back-office code names', () => {
    const sources = import.meta.glob<string>(
      ['../src/components/backoffice/*', '../src/pages/backoffice/*', '../src/composables/useJobText.ts', '../src/router/backoffice.ts'],
      { query: '?raw', import: 'default', eager: true },
    );
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    const has = (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], backofficeEn) !== undefined;
    const missing: string[] = [];
    let named = 0;
    for (const [f, source] of Object.entries(sources)) {
      for (const m of source.matchAll(/['"`]backoffice\.([\w.]+)['"`]/g)) {
        named++;
        if (!has(m[1]!)) missing.push(`${f}: backoffice.${m[1]}`);
      }
    }
    expect(named).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});

describe('furthestPhase (the badge\'s step)', () => {
  it('orders the steps of a pipeline: file, recalculation, totals, done', () => {
    const order = ['csv_ingest:reading', 'emission_recalc:computing', 'aggregation:aggregating', 'done'];
    expect(order.map(phaseRank)).toEqual([...order.map(phaseRank)].sort((a, b) => a - b));
    expect(new Set(order.map(phaseRank)).size).toBe(order.length);
  });

  it('never goes back to an earlier step, and moves within or past the current one', () => {
    expect(furthestPhase(undefined, 'emission_recalc:computing')).toBe('emission_recalc:computing');
    expect(furthestPhase('emission_recalc:computing', 'csv_ingest:reading')).toBe('emission_recalc:computing');
    expect(furthestPhase('aggregation', 'emission_recalc:computing')).toBe('aggregation');
    expect(furthestPhase('emission_recalc:computing', 'emission_recalc:computed')).toBe('emission_recalc:computed');
    expect(furthestPhase('emission_recalc:computed', 'aggregation')).toBe('aggregation');
    const seen = ['csv_ingest', 'emission_recalc', 'csv_ingest', 'aggregation', 'emission_recalc'].reduce<string[]>(
      (shown, p) => [...shown, furthestPhase(shown.at(-1), p)],
      [],
    );
    expect(seen.map(phaseRank)).toEqual([...seen.map(phaseRank)].sort((a, b) => a - b));
  });
});
