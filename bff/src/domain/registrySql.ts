// SQL fragments built from the registry: its names as SQL literals, and the condition that picks
// a user's own rows of a module. Registry names are constants of the code, never user input; the
// check below keeps them from ever being more than plain identifiers in SQL.
import { REGISTRY_NAME, type EntryTypeDef } from '@carbon/shared';

/** A registry name (entry type, field key) as an SQL string literal. */
export function sqlName(name: string): string {
  if (!REGISTRY_NAME.test(name)) throw new Error(`not a registry name: ${name}`);
  return `'${name}'`;
}

/**
 * The rows of these entry types (table alias `alias`) whose owner field holds `person` (an SQL
 * text expression, usually a parameter). One condition per owner field, each with its key's
 * presence and its entry types, so that the planner can use a partial index on that key: the
 * person link index (migration 0009) for linked rows, the headcount's person number index for
 * members.
 */
export function ownRowsCondition(entryTypes: readonly EntryTypeDef[], person: string, alias = 'e'): string {
  const typesByOwner = new Map<string, string[]>();
  for (const t of entryTypes) typesByOwner.set(t.ownerField, [...(typesByOwner.get(t.ownerField) ?? []), t.type]);
  const conditions = [...typesByOwner].map(
    ([field, types]) =>
      `(${alias}.data_entry_type IN (${types.map(sqlName).join(', ')}) AND ${alias}.data ? ${sqlName(field)} AND ${alias}.data ->> ${sqlName(field)} = ${person})`,
  );
  return `(${conditions.join(' OR ')})`;
}
