-- Each report's stored total for the units and years asked for (units NULL: every unit), with the
-- stats of its survey modules, whose totals are extrapolated on read (bff/src/domain/surveys.ts).
SELECT r.id::int AS report_id, r.unit_id::int, r.year,
       coalesce((r.stats ->> 'kg_co2eq')::float8, 0) AS kg_co2eq,
       (SELECT jsonb_object_agg(cm.module_type, cm.stats)
          FROM carbon_report_modules cm
         WHERE cm.carbon_report_id = r.id AND cm.module_type = ANY ($3::text[])) AS surveys
  FROM carbon_reports r
 WHERE ($1::bigint[] IS NULL OR r.unit_id = ANY ($1::bigint[])) AND r.year = ANY ($2::int[])
