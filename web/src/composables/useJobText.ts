// Words for jobs, through vue-i18n: job types, states and results (a warning said as what it was
// about: rows skipped, entries without a factor), progress phases, what a job did (counts from its
// progress or report), who submitted it from which file, durations and timestamps.
import { useI18n } from 'vue-i18n';
import { ENTRY_TYPES, MODULES, isJobFailureCode, isModuleType, type JobView } from '@carbon/shared';
import { formatNumber } from '../utils/format';
import { warningCounts } from '../utils/jobWarnings';
import { useRegistryText } from './useRegistryText';

/** Keys whose numbers are identifiers or years, never grouped like amounts. */
const ID_KEY = /(^|_)(id|ids|year|jobs)$/;
const humanize = (key: string) => key.replace(/[_.]/g, ' ').replace(/^./, (c) => c.toUpperCase());
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

export function useJobText() {
  const { t, te, locale } = useI18n();
  const text = useRegistryText();
  const n = (v: number) => formatNumber(v, locale.value);
  const known = (key: string, fallback: string) => (te(key) || te(key, 'en') ? t(key) : fallback);

  const jobType = (type: string) => known(`backoffice.jobType.${type}`, type);
  const progressPhase = (phase: string) => known(`backoffice.progressPhase.${phase}`, phase);

  /** "Professional travel · Plane trip", or the module alone, or nothing (unit sync). */
  function subject(job: Pick<JobView, 'module_type' | 'data_entry_type'>): string {
    const entry = job.data_entry_type ? ENTRY_TYPES[job.data_entry_type] : undefined;
    const module = job.module_type && isModuleType(job.module_type) ? MODULES[job.module_type] : undefined;
    return [module && text.moduleTitle(module), entry && text.typeLabel(entry)].filter(Boolean).join(' · ');
  }

  const ingested = (r: Record<string, unknown>) =>
    t('backoffice.counts.ingested', { rows: n(num(r.rows) ?? 0), stored: n(num(r.stored) ?? 0), skipped: n(num(r.skipped) ?? 0) }, num(r.rows) ?? 0);

  /** What the job has done so far, or did: counts from its progress or its report. */
  function counts(job: JobView): string {
    const r = obj(job.report);
    const p = job.progress ?? {};
    if (job.state === 'FINISHED' && job.report) {
      switch (job.job_type) {
        case 'csv_ingest':
        case 'api_ingest':
          return ingested(r);
        case 'factor_ingest':
          return num(r.inserted) === undefined
            ? ingested(r)
            : t('backoffice.counts.factors', { stored: n(num(r.stored) ?? 0), inserted: n(num(r.inserted) ?? 0), changed: n(num(r.changed) ?? 0), skipped: n(num(r.skipped) ?? 0) });
        case 'factor_carry_over':
          return t('backoffice.counts.carriedOver', { factors: n(num(r.factors) ?? 0), from: String(num(r.from_year) ?? ''), inserted: n(num(r.inserted) ?? 0), changed: n(num(r.changed) ?? 0) });
        case 'emission_recalc':
        case 'module_emission_recalc':
          return t('backoffice.counts.computed', { entries: n(num(r.entries) ?? 0), withoutFactor: n(num(r.without_factor) ?? 0) }, num(r.entries) ?? 0);
        case 'aggregation': {
          const aggregated = t('backoffice.counts.aggregated', { modules: n(num(r.modules) ?? 0) }, num(r.modules) ?? 0);
          const lacking = num(r.without_factor) ?? 0;
          return lacking ? `${aggregated}, ${t('backoffice.counts.withoutFactor', { n: n(lacking) }, lacking)}` : aggregated;
        }
        case 'unit_sync': {
          const units = obj(r.units);
          return t('backoffice.counts.unitSync', { units: n(num(units.listed) ?? 0), created: n(num(units.created) ?? 0), reports: n(num(r.reports_created) ?? 0) });
        }
      }
    }
    if (job.state === 'NOT_STARTED') return job.attempts > 0 ? t('backoffice.counts.retrying', { attempt: job.attempts + 1 }) : t('backoffice.counts.waiting');
    const phase = p.phase ? progressPhase(p.phase) : '';
    if (p.done === undefined || p.total === undefined) return phase;
    if (job.job_type === 'csv_ingest' || job.job_type === 'unit_sync') {
      const pct = p.total > 0 ? Math.min(100, Math.round((p.done / p.total) * 100)) : 0;
      return t('backoffice.counts.percent', { phase, pct });
    }
    return t('backoffice.counts.doneOf', { phase, done: n(p.done), total: n(p.total) });
  }

  /** 0–1 for a progress bar, or undefined when the job does not say. */
  function fraction(job: JobView): number | undefined {
    if (job.state === 'FINISHED') return 1;
    const { done, total } = job.progress ?? {};
    if (done === undefined || total === undefined) return undefined;
    return total > 0 ? Math.min(1, done / total) : 0;
  }

  function duration(ms: number | null): string {
    if (ms === null || !Number.isFinite(ms)) return '';
    if (ms < 1000) return t('backoffice.duration.ms', { n: Math.round(ms) });
    const s = ms / 1000;
    if (s < 60) return t('backoffice.duration.s', { n: formatNumber(s, locale.value, 1) });
    const m = Math.floor(s / 60);
    return t('backoffice.duration.min', { m, s: Math.round(s - m * 60) });
  }

  /** Who submitted the job and from which file: "Olga Operator · trips.csv (4.1 MB)". */
  function origin(job: Pick<JobView, 'submitted_by' | 'payload'>): string {
    const name = typeof job.payload.file_name === 'string' ? job.payload.file_name : undefined;
    const bytes = num(job.payload.bytes);
    const file = name ? (bytes === undefined ? name : `${name} (${size(bytes)})`) : bytes === undefined ? undefined : t('backoffice.jobs.unnamedFile', { size: size(bytes) });
    const by = job.submitted_by ? t('backoffice.jobs.submittedBy', { name: job.submitted_by }) : undefined;
    return [by, file].filter(Boolean).join(' · ');
  }

  /** A file size in the app's language: bytes, kB or MB (decimal units). */
  function size(bytes: number): string {
    if (bytes < 1000) return t('backoffice.size.bytes', { n: n(bytes) });
    if (bytes < 1_000_000) return t('backoffice.size.kB', { n: formatNumber(bytes / 1000, locale.value, 1) });
    return t('backoffice.size.MB', { n: formatNumber(bytes / 1_000_000, locale.value, 1) });
  }

  const time = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(locale.value, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso)) : '';

  /** What a finished job warned about, counted ("3 rows skipped, 2 entries without a factor"), or
   * '' when it did not warn or does not say. */
  function warning(job: Pick<JobView, 'job_type' | 'state' | 'result' | 'report'>): string {
    const c = warningCounts(job);
    if (!c) return '';
    return (Object.keys(c) as (keyof typeof c)[])
      .filter((k) => c[k] > 0)
      .map((k) => t(`backoffice.warning.${k}`, { n: n(c[k]) }, c[k]))
      .join(', ');
  }

  /** "Finished: 3 rows skipped" rather than a bare "with warnings" when the job says what about. */
  function state(job: Pick<JobView, 'job_type' | 'state' | 'result' | 'report'>): string {
    if (job.state !== 'FINISHED' || !job.result) return t(`backoffice.state.${job.state}`);
    const what = warning(job);
    return what ? t('backoffice.result.finishedWith', { what }) : t(`backoffice.result.${job.result}`);
  }

  /** Why a job failed, in the UI's language from the failure's code (`report.error`,
   * shared/src/jobFailures.ts), else in the server's words. */
  function failure(job: Pick<JobView, 'report' | 'status_message'>): string {
    const e = obj(job.report?.error);
    const key = `backoffice.failures.${String(e.code)}`;
    if (!isJobFailureCode(e.code) || !(te(key) || te(key, 'en'))) return job.status_message ?? '';
    const params = Object.fromEntries(Object.entries(obj(e.params)).map(([k, v]) => [k, typeof v === 'number' && k === 'rows' ? n(v) : String(v)]));
    return t(key, params);
  }

  /** The job's status in the UI's language: what it did (its counts and what it warned about),
   * why it failed, or why its last attempt did; '' when there is nothing to say. */
  function status(job: JobView): string {
    if (job.state === 'FINISHED' && job.result === 'ERROR') return failure(job);
    if (job.state === 'FINISHED') return [counts(job), warning(job)].filter(Boolean).join(' · ');
    return job.status_message ? t('backoffice.jobs.lastAttempt', { message: job.status_message }) : '';
  }

  const scope = (job: Pick<JobView, 'entity_type' | 'target'>) => `${known(`backoffice.entityType.${job.entity_type}`, job.entity_type)} · ${known(`backoffice.target.${job.target}`, job.target)}`;

  /** A value of a job's report or input, in words: sizes, counts grouped, ids and years as they
   * are, booleans yes or no, an ingest mode by its name, lists joined. */
  function factValue(key: string, v: unknown): string {
    if (typeof v === 'boolean') return t(v ? 'table.yes' : 'table.no');
    if (typeof v === 'number') return key === 'bytes' ? size(v) : ID_KEY.test(key) ? String(v) : n(v);
    if (Array.isArray(v)) return v.length ? v.map((x) => (typeof x === 'number' && !ID_KEY.test(key) ? n(x) : String(x))).join(', ') : '—';
    if (key === 'mode' && typeof v === 'string') return known(`backoffice.upload.mode.${v}`, v);
    return String(v);
  }

  /** The facts of a job's report or input, each under its label (`backoffice.facts.<key>`, an
   * object's keys one level down), leaving out `skip` and what is shown elsewhere. */
  function facts(record: Record<string, unknown> | null | undefined, skip: readonly string[] = []): { key: string; label: string; value: string }[] {
    const out: { key: string; label: string; value: string }[] = [];
    for (const [key, v] of Object.entries(record ?? {})) {
      if (skip.includes(key) || v === null || v === undefined || v === '') continue;
      if (typeof v === 'object' && !Array.isArray(v)) {
        for (const [sub, w] of Object.entries(v as Record<string, unknown>)) {
          if (w !== null && typeof w !== 'object') out.push({ key: `${key}.${sub}`, label: known(`backoffice.facts.${key}.${sub}`, humanize(`${key} ${sub}`)), value: factValue(sub, w) });
        }
        continue;
      }
      out.push({ key, label: known(`backoffice.facts.${key}`, humanize(key)), value: factValue(key, v) });
    }
    return out;
  }

  return { jobType, progressPhase, subject, origin, counts, fraction, duration, time, state, warning, failure, status, scope, facts };
}
