// Data-entry routes (Path 1), in two families that share every service:
//  - report-addressed: /v1/carbon_reports/{report_id}/modules/{module}/data-entry[/{id}]
//  - unit/year-addressed: /modules/{unit_id}/{year}/{module}/{type}[/{id}] (travel creates are
//    /modules/{unit_id}/{year}/professional-travel/plane and …/train)
// and, in both, GET …/{id}/emissions: how the entry's emissions were computed.
import type { Request, Router } from 'express';
import { coded, findEntryType, type EntryTypeDef, type ModuleDef } from '@carbon/shared';
import type { Pool } from '../useCases/deps';
import type { ModuleRef } from '../domain/context';
import { createEntry } from '../domain/entries/createEntry';
import { deleteEntry } from '../domain/entries/deleteEntry';
import { getEntry } from '../domain/entries/getEntry';
import { listEntries } from '../domain/entries/listEntries';
import { updateEntry } from '../domain/entries/updateEntry';
import { explainEntry } from '../domain/method';
import { userOf } from '../policies';
import { listQuerySchema } from './dataEntries.schema';
import { fieldIssue, InvalidError } from '../core/errors';
import { entryTypeParam, idParam, moduleParam, yearParam } from './params';
import { parseInput } from '../core/validate';
import { ENTRY_BODY, jsonBody } from './body';

type Params = Record<string, string | undefined>;

interface Addressed {
  ref: ModuleRef;
  module: ModuleDef;
  /** The entry type the path names; undefined on report-addressed routes. */
  pathType?: EntryTypeDef;
}

function reportAddressed(req: Request): Addressed {
  const p = req.params as Params;
  const module = moduleParam(p.module);
  return { ref: { reportId: idParam(p.report_id, 'carbon report'), module: module.type }, module };
}

function unitAddressed(req: Request): Addressed {
  const p = req.params as Params;
  const module = moduleParam(p.module);
  const pathType = entryTypeParam(module, p.type);
  return { ref: { unitId: idParam(p.unit_id, 'unit'), year: yearParam(p.year), module: module.type }, module, pathType };
}

/** The body without `data_entry_type`, which picks the type instead of being a field. */
function splitType(body: unknown): { named?: unknown; rest: unknown } {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('data_entry_type' in body)) return { rest: body };
  const { data_entry_type: named, ...rest } = body as Record<string, unknown>;
  return { named, rest };
}

/** Which entry type a create is for: the path's, else the body's or `?type=`, else the module's
 * only type. A body naming another type than the path is refused. */
function typeForCreate(a: Addressed, named: unknown, queryType: unknown): EntryTypeDef {
  const choices = a.module.entryTypes.join(', ');
  const wanted = named ?? queryType;
  if (wanted !== undefined) {
    const t = typeof wanted === 'string' ? findEntryType(a.module.type, wanted) : undefined;
    if (!t || (a.pathType && a.pathType.type !== t.type)) {
      const message = a.pathType ? `must be ${a.pathType.type} on this path` : `must be one of: ${choices}`;
      const code = a.pathType ? coded('not_entry_type_of_path', { type: a.pathType.type }) : coded('not_one_of', { options: choices });
      throw new InvalidError(`Invalid entry: data_entry_type: ${message}`, [fieldIssue('data_entry_type', message, code)]);
    }
    return t;
  }
  if (a.pathType) return a.pathType;
  if (a.module.entryTypes.length === 1) return findEntryType(a.module.type, a.module.entryTypes[0]!)!;
  throw new InvalidError(`Invalid entry: data_entry_type: is required (one of: ${choices})`, [fieldIssue('data_entry_type', `is required (one of: ${choices})`, coded('required'))]);
}

/** Declares the entry routes under `base` on `r` itself (a router of their own would add a
 * layer of matching to every request). */
function mountEntryRoutes(r: Router, base: string, pool: Pool, address: (req: Request) => Addressed): void {
  r.get(base, async (req, res) => {
    const a = address(req);
    const query = parseInput(listQuerySchema, req.query, 'query');
    const filterType = a.pathType ?? (query.type ? findEntryType(a.module.type, query.type) : undefined);
    if (query.type && !filterType) throw new InvalidError(`Invalid query: type: must be one of: ${a.module.entryTypes.join(', ')}`, [fieldIssue('type', `must be one of: ${a.module.entryTypes.join(', ')}`, coded('not_one_of', { options: a.module.entryTypes.join(', ') }))]);
    res.json(await listEntries(pool, userOf(req), a.ref, filterType, query));
  });

  r.post(base, jsonBody(ENTRY_BODY), async (req, res) => {
    const a = address(req);
    const { named, rest } = splitType(req.body);
    const entryType = typeForCreate(a, named, req.query.type);
    res.status(201).json(await createEntry(pool, userOf(req), a.ref, entryType, rest));
  });

  r.get(`${base}/:id`, async (req, res) => {
    const a = address(req);
    res.json(await getEntry(pool, userOf(req), a.ref, a.pathType, idParam(req.params.id, 'entry')));
  });

  // How the entry's emissions were computed: for whoever may read the entry.
  r.get(`${base}/:id/emissions`, async (req, res) => {
    const a = address(req);
    res.json(await explainEntry(pool, userOf(req), a.ref, a.pathType, idParam(req.params.id, 'entry')));
  });

  r.patch(`${base}/:id`, jsonBody(ENTRY_BODY), async (req, res) => {
    const a = address(req);
    const { named, rest } = splitType(req.body);
    // Naming the type on update is allowed (clients echo entries back) but cannot change it.
    const expected = named === undefined ? a.pathType : typeForCreate(a, named, undefined);
    res.json(await updateEntry(pool, userOf(req), a.ref, expected, idParam((req.params as Params).id, 'entry'), rest));
  });

  r.delete(`${base}/:id`, async (req, res) => {
    const a = address(req);
    await deleteEntry(pool, userOf(req), a.ref, a.pathType, idParam(req.params.id, 'entry'));
    res.status(204).end();
  });
}

/** On the /v1/carbon_reports router: /:report_id/modules/:module/data-entry[/:id]. */
export const mountReportEntryRoutes = (r: Router, pool: Pool) => mountEntryRoutes(r, '/:report_id/modules/:module/data-entry', pool, reportAddressed);

/** On the /modules router: /:unit_id/:year/:module/:type[/:id]. */
export const mountUnitEntryRoutes = (r: Router, pool: Pool) => mountEntryRoutes(r, '/:unit_id/:year/:module/:type', pool, unitAddressed);
