// Starting a year from the one before: a principal (or the back office) reviews which rows of the
// unit's latest earlier report would be copied — per entry type that lasts from year to year, how
// many, how many are left behind (devices past their lifetime), how many the year holds already —
// then copies the chosen types. Each type goes through the CSV pipeline as an upload of its rows
// would (validation, links to people, emissions with the new year's factors, stats), with its
// audit line. Nothing is copied that was not chosen, into a type that already holds rows, or of a
// type that is not carried (trips, purchases, survey responses).
import crypto from 'node:crypto';
import { coded, ENTRY_TYPES, findModule, MODULES, type CarryForwardPreview, type JobStarted } from '@carbon/shared';
import type { Pool } from '../db/pool';
import type { Actor } from '../domain/actor';
import { carriedTypes, carryReport, ownFactors, rowCounts, rowsCsv, rowsOfYear, splitKept, type CarryReport } from '../domain/carryForward';
import { ConflictError, InvalidError, NotFoundError } from '../core/errors';
import { CSV_INGEST } from '../jobs/handlers/csvIngest';
import { authorizeSync } from '../policies';
import type { JobDeps } from './deps';
import { startUploadJob } from './uploads';

/** The report, once the actor may copy into every module that carries rows. */
async function authorizedReport(pool: Pool, actor: Actor, reportId: number): Promise<CarryReport> {
  const report = await carryReport(pool, reportId);
  if (!report) throw new NotFoundError(`No such carbon report: ${reportId}.`, coded('no_such_report'));
  for (const module of new Set(carriedTypes(report.modules).map((t) => t.module))) authorizeSync(actor, module, report.unit_id);
  return report;
}

/** What carrying forward into the report would copy, per entry type. */
export async function previewCarryForward(pool: Pool, actor: Actor, reportId: number): Promise<CarryForwardPreview> {
  const report = await authorizedReport(pool, actor, reportId);
  const types = carriedTypes(report.modules);
  const names = types.map((t) => t.type);
  const [rows, existing, factors] = await Promise.all([
    report.from_year === null ? new Map<string, never[]>() : rowsOfYear(pool, report.unit_id, report.from_year, names),
    rowCounts(pool, report.id, names),
    ownFactors(pool, report.year, names),
  ]);
  return {
    from_year: report.from_year,
    to_year: report.year,
    entry_types: types.map((t) => {
      const all = rows.get(t.type) ?? [];
      const { kept } = splitKept(t, all, report.year, factors.get(t.type) ?? []);
      return { module: t.module, entry_type: t.type, rows: all.length, kept: kept.length, existing: existing.get(t.type) ?? 0 };
    }),
  };
}

/** Copies the rows of `entryTypes` still belonging to the report's year: a CSV ingest job each. */
export async function startCarryForward(d: JobDeps, actor: Actor, reportId: number, entryTypes: readonly string[]): Promise<{ jobs: JobStarted[] }> {
  const report = await authorizedReport(d.pool, actor, reportId);
  const carried = new Map(carriedTypes(report.modules).map((t) => [t.type, t]));
  for (const name of entryTypes) {
    const module = ENTRY_TYPES[name]?.carryForward ? ENTRY_TYPES[name].module : null;
    if (module && !carried.has(name)) throw new NotFoundError(`The report has no ${module} module to carry ${name} into.`, coded('no_such_module', { module }));
    if (!carried.has(name)) throw new InvalidError(`Rows of ${name} belong to one year only: they are never carried forward.`, [], coded('not_carried_forward', { type: name }));
  }
  if (report.from_year === null) throw new ConflictError(`The unit has no report before ${report.year} to carry rows from.`, coded('no_report_for_year', { year: report.year - 1 }));
  const types = entryTypes.map((name) => carried.get(name)!);
  const existing = await rowCounts(d.pool, report.id, entryTypes);
  // All refused before any is started: a choice is copied whole or not at all.
  for (const t of types) {
    const n = existing.get(t.type) ?? 0;
    if (n > 0) throw new ConflictError(`This year already holds ${n} rows of ${t.type}: carrying last year’s forward would add to them.`, coded('carry_forward_not_empty', { type: t.type, rows: n }));
  }
  const [rows, factors] = await Promise.all([rowsOfYear(d.pool, report.unit_id, report.from_year, entryTypes), ownFactors(d.pool, report.year, entryTypes)]);
  const jobs: JobStarted[] = [];
  // No carried type links to people (registryProblems), so the jobs need no order among them.
  for (const t of types) {
    const { kept, left } = splitKept(t, rows.get(t.type) ?? [], report.year, factors.get(t.type) ?? []);
    if (!kept.length) continue;
    const body = Buffer.from(rowsCsv(t, kept));
    const module = findModule(t.module)!;
    jobs.push(
      await startUploadJob(
        d.pool,
        d.runner,
        { body, sha256: crypto.createHash('sha256').update(body).digest('hex'), name: `${MODULES[module.type].slug}-${t.slug}-${report.from_year}.csv` },
        {
          job_type: CSV_INGEST,
          entity_type: 'MODULE_UNIT_SPECIFIC',
          target: 'DATA_ENTRIES',
          module_type: module.type,
          data_entry_type: t.type,
          unit_id: report.unit_id,
          year: report.year,
          payload: { mode: 'append' },
          max_attempts: 3,
          created_by: actor.id,
        },
        { action: 'carry_forward', details: { module: module.type, entry_type: t.type, from_year: report.from_year, year: report.year, rows: kept.length, left_behind: left } },
      ),
    );
  }
  return { jobs };
}
