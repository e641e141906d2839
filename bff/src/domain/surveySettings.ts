// A survey module's setting, per unit and year: whether it takes anonymous responses (rows with no
// person number). Read by Path 1 when a response names nobody, and by the CSV ingest with its
// targets; switched by those who may edit every row of the module (policy layer).
import { coded, MODULES } from '@carbon/shared';
import { withTransaction, type Pool } from '../db/pool';
import { NotFoundError } from '../core/errors';
import { writeAudit } from './audit';
import { authorizeSurveySettings } from '../policies';
import type { Actor } from './actor';
import type { SqlRunner } from './db';
import { loadModuleContext, type ModuleRef } from './context';

export async function setAnonymousResponses(pool: Pool, actor: Actor, ref: ModuleRef, anonymous: boolean): Promise<{ module_type: string; anonymous_responses: boolean }> {
  const ctx = await loadModuleContext(pool, actor, ref, { action: 'view' });
  if (!MODULES[ctx.moduleType].extrapolated) throw new NotFoundError(`The ${MODULES[ctx.moduleType].slug} module is no survey: it has no anonymous responses.`, coded('no_such_module', { module: MODULES[ctx.moduleType].slug }));
  authorizeSurveySettings(actor, ctx.moduleType, ctx.unitId);
  // The switch and its audit line commit together.
  await withTransaction(pool, async (db) => {
    await db.query('UPDATE carbon_report_modules SET anonymous_responses = $2, updated_at = now() WHERE id = $1', [ctx.moduleId, anonymous]);
    await writeAudit(db, {
      actorId: actor.id,
      action: 'survey_anonymity',
      unitId: ctx.unitId,
      details: { report_id: ctx.reportId, module: ctx.moduleType, year: ctx.year, anonymous_responses: anonymous },
    });
  });
  return { module_type: ctx.moduleType, anonymous_responses: anonymous };
}

/** Whether a module takes anonymous responses (false for any module that is no survey). */
export async function takesAnonymousResponses(db: SqlRunner, moduleId: number): Promise<boolean> {
  const { rows } = await db.query<{ anonymous_responses: boolean }>('SELECT anonymous_responses FROM carbon_report_modules WHERE id = $1', [moduleId]);
  return rows[0]?.anonymous_responses ?? false;
}
