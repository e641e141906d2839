// The rules every module and entry type of the registry follows, so that the generic code
// (routes, validation, CSV files, permissions, person links, owner queries) serves it without
// knowing it. Each problem is a sentence naming the module or entry type. Texts, default factors
// and demo rows are checked by the tests of the packages that hold them.
import { FACTOR_SOURCE_COLUMN, UNIT_COLUMN } from './csvColumns';
import { FIELD_TYPES, PERSON_LINK_KEY, type EntryTypeDef } from './fields';
import { DATA_ENTRY_TYPES, ENTRY_TYPES, entryTypesOf, MODULE_TYPES, MODULES } from './registry';
import { fieldSchema, requiredOnCreate } from './schemas';

/** Module types, entry types, field keys and CSV columns: lower-case identifiers, safe in SQL
 * literals, permission keys and file headers (which are compared in lower case). */
export const REGISTRY_NAME = /^[a-z][a-z0-9_]*$/;
const URL_SEGMENT = /^[a-z][a-z0-9-]*$/;
/** Keys an entry view puts beside the fields. */
const BOOKKEEPING_KEYS = ['id', 'module_type', 'data_entry_type', 'kg_co2eq', 'emissions', 'source', 'created_at', 'updated_at'];

const repeated = (names: readonly string[]) => [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];

export function registryProblems(): string[] {
  const problems: string[] = [];
  const slugs = repeated(MODULE_TYPES.map((m) => MODULES[m].slug));
  if (slugs.length) problems.push(`registry: module slugs used twice: ${slugs.join(', ')}`);
  const people = DATA_ENTRY_TYPES.filter((t) => ENTRY_TYPES[t]!.person);
  if (people.length !== 1) problems.push(`registry: exactly one entry type must list the unit's people (person), found ${people.length}`);
  for (const m of MODULE_TYPES) {
    const mod = MODULES[m];
    const p = (what: string) => problems.push(`module ${m}: ${what}`);
    if (!REGISTRY_NAME.test(m)) p('its type must be a lower-case identifier');
    if (!URL_SEGMENT.test(mod.slug)) p(`slug ${mod.slug} is not a lower-case URL segment`);
    if (mod.i18nKey !== `modules.${m}.title`) p(`i18nKey must be modules.${m}.title`);
    if (!mod.entryTypes.length) p('has no entry type');
    const typeSlugs = repeated(entryTypesOf(m).map((t) => t.slug));
    if (typeSlugs.length) p(`entry type slugs used twice: ${typeSlugs.join(', ')}`);
    if (mod.ownRows.includes('edit') && !mod.ownRows.includes('view')) p('ownRows: edit without view');
    if (mod.summary === 'fte' && !entryTypesOf(m).some((t) => t.person)) p("summary 'fte' is for the module listing the unit's people");
  }
  for (const t of Object.values(ENTRY_TYPES)) problems.push(...entryTypeProblems(t).map((what) => `entry type ${t.type}: ${what}`));
  return problems;
}

function entryTypeProblems(t: EntryTypeDef): string[] {
  const problems: string[] = [];
  const p = (what: string) => problems.push(what);
  const field = (key: string) => t.fields.find((f) => f.key === key);
  if (!REGISTRY_NAME.test(t.type)) p('its type must be a lower-case identifier');
  if (!URL_SEGMENT.test(t.slug)) p(`slug ${t.slug} is not a lower-case URL segment`);
  if (t.i18nKey !== `modules.${t.module}.types.${t.type}`) p(`i18nKey must be modules.${t.module}.types.${t.type}`);

  const keys = t.fields.map((f) => f.key);
  if (repeated(keys).length) p(`fields named twice: ${repeated(keys).join(', ')}`);
  for (const f of t.fields) {
    const q = (what: string) => p(`field ${f.key}: ${what}`);
    if (!REGISTRY_NAME.test(f.key)) q('its key must be a lower-case identifier');
    if (BOOKKEEPING_KEYS.includes(f.key)) q('its key is one an entry view already uses');
    if (f.i18nKey !== `modules.${t.module}.fields.${f.key}`) q(`i18nKey must be modules.${t.module}.fields.${f.key}`);
    if (!FIELD_TYPES.includes(f.type)) q(`unknown field type ${f.type}`);
    if (f.type === 'select' && !f.options?.length) q('a select needs options');
    if (f.type === 'location' && !f.location) q('a location field needs its location kind');
    if (f.location?.countryField && !field(f.location.countryField)) q(`its country field ${f.location.countryField} is not a field`);
    if (f.default !== undefined && !fieldSchema(f).safeParse(f.default).success) q('its default is not a valid value');
  }

  const columns = t.csvColumns.map((c) => c.column);
  if (repeated(columns).length) p(`CSV columns named twice: ${repeated(columns).join(', ')}`);
  for (const c of t.csvColumns) {
    if (!REGISTRY_NAME.test(c.column) || c.column === UNIT_COLUMN) p(`CSV column ${c.column} must be a lower-case identifier other than ${UNIT_COLUMN}`);
    if (!field(c.field)) p(`CSV column ${c.column} fills ${c.field}, which is not a field`);
  }
  for (const f of t.fields.filter(requiredOnCreate)) if (!t.csvColumns.some((c) => c.field === f.key)) p(`required field ${f.key} has no CSV column`);

  const factorColumns = [...t.factorKeys, ...t.factorValueKeys, FACTOR_SOURCE_COLUMN];
  if (!t.factorValueKeys.length) p('names no factor value key');
  if (repeated(factorColumns).length) p(`factor columns named twice: ${repeated(factorColumns).join(', ')}`);
  for (const k of factorColumns) if (!REGISTRY_NAME.test(k)) p(`factor column ${k} must be a lower-case identifier`);

  if (!field(t.ownerField)) p(`owner field ${t.ownerField} is not a field`);
  if (t.person) {
    if (!field(t.person.numberField) || !field(t.person.nameField)) p('person: its number and name fields must be fields');
    if (t.ownerField !== t.person.numberField) p('a person owns their own row: ownerField must be person.numberField');
  }
  const link = t.traveler;
  if (link) {
    const target = ENTRY_TYPES[link.entryType];
    if (!target || target.module !== link.module || !target.person) p(`traveler: ${link.module}/${link.entryType} is not a registered entry type listing people`);
    if (link.idField !== PERSON_LINK_KEY) p(`traveler: the person number must be in ${PERSON_LINK_KEY}, the key the owner index covers`);
    if (field(link.idField)?.type !== 'headcount-member-select') p(`traveler: ${link.idField} must be a headcount-member-select field`);
    if (!field(link.nameField)?.readOnly) p(`traveler: ${link.nameField} must be a read-only field`);
    if (!t.csvColumns.some((c) => c.field === link.idField)) p(`traveler: ${link.idField} has no CSV column`);
    if (t.ownerField !== link.idField) p('a linked row belongs to its person: ownerField must be traveler.idField');
  }
  // Standard users' own rows are found through an index on the owner key (see PERSON_LINK_KEY).
  if (MODULES[t.module]?.ownRows.length && !t.person && !link) p(`its module gives standard users their own rows, so its rows must belong to a person (person or traveler)`);
  if (t.route && (field(t.route.from)?.type !== 'location' || field(t.route.to)?.type !== 'location')) p('route: from and to must be location fields');
  return problems;
}
