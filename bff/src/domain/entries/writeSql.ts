// The Path 1 writes. Each comes in two forms built from the same CTEs:
//  - `single`: ONE statement, so one transaction: the entry, its emissions, the module stats (and
//    status) and the report stats, in that order;
//  - `row`: the entry and its emissions only, returning the stats delta it caused, for a batch of
//    writes to one module that share a transaction and one stats update (writeQueue.ts).
// Either way the module row lock — which serialises the writers of one module — is taken last and
// held only until the commit.
import { applyStatsDelta } from '../stats';

const emissionRows = (param: string) =>
  `jsonb_to_recordset(${param}::jsonb) AS r(emission_type text, kg_co2eq numeric, quantity numeric, quantity_unit text, factor_id bigint, meta jsonb)`;
const INSERT_EMISSIONS = `
    INSERT INTO data_entry_emissions (data_entry_id, emission_type, kg_co2eq, quantity, quantity_unit, factor_id, meta)
    SELECT e.id, r.emission_type, r.kg_co2eq, r.quantity, r.quantity_unit, r.factor_id, r.meta`;
const ENTRY_RESULT = `
  SELECT e.id, e.data_entry_type, e.data, e.source, e.created_at, e.updated_at,
         (SELECT coalesce(json_agg(json_build_object('emission_type', x.emission_type, 'kg_co2eq', x.kg_co2eq, 'quantity', x.quantity,
                                                     'quantity_unit', x.quantity_unit, 'factor_id', x.factor_id, 'meta', x.meta)
                                   ORDER BY x.emission_type), '[]') FROM x) AS emissions`;
/** The delta as text, so that a batch sums it in numeric without a detour through doubles. */
const DELTA_COLUMNS = `(SELECT json_build_object('type', type, 'kg', kg::text, 'n', n, 'qty', qty::text) FROM delta) AS delta`;

/** $1 module id, $2 entry type, $3 data, $4 created_by, $5 emissions, $6 source. */
const CREATE_CTES = `
  e AS (
    INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data, source, created_by)
    VALUES ($1, $2, $3, $6, $4)
    RETURNING *
  ), x AS (${INSERT_EMISSIONS}
      FROM e, ${emissionRows('$5')}
    RETURNING *
  ), delta AS (
    SELECT $2::text AS type, coalesce(sum(x.kg_co2eq), 0) AS kg, 1::bigint AS n, coalesce(sum(x.quantity), 0) AS qty FROM x
  )`;

/**
 * $1 entry id, $2 module id, $3 new data, $4 emissions, $5 row version read before, $6 entry type.
 * No row back: the entry is gone or changed since it was read (the caller reads again).
 * The old emissions are deleted (returning what they weighed) before the new ones go in: the
 * insert joins their sum, which cannot be produced before the delete has run to completion.
 */
const UPDATE_CTES = `
  e AS (
    UPDATE data_entries SET data = $3, updated_at = now()
     WHERE id = $1 AND carbon_report_module_id = $2 AND xmin::text = $5
    RETURNING *
  ), old AS (
    DELETE FROM data_entry_emissions WHERE data_entry_id IN (SELECT id FROM e)
    RETURNING kg_co2eq, quantity
  ), old_sum AS (
    SELECT coalesce(sum(kg_co2eq), 0) AS kg, coalesce(sum(quantity), 0) AS qty FROM old
  ), x AS (${INSERT_EMISSIONS}
      FROM e, old_sum, ${emissionRows('$4')}
    RETURNING *
  ), delta AS (
    SELECT $6::text AS type, coalesce(sum(x.kg_co2eq), 0) - (SELECT kg FROM old_sum) AS kg, 0::bigint AS n,
           coalesce(sum(x.quantity), 0) - (SELECT qty FROM old_sum) AS qty
      FROM x
  )`;

/** $1 entry id, $2 module id, $3 row version read before, $4 entry type. */
const DELETE_CTES = `
  e AS (
    DELETE FROM data_entries WHERE id = $1 AND carbon_report_module_id = $2 AND xmin::text = $3
    RETURNING id
  ), x AS (
    DELETE FROM data_entry_emissions WHERE data_entry_id IN (SELECT id FROM e)
    RETURNING kg_co2eq, quantity
  ), delta AS (
    SELECT $4::text AS type, -coalesce(sum(x.kg_co2eq), 0) AS kg, -1::bigint AS n, -coalesce(sum(x.quantity), 0) AS qty FROM x
  )`;

const withStats = (ctes: string, moduleParam: string, result: string) =>
  `WITH ${ctes}, ${applyStatsDelta({ deltas: 'delta', moduleId: moduleParam, touched: 'e' })} ${result}`;

export interface WriteSql {
  single: string;
  row: string;
}

export const CREATE_ENTRY: WriteSql = {
  single: withStats(CREATE_CTES, '$1', `${ENTRY_RESULT} FROM e`),
  row: `WITH ${CREATE_CTES} ${ENTRY_RESULT}, ${DELTA_COLUMNS} FROM e`,
};

export const UPDATE_ENTRY: WriteSql = {
  single: withStats(UPDATE_CTES, '$2', `${ENTRY_RESULT} FROM e`),
  row: `WITH ${UPDATE_CTES} ${ENTRY_RESULT}, ${DELTA_COLUMNS} FROM e`,
};

export const DELETE_ENTRY: WriteSql = {
  single: withStats(DELETE_CTES, '$2', 'SELECT id FROM e'),
  row: `WITH ${DELETE_CTES} SELECT e.id, ${DELTA_COLUMNS} FROM e`,
};
