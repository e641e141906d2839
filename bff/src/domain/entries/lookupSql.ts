// The SQL fragment for the entry every Path 1 write and read context looks up, defined once (the
// traveler's member is looked up by traveler.ts). Arguments are SQL expressions.

/** The entry `id` of module `moduleId`, as `StoredEntry` (SQL expressions as arguments). */
export const entryOfModule = (id: string, moduleId: string) => `
    SELECT json_build_object('id', e.id, 'data_entry_type', e.data_entry_type, 'data', e.data, 'source', e.source,
                             'created_at', e.created_at, 'updated_at', e.updated_at, 'version', e.xmin::text) AS entry
      FROM data_entries e
     WHERE e.id = ${id} AND e.carbon_report_module_id = ${moduleId}`;

