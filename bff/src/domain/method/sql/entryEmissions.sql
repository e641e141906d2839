-- The emission rows of an entry ($1), in the order the entry view lists them.
SELECT x.emission_type,
       x.scope,
       x.category,
       x.kg_co2eq::float8 AS kg_co2eq,
       x.quantity::float8 AS quantity,
       x.quantity_unit,
       x.factor_id,
       x.meta
  FROM data_entry_emissions x
 WHERE x.data_entry_id = $1
 ORDER BY x.emission_type
