// SQL fragments for the lookups every Path 1 write and read context makes, defined once: the
// entry being changed and the traveler's headcount member. Arguments are SQL expressions.

/** The entry `id` of module `moduleId`, as `StoredEntry` (SQL expressions as arguments). */
export const entryOfModule = (id: string, moduleId: string) => `
    SELECT json_build_object('id', e.id, 'data_entry_type', e.data_entry_type, 'data', e.data, 'source', e.source,
                             'created_at', e.created_at, 'updated_at', e.updated_at, 'version', e.xmin::text) AS entry
      FROM data_entries e
     WHERE e.id = ${id} AND e.carbon_report_module_id = ${moduleId}`;

/** The name of the member with person number `personNumber` in report `reportId`'s headcount. */
export const travelerOfReport = (reportId: string, personNumber: string) => `
    SELECT json_build_object('name', coalesce(t.data ->> 'name', '')) AS traveler
      FROM carbon_report_modules hm
      JOIN data_entries t ON t.carbon_report_module_id = hm.id
     WHERE hm.carbon_report_id = ${reportId} AND hm.module_type = 'headcount'
       AND t.data_entry_type = 'member' AND t.data ->> 'user_institutional_id' = ${personNumber}`;
