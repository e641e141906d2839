// The Path 1 writes, set-based: each statement takes a batch of writes of one kind to one module
// ($1 module id, $2 a JSON array, one element per write with its index `idx`; updates and deletes:
// $3 the entry ids) and does, in that one
// statement and so in one transaction: the entries, their emissions, the module stats (and status)
// and the report stats. A lone write is a batch of one. Each returns one row per write that took
// effect, carrying its `idx`; an update or delete whose entry is gone or changed since it was read
// returns none (the caller reads again).
//
// Locks: entries that are changed are locked first, in id order (two batches cannot deadlock on
// each other's entries); the module row, which serialises the writers of one module, is taken
// last and held only until the commit.
import { memberOfReport } from './traveler';
import { applyStatsDelta, lacksFigure, reportingDelta } from '../stats';
import { EMISSION_JSON } from './view';

const EMISSION_RECORD = `r(emission_type text, kg_co2eq numeric, quantity numeric, quantity_unit text, factor_id bigint, meta jsonb, scope smallint, category text)`;
const INSERT_EMISSIONS = `INSERT INTO data_entry_emissions (data_entry_id, emission_type, kg_co2eq, quantity, quantity_unit, factor_id, meta, scope, category)`;

/** The stored entry with its emissions, as `view.ts` presents it. `e` must carry `idx`. */
const ENTRY_RESULT = `
  SELECT e.idx, e.id, e.data_entry_type, e.data, e.source, e.created_at, e.updated_at,
         (SELECT coalesce(json_agg(${EMISSION_JSON} ORDER BY x.emission_type), '[]')
            FROM x WHERE x.data_entry_id = e.id) AS emissions
    FROM e`;

/** The entries of the batch ($3: their ids, so that the planner looks them up by key) still as
 * they were read (row version; a null version: not read, any), locked in id order. The module is
 * tested with IS NOT DISTINCT FROM (the same as = here: neither side is null), which no index
 * answers: with =, the generic plan of the prepared statement went in through
 * data_entries_module_type_id_idx with the ids as a filter on its third column, reading the
 * whole module's part of that index on every write (docs/performance-history.md, Path 1 database work). */
const LOCKED = `
  locked AS (
    SELECT d.id FROM data_entries d JOIN input i ON i.id = d.id
     WHERE d.id = ANY ($3::bigint[]) AND d.carbon_report_module_id IS NOT DISTINCT FROM $1 AND (i.version IS NULL OR d.xmin::text = i.version)
       AND (i.type IS NULL OR d.data_entry_type = i.type)
     ORDER BY d.id
       FOR UPDATE OF d
  )`;

const stats = `${applyStatsDelta({ deltas: 'delta', reporting: 'reporting', moduleId: '$1', touched: 'e' })}`;

/** Sum of a column of a CTE of emission rows for entry `e.id`. */
const sumOf = (cte: string, column: string) => `coalesce((SELECT sum(${column}) FROM ${cte} WHERE ${cte}.data_entry_id = e.id), 0)`;

/**
 * Elements: {idx, type, data, created_by, source, emissions, traveler, name_field}. A trip's
 * traveler (`traveler`: the person number as text, or null) is looked up here, in the statement
 * that writes the trip (traveler.ts's lookup): found, the member's name goes into
 * `data[name_field]`; not found, the write is left out and returns no row (the caller answers 422). Ids are drawn first, so that the
 * emissions and the answer can be matched to their write.
 */
export const CREATE_ENTRIES = `
  WITH given AS (
    SELECT * FROM jsonb_to_recordset($2::jsonb)
      AS i(idx int, type text, data jsonb, created_by bigint, source text, emissions jsonb, traveler text, name_field text)
  ), input AS (
    SELECT g.idx, g.type, g.created_by, g.source, g.emissions, nextval('data_entries_id_seq'::regclass) AS id,
           CASE WHEN g.traveler IS NULL THEN g.data ELSE g.data || jsonb_build_object(g.name_field, tr.name) END AS data
      FROM given g
      LEFT JOIN LATERAL (${memberOfReport('(SELECT carbon_report_id FROM carbon_report_modules WHERE id = $1)', 'g.traveler')}) tr ON g.traveler IS NOT NULL
     WHERE g.traveler IS NULL OR tr.name IS NOT NULL
  ), inserted AS (
    INSERT INTO data_entries (id, carbon_report_module_id, data_entry_type, data, source, created_by)
    SELECT id, $1, type, data, source, created_by FROM input ORDER BY id
    RETURNING *
  ), e AS (
    SELECT inserted.*, input.idx FROM inserted JOIN input ON input.id = inserted.id
  ), x AS (
    ${INSERT_EMISSIONS}
    SELECT input.id, r.* FROM input CROSS JOIN LATERAL jsonb_to_recordset(input.emissions) AS ${EMISSION_RECORD}
    RETURNING *
  ), delta AS (
    SELECT e.data_entry_type AS type, sum(${sumOf('x', 'kg_co2eq')}) AS kg, count(*)::bigint AS n, sum(${sumOf('x', 'quantity')}) AS qty,
           sum(${lacksFigure('x')})::bigint AS wf
      FROM e GROUP BY e.data_entry_type
  ), reporting AS (${reportingDelta('x', null)}
  ), ${stats}
  ${ENTRY_RESULT}`;

/**
 * Elements: {idx, id, version, type, data, emissions}. The old emissions are deleted before the new ones
 * go in (the insert waits for their count): the unique (entry, emission type) index must not see
 * both.
 */
export const UPDATE_ENTRIES = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($2::jsonb) AS i(idx int, id bigint, version text, type text, data jsonb, emissions jsonb)
  ), ${LOCKED}, e AS (
    UPDATE data_entries d SET data = i.data, updated_at = now()
      FROM input i
     WHERE d.id = ANY ($3::bigint[]) AND d.id = i.id AND d.id IN (SELECT id FROM locked)
    RETURNING d.*, i.idx, i.emissions AS new_emissions
  ), old AS (
    DELETE FROM data_entry_emissions o USING e WHERE o.data_entry_id = ANY ($3::bigint[]) AND o.data_entry_id = e.id
    RETURNING o.data_entry_id, o.kg_co2eq, o.quantity, o.scope, o.category
  ), x AS (
    ${INSERT_EMISSIONS}
    SELECT e.id, r.* FROM e CROSS JOIN (SELECT count(*) FROM old) AS after_delete
      CROSS JOIN LATERAL jsonb_to_recordset(e.new_emissions) AS ${EMISSION_RECORD}
    RETURNING *
  ), delta AS (
    SELECT e.data_entry_type AS type, sum(${sumOf('x', 'kg_co2eq')} - ${sumOf('old', 'kg_co2eq')}) AS kg, 0::bigint AS n,
           sum(${sumOf('x', 'quantity')} - ${sumOf('old', 'quantity')}) AS qty, sum(${lacksFigure('x')} - ${lacksFigure('old')})::bigint AS wf
      FROM e GROUP BY e.data_entry_type
  ), reporting AS (${reportingDelta('x', 'old')}
  ), ${stats}
  ${ENTRY_RESULT}`;

/** Elements: {idx, id, version, type}: a null version deletes the entry as it is now, a null type
 * whatever its type. */
export const DELETE_ENTRIES = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($2::jsonb) AS i(idx int, id bigint, version text, type text)
  ), ${LOCKED}, e AS (
    DELETE FROM data_entries d USING input i
     WHERE d.id = ANY ($3::bigint[]) AND d.id = i.id AND d.id IN (SELECT id FROM locked)
    RETURNING d.id, d.data_entry_type, i.idx
  ), x AS (
    DELETE FROM data_entry_emissions o USING e WHERE o.data_entry_id = ANY ($3::bigint[]) AND o.data_entry_id = e.id
    RETURNING o.data_entry_id, o.kg_co2eq, o.quantity, o.scope, o.category
  ), delta AS (
    SELECT e.data_entry_type AS type, -sum(${sumOf('x', 'kg_co2eq')}) AS kg, -count(*)::bigint AS n, -sum(${sumOf('x', 'quantity')}) AS qty,
           -sum(${lacksFigure('x')})::bigint AS wf
      FROM e GROUP BY e.data_entry_type
  ), reporting AS (${reportingDelta(null, 'x')}
  ), ${stats}
  SELECT e.idx, e.id FROM e`;
