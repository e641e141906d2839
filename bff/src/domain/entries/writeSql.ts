// The Path 1 writes, each ONE statement and so one transaction: the entry, its emissions, the
// module stats (and status) and the report stats, in that order. One round trip per write keeps
// the module row lock — which serialises writers of one module — held for as short as possible.
import { applyStatsDelta } from '../stats';

const EMISSION_ROWS = `jsonb_to_recordset($EMISSIONS::jsonb) AS r(emission_type text, kg_co2eq numeric, quantity numeric, quantity_unit text, factor_id bigint, meta jsonb)`;
const INSERT_EMISSIONS = `
    INSERT INTO data_entry_emissions (data_entry_id, emission_type, kg_co2eq, quantity, quantity_unit, factor_id, meta)
    SELECT e.id, r.emission_type, r.kg_co2eq, r.quantity, r.quantity_unit, r.factor_id, r.meta`;
const RESULT = `
  SELECT e.id, e.data_entry_type, e.data, e.source, e.created_at, e.updated_at,
         (SELECT coalesce(json_agg(json_build_object('emission_type', x.emission_type, 'kg_co2eq', x.kg_co2eq, 'quantity', x.quantity,
                                                     'quantity_unit', x.quantity_unit, 'factor_id', x.factor_id, 'meta', x.meta)
                                   ORDER BY x.emission_type), '[]') FROM x) AS emissions
    FROM e`;

/** $1 module id, $2 entry type, $3 data, $4 created_by, $5 emissions, $6 source. */
export const CREATE_ENTRY = `
  WITH e AS (
    INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data, source, created_by)
    VALUES ($1, $2, $3, $6, $4)
    RETURNING *
  ), x AS (${INSERT_EMISSIONS}
      FROM e, ${EMISSION_ROWS.replace('$EMISSIONS', '$5')}
    RETURNING *
  ), delta AS (
    SELECT coalesce(sum(x.kg_co2eq), 0) AS kg, 1 AS n, coalesce(sum(x.quantity), 0) AS qty FROM x
  ), ${applyStatsDelta({ delta: 'delta', moduleId: '$1', entryType: '$2', touched: 'e' })}
  ${RESULT}`;

/**
 * $1 entry id, $2 module id, $3 new data, $4 emissions, $5 row version read before, $6 entry type.
 * No row back: the entry is gone or changed since it was read (the caller reads again).
 * The old emissions are deleted (returning what they weighed) before the new ones go in: the
 * insert joins their sum, which cannot be produced before the delete has run to completion.
 */
export const UPDATE_ENTRY = `
  WITH e AS (
    UPDATE data_entries SET data = $3, updated_at = now()
     WHERE id = $1 AND carbon_report_module_id = $2 AND xmin::text = $5
    RETURNING *
  ), old AS (
    DELETE FROM data_entry_emissions WHERE data_entry_id IN (SELECT id FROM e)
    RETURNING kg_co2eq, quantity
  ), old_sum AS (
    SELECT coalesce(sum(kg_co2eq), 0) AS kg, coalesce(sum(quantity), 0) AS qty FROM old
  ), x AS (${INSERT_EMISSIONS}
      FROM e, old_sum, ${EMISSION_ROWS.replace('$EMISSIONS', '$4')}
    RETURNING *
  ), delta AS (
    SELECT coalesce(sum(x.kg_co2eq), 0) - (SELECT kg FROM old_sum) AS kg, 0 AS n,
           coalesce(sum(x.quantity), 0) - (SELECT qty FROM old_sum) AS qty
      FROM x
  ), ${applyStatsDelta({ delta: 'delta', moduleId: '$2', entryType: '$6', touched: 'e' })}
  ${RESULT}`;

/** $1 entry id, $2 module id, $3 row version read before, $4 entry type. */
export const DELETE_ENTRY = `
  WITH e AS (
    DELETE FROM data_entries WHERE id = $1 AND carbon_report_module_id = $2 AND xmin::text = $3
    RETURNING id
  ), x AS (
    DELETE FROM data_entry_emissions WHERE data_entry_id IN (SELECT id FROM e)
    RETURNING kg_co2eq, quantity
  ), delta AS (
    SELECT -coalesce(sum(x.kg_co2eq), 0) AS kg, -1 AS n, -coalesce(sum(x.quantity), 0) AS qty FROM x
  ), ${applyStatsDelta({ delta: 'delta', moduleId: '$2', entryType: '$4', touched: 'e' })}
  SELECT id FROM e`;
