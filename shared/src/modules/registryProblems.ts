// The rules every module and entry type of the registry follows, so that the generic code
// (routes, validation, CSV files, permissions, person links, owner queries) serves it without
// knowing it: fields and files, person links, factor sets, units, and the scope and category of
// every emission type. Each problem is a sentence naming the module, entry type, factor set or
// category. Texts, default factors and demo rows are checked by the tests of the packages that
// hold them.
import { factorColumns, factorValueColumns, UNIT_COLUMN } from './csvColumns';
import { FIELD_TYPES, PERSON_LINK_KEY, type EntryTypeDef, type FactorSetDef, type FieldDef } from './fields';
import { CATEGORIES, findCategory, GHG_SCOPES, UNITS } from './reporting';
import { DATA_ENTRY_TYPES, ENTRY_TYPES, entryTypesOf, FACTOR_SETS, factorSetsUsedBy, MODULE_TYPES, MODULES } from './registry';
import { fieldSchema, requiredOnCreate } from './schemas';
import { UNIT_PAGES } from '../routes';

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
    if ((UNIT_PAGES as readonly string[]).includes(mod.slug)) p(`slug ${mod.slug} is the name of a page of a unit's year`);
    if (mod.i18nKey !== `modules.${m}.title`) p(`i18nKey must be modules.${m}.title`);
    if (!mod.entryTypes.length) p('has no entry type');
    const typeSlugs = repeated(entryTypesOf(m).map((t) => t.slug));
    if (typeSlugs.length) p(`entry type slugs used twice: ${typeSlugs.join(', ')}`);
    if (mod.ownRows.includes('edit') && !mod.ownRows.includes('view')) p('ownRows: edit without view');
    if (mod.summary === 'fte' && !entryTypesOf(m).some((t) => t.person)) p("summary 'fte' is for the module listing the unit's people");
  }
  for (const t of Object.values(ENTRY_TYPES)) problems.push(...entryTypeProblems(t).map((what) => `entry type ${t.type}: ${what}`));
  for (const set of Object.values(FACTOR_SETS)) problems.push(...factorSetProblems(set).map((what) => `factor set ${set.name}: ${what}`));
  const categories = repeated(CATEGORIES.map((c) => c.key));
  if (categories.length) problems.push(`registry: categories named twice: ${categories.join(', ')}`);
  for (const c of CATEGORIES) if (!REGISTRY_NAME.test(c.key) || c.i18nKey !== `reporting.categories.${c.key}`) problems.push(`category ${c.key}: a lower-case identifier, named by reporting.categories.${c.key}`);
  return problems;
}

function factorSetProblems(set: FactorSetDef): string[] {
  const problems: string[] = [];
  const p = (what: string) => problems.push(what);
  if (!REGISTRY_NAME.test(set.name)) p('its name must be a lower-case identifier');
  if (!set.entryType && set.i18nKey !== `modules.${set.module}.factorSets.${set.name}`) p(`i18nKey must be modules.${set.module}.factorSets.${set.name}`);
  if (!set.values.length && !set.optionalValues?.length) p('names no value column');
  const columns = factorColumns(set);
  if (repeated(columns).length) p(`columns named twice: ${repeated(columns).join(', ')}`);
  for (const k of columns) if (!REGISTRY_NAME.test(k)) p(`column ${k} must be a lower-case identifier`);
  for (const k of Object.keys(set.options)) if (!set.keys.includes(k)) p(`options for ${k}, which is not a classification key`);
  for (const k of Object.keys(set.patterns ?? {})) if (!set.keys.includes(k) || set.options[k]) p(`a pattern for ${k}, which is not a classification key without options`);
  return problems;
}

/** What an entry type declares about what its formula produces: emission types with a scope and
 * an existing category of that scope, and the factor sets it reads. */
function emissionProblems(t: EntryTypeDef): string[] {
  const problems: string[] = [];
  const p = (what: string) => problems.push(what);
  if (!t.emissionTypes.length) p('declares no emission type');
  const types = t.emissionTypes.map((e) => e.type);
  if (repeated(types).length) p(`emission types named twice: ${repeated(types).join(', ')}`);
  for (const e of t.emissionTypes) {
    const category = findCategory(e.category);
    if (!REGISTRY_NAME.test(e.type)) p(`emission type ${e.type} must be a lower-case identifier`);
    if (!GHG_SCOPES.includes(e.scope)) p(`emission type ${e.type}: scope ${e.scope} is not 1, 2 or 3`);
    if (!category) p(`emission type ${e.type}: category ${e.category} is not a reporting category`);
    else if (category.scope !== e.scope) p(`emission type ${e.type}: category ${e.category} is of scope ${category.scope}, not ${e.scope}`);
  }
  for (const e of t.emissionTypes.filter((x) => x.when)) {
    const { field, values } = e.when!;
    const options = t.fields.find((f) => f.key === field && f.type === 'select')?.options;
    if (!options) p(`emission type ${e.type}: when names ${field}, which is not a select field`);
    else for (const v of values) if (!options.includes(v)) p(`emission type ${e.type}: when names ${v}, which is not an option of ${field}`);
  }
  const picking = [...new Set(t.emissionTypes.flatMap((e) => (e.when ? [e.when.field] : [])))];
  if (picking.length > 1) p(`emission types are picked by more than one field: ${picking.join(', ')}`);
  for (const field of picking) {
    const options = t.fields.find((f) => f.key === field)?.options ?? [];
    const picked = t.emissionTypes.flatMap((e) => e.when?.values ?? []);
    const fallback = t.emissionTypes.some((e) => !e.when);
    for (const o of options) {
      const n = picked.filter((v) => v === o).length;
      if (n > 1 || (n === 0 && !fallback)) p(`option ${o} of ${field} must make exactly one emission type, it makes ${n}`);
    }
  }
  for (const name of t.usesFactorSets ?? []) {
    if (!FACTOR_SETS[name]) p(`uses factor set ${name}, which is not registered`);
    if (name === t.type) p('names its own factor set among the sets it uses');
  }
  return problems;
}

/** A quantity field names its unit field; a unit field lists known units, and the factor set it
 * converts with has a `<base>_per_<unit>` value column for each unit other than the base. */
function unitProblems(t: EntryTypeDef, f: FieldDef): string[] {
  const problems: string[] = [];
  const q = (what: string) => problems.push(`field ${f.key}: ${what}`);
  if (f.unitField && (f.type !== 'number' || t.fields.find((x) => x.key === f.unitField)?.type !== 'unit')) q(`a quantity is a number field whose unitField names a unit field`);
  if (f.type !== 'unit') return problems;
  const u = f.units;
  if (!u?.allowed.length) return [`field ${f.key}: a unit field needs the units it allows`];
  for (const unit of [...u.allowed, u.base]) if (!(UNITS as readonly string[]).includes(unit)) q(`unknown unit ${unit}`);
  if (!t.fields.some((x) => x.unitField === f.key)) q('no quantity field names it as its unitField');
  if (u.byOption) {
    const options = t.fields.find((x) => x.key === u.byOption!.field && x.type === 'select')?.options;
    if (!options) q(`its units depend on ${u.byOption.field}, which is not a select field`);
    for (const [option, units] of Object.entries(u.byOption.allowed)) {
      if (options && !options.includes(option)) q(`byOption names ${option}, which is not an option of ${u.byOption.field}`);
      for (const unit of units) if (!u.allowed.includes(unit)) q(`byOption gives ${option} the unit ${unit}, which the field does not allow`);
    }
  }
  const setName = u.set ?? t.type;
  const set = FACTOR_SETS[setName];
  if (!factorSetsUsedBy(t).includes(setName) || !set) q(`its conversions come from factor set ${setName}, which the entry type does not use`);
  else {
    const columns = factorValueColumns(set);
    for (const unit of u.allowed) if (unit !== u.base && !columns.includes(`${u.base}_per_${unit}`)) q(`factor set ${setName} has no ${u.base}_per_${unit} column to convert ${unit}`);
  }
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
    if (f.factorChoices) {
      const setName = f.factorChoices.set ?? t.type;
      const keys = FACTOR_SETS[setName]?.keys ?? [];
      if (f.type !== 'text') q('factorChoices is for text fields');
      if (!factorSetsUsedBy(t).includes(setName)) q(`factorChoices: factor set ${setName} is not one the entry type uses`);
      if (!keys.includes(f.factorChoices.key)) q(`factorChoices: ${f.factorChoices.key} is not a classification key of factor set ${setName}`);
      for (const m of f.factorChoices.match ?? []) if (!keys.includes(m) || !field(m)) q(`factorChoices: ${m} must be a classification key and a field`);
      for (const k of Object.keys(f.factorChoices.where ?? {})) if (!keys.includes(k)) q(`factorChoices: where names ${k}, which is not a classification key of factor set ${setName}`);
      for (const k of Object.keys(f.factorChoices.anyCountryWhen ?? {})) if (!field(k)) q(`factorChoices: anyCountryWhen names ${k}, which is not a field`);
    }
    for (const k of f.requiredWith ?? []) if (!field(k) || k === f.key) q(`requiredWith names ${k}, which is not another field`);
    if (f.requiredUnless) {
      if (f.required) q('requiredUnless is for a field that is not always required');
      for (const k of f.requiredUnless.given) if (!field(k) || k === f.key) q(`requiredUnless names ${k}, which is not another field`);
      const when = f.requiredUnless.when;
      const options = when && field(when.field)?.type === 'select' ? field(when.field)!.options! : undefined;
      if (when && !options) q(`requiredUnless: ${when.field} is not a select field`);
      for (const v of when?.values ?? []) if (options && !options.includes(v)) q(`requiredUnless: ${v} is not an option of ${when!.field}`);
    }
    problems.push(...unitProblems(t, f));
  }
  problems.push(...emissionProblems(t));

  const columns = t.csvColumns.map((c) => c.column);
  if (repeated(columns).length) p(`CSV columns named twice: ${repeated(columns).join(', ')}`);
  for (const c of t.csvColumns) {
    if (!REGISTRY_NAME.test(c.column) || c.column === UNIT_COLUMN) p(`CSV column ${c.column} must be a lower-case identifier other than ${UNIT_COLUMN}`);
    if (!field(c.field)) p(`CSV column ${c.column} fills ${c.field}, which is not a field`);
  }
  for (const f of t.fields.filter(requiredOnCreate)) if (!t.csvColumns.some((c) => c.field === f.key)) p(`required field ${f.key} has no CSV column`);

  if (!field(t.ownerField)) p(`owner field ${t.ownerField} is not a field`);
  if (t.person) {
    if (!field(t.person.numberField) || !field(t.person.nameField)) p('person: its number and name fields must be fields');
    if (t.ownerField !== t.person.numberField) p('a person owns their own row: ownerField must be person.numberField');
    if (field(t.person.fteField)?.type !== 'number') p('person: its FTE field must be a number field');
    const category = t.person.categoryField;
    if (category && (field(category)?.type !== 'select' || field(category)?.required)) p('person: its category field must be an optional select field');
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
  if (t.onePerPerson && !link) p('onePerPerson: only a row linked to its person (traveler) can be one per person');
  // Carried rows are copied in parallel jobs, none waiting for the people a link would need.
  if (t.carryForward && link) p('carryForward: a row linked to its person (traveler) is of one year, not carried');
  // A survey extrapolates from its respondents, each counted once.
  if (link && MODULES[t.module]?.extrapolated && !t.onePerPerson) p('a survey counts each respondent once: its linked rows must be onePerPerson');
  // Standard users' own rows are found through an index on the owner key (see PERSON_LINK_KEY).
  if (MODULES[t.module]?.ownRows.length && !t.person && !link) p(`its module gives standard users their own rows, so its rows must belong to a person (person or traveler)`);
  if (t.route && (field(t.route.from)?.type !== 'location' || field(t.route.to)?.type !== 'location')) p('route: from and to must be location fields');
  return problems;
}
