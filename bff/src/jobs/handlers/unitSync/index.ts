// unit_sync (GLOBAL_PER_YEAR, target UNITS): reads the unit directory and, in the job's one
// domain transaction, upserts the units and their parents, the principals named by person
// number (and their roles for users who already signed in), then the year's carbon reports with
// one module row per module type.
import { coded, jobFailure, MODULE_TYPES } from '@carbon/shared';
import { PermanentJobError, type JobHandler } from '../../types';
import { parseUnitDirectory, readUnitDirectory, type DirectoryIssue } from './directory';
import * as q from './sql';

export const UNIT_SYNC = 'unit_sync';

export interface UnitSyncOptions {
  /** File path or http(s) URL of the unit directory. */
  source: string;
}

const PHASES = ['reading', 'units', 'principals', 'reports'] as const;

export function unitSyncHandler(opts: UnitSyncOptions): JobHandler {
  return {
    type: UNIT_SYNC,
    writes: ['units', 'directory_principals', 'user_roles', 'carbon_reports', 'carbon_report_modules'],
    timeoutMs: 5 * 60_000,
    async run({ job, db, progress, signal }) {
      const year = job.year;
      if (year === null) throw new PermanentJobError('A unit sync needs a year.');
      const step = (i: number) => progress({ phase: PHASES[i], done: i, total: PHASES.length });

      await step(0);
      const raw = await readUnitDirectory(opts.source, signal);
      const { units, issues } = parseUnitDirectory(raw.text, raw.format);
      if (!units.length) throw new PermanentJobError('The unit directory lists no valid unit.', undefined, jobFailure('directory_no_unit'));

      await step(1);
      const ids = units.map((u) => u.institutional_id);
      const upserted = await q.upsertUnits(db, { ids, names: units.map((u) => u.name), active: units.map((u) => u.active) });
      const unresolved = await q.linkParents(db, { ids, parents: units.map((u) => u.parent) });
      const allIssues: DirectoryIssue[] = [
        ...issues,
        ...unresolved.rows.map((r) => ({ row: 0, institutional_id: r.child, message: `parent ${r.parent} is not a known unit; parent left unchanged`, ...coded('unit_parent_unknown', { parent: r.parent }) })),
      ];

      await step(2);
      const pairs = units.flatMap((u) => u.principals.map((p) => [u.institutional_id, p] as const));
      const pairUnits = pairs.map(([u]) => u);
      const pairPersons = pairs.map(([, p]) => p);
      await q.deleteStalePrincipals(db, { ids, pairUnits, pairPersons });
      await q.insertPrincipals(db, { pairUnits, pairPersons });
      const revoked = await q.revokeDirectoryRoles(db, { ids });
      const granted = (await q.grantDirectoryRoles(db, { ids })).rows[0]!;

      await step(3);
      const reporting = units.filter((u) => u.reporting && u.active).map((u) => u.institutional_id);
      const reports = await q.createReports(db, { reporting, year });
      const modules = await q.createModules(db, { reporting, year, moduleTypes: MODULE_TYPES });

      const created = upserted.rows.filter((r) => r.created).length;
      return {
        result: allIssues.length ? 'WARNING' : 'SUCCESS',
        message: `${units.length} units (${created} new), ${reports.rowCount} new reports for ${year}` + (allIssues.length ? `, ${allIssues.length} directory issue(s)` : ''),
        report: {
          source: opts.source,
          format: raw.format,
          units: { listed: units.length, created, updated: units.length - created },
          principals: { listed: pairs.length, roles_granted: Number(granted.granted), roles_revoked: revoked.rowCount, waiting_for_first_login: Number(granted.pending) },
          reports_created: reports.rowCount,
          modules_created: modules.rowCount,
          issues: allIssues,
        },
      };
    },
  };
}
