import { describe, expect, it } from 'vitest';
import {
  createSchema,
  DATA_ENTRY_TYPES,
  ENTRY_TYPES,
  entryRuleIssues,
  entryTypesOf,
  factorChoiceItems,
  factorChoiceTakesAnyCountry,
  factorChoiceValues,
  entryTypesUsingSet,
  FACTOR_SETS,
  factorSetsUsedBy,
  fieldSchema,
  findEntryType,
  findFactorSet,
  findModule,
  foldSearchText,
  MODULE_TYPES,
  MODULES,
  peopleEntryType,
  reportEmissions,
  reportYearDates,
  reportYearIssues,
  serializeRegistry,
  typedFactorChoice,
  unitsFor,
  updateSchema,
} from '../index';

const field = (type: string, key: string) => ENTRY_TYPES[type]!.fields.find((f) => f.key === key)!;
const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('registry lookups', () => {
  it.each([...MODULE_TYPES])('%s is found by its type and its slug, with its own entry types', (m) => {
    const module = MODULES[m];
    expect(findModule(m)).toBe(module);
    expect(findModule(module.slug)).toBe(module);
    expect(entryTypesOf(m).map((t) => t.type)).toEqual(module.entryTypes);
    for (const t of entryTypesOf(m)) expect(t.module).toBe(m);
  });

  it.each([...DATA_ENTRY_TYPES])('%s is found by type and slug in its module only', (type) => {
    const t = ENTRY_TYPES[type]!;
    expect(findEntryType(t.module, t.type)).toBe(t);
    expect(findEntryType(t.module, t.slug)).toBe(t);
    for (const other of MODULE_TYPES.filter((m) => m !== t.module)) expect(findEntryType(other, t.type)).toBeUndefined();
  });

  it('lists every entry type once, module by module', () => {
    expect(DATA_ENTRY_TYPES).toEqual(MODULE_TYPES.flatMap((m) => MODULES[m].entryTypes));
    expect(Object.keys(ENTRY_TYPES).sort()).toEqual([...DATA_ENTRY_TYPES].sort());
    expect(findModule('no-such-module')).toBeUndefined();
  });

  it('links every trip to the entry type listing people', () => {
    for (const t of Object.values(ENTRY_TYPES).filter((x) => x.traveler)) {
      expect(t.traveler).toMatchObject({ module: peopleEntryType().module, entryType: peopleEntryType().type });
    }
  });
});

describe('registry (types with behaviour of their own)', () => {
  it.each(['plane', 'train', 'road_sea'])('%s: traveler_id is a required, sortable, not inline-editable member select; traveler_name is read-only', (type) => {
    expect(field(type, 'traveler_id')).toMatchObject({ type: 'headcount-member-select', required: true, sortable: true, inlineEditable: false, apiOptional: true });
    expect(field(type, 'traveler_name')).toMatchObject({ type: 'text', readOnly: true });
    expect(ENTRY_TYPES[type]!.csvColumns).toContainEqual({ column: 'person_number', field: 'traveler_id' });
    expect(ENTRY_TYPES[type]!.traveler).toEqual({ module: 'headcount', entryType: 'member', idField: 'traveler_id', nameField: 'traveler_name' });
  });

  it('names its factor classification keys; each type reads its own set, a device and computing by use also the electricity set', () => {
    expect(ENTRY_TYPES.plane!.factorSet.keys).toEqual(['band', 'cabin_class']);
    expect(ENTRY_TYPES.train!.factorSet.keys).toEqual(['country']);
    expect(ENTRY_TYPES.member!.factorSet.keys).toEqual(['category']);
    for (const type of DATA_ENTRY_TYPES) expect(factorSetsUsedBy(ENTRY_TYPES[type]!)).toEqual([type, ...(ENTRY_TYPES[type]!.usesFactorSets ?? [])]);
    expect(factorSetsUsedBy(ENTRY_TYPES.device!)).toEqual(['device', 'electricity']);
    expect(entryTypesUsingSet('electricity').map((t) => t.type)).toEqual(['electricity', 'device', 'compute_use', 'ai_service']);
    expect(FACTOR_SETS.plane).toMatchObject({ module: 'professional_travel', entryType: 'plane', options: { cabin_class: ['economy', 'business', 'first'] } });
    // Commuting by train reads the train trips' factor of the respondent's country.
    expect(entryTypesUsingSet('train').map((t) => t.type)).toEqual(['train', 'commute']);
    expect(findFactorSet('professional_travel', 'plane')).toBe(FACTOR_SETS.plane);
    expect(findFactorSet('headcount', 'plane')).toBeUndefined();
  });

  it('road and sea trips: one factor row per mode (the car\'s fuel in its mode), found by type or slug', () => {
    expect(FACTOR_SETS.road_sea).toMatchObject({ module: 'professional_travel', entryType: 'road_sea', keys: ['mode'], values: ['kg_co2eq_per_km'] });
    expect(FACTOR_SETS.road_sea!.options.mode).toEqual(['car_petrol', 'car_diesel', 'car_hybrid', 'car_battery_electric', 'car_unknown', 'taxi', 'coach', 'bus', 'ferry_foot']);
    expect(findFactorSet('professional_travel', 'road-sea')).toBe(FACTOR_SETS.road_sea);
    expect(entryTypesUsingSet('road_sea').map((t) => t.type)).toEqual(['road_sea']);
    expect(MODULES.professional_travel.entryTypes).toEqual(['plane', 'train', 'road_sea']);
  });

  it('purchases read their category ratios and the exchange rates of their module; uploading rates recalculates them', () => {
    expect(factorSetsUsedBy(ENTRY_TYPES.purchase!)).toEqual(['purchase', 'exchange_rate', 'price_index', 'purchase_nacres']);
    expect(FACTOR_SETS.price_index).toMatchObject({ module: 'purchases', keys: ['index_year'], values: ['hicp'], coverage: { yearKey: 'index_year' } });
    expect(FACTOR_SETS.purchase_nacres).toMatchObject({ module: 'purchases', keys: ['nacres_code'], values: ['kg_co2eq_per_eur'], optionalValues: ['currency_year'] });
    expect(FACTOR_SETS.exchange_rate).toMatchObject({ module: 'purchases', keys: ['currency'], values: ['eur_per_unit'], options: { currency: ['CHF', 'USD', 'GBP'] } });
    expect(FACTOR_SETS.exchange_rate!.entryType).toBeUndefined();
    // Cloud bills are paid in the same currencies: an exchange-rate upload recalculates them too.
    expect(entryTypesUsingSet('exchange_rate').map((t) => t.type)).toEqual(['purchase', 'cloud_spend']);
    expect(findFactorSet('purchases', 'exchange_rate')).toBe(FACTOR_SETS.exchange_rate);
    expect(findFactorSet('buildings', 'exchange_rate')).toBeUndefined();
    expect(ENTRY_TYPES.purchase!.emissionTypes).toEqual([{ type: 'purchase', scope: 3, category: 'purchased_goods_services' }]);
    expect(MODULES.purchases).toMatchObject({ ownRows: [], summary: 'emissions' });
  });

  it('digital services: cloud spend by service kind in euros, computing by use on the grid with a PUE, AI services by band; all scope 3 purchased services', () => {
    expect(MODULES.digital_services).toMatchObject({ slug: 'digital-services', entryTypes: ['cloud_spend', 'compute_use', 'ai_service'], ownRows: [], summary: 'emissions' });
    expect(factorSetsUsedBy(ENTRY_TYPES.cloud_spend!)).toEqual(['cloud_spend', 'exchange_rate', 'price_index']);
    expect(factorSetsUsedBy(ENTRY_TYPES.compute_use!)).toEqual(['compute_use', 'electricity', 'data_centre_pue']);
    expect(factorSetsUsedBy(ENTRY_TYPES.ai_service!)).toEqual(['ai_service', 'electricity']);
    expect(FACTOR_SETS.cloud_spend).toMatchObject({ keys: ['service_kind'], values: ['kg_co2eq_per_eur'], options: { service_kind: ['compute', 'storage', 'ai_ml', 'other'] } });
    // Metered kWh need no power row: the compute set offers the resources counted in hours only.
    expect(FACTOR_SETS.compute_use!.options.resource).not.toContain('metered_kwh');
    expect(FACTOR_SETS.data_centre_pue).toMatchObject({ module: 'digital_services', keys: ['basis'], values: ['pue'], options: { basis: ['industry_average'] } });
    expect(FACTOR_SETS.data_centre_pue!.entryType).toBeUndefined();
    expect(entryTypesUsingSet('data_centre_pue').map((t) => t.type)).toEqual(['compute_use']);
    expect(FACTOR_SETS.ai_service).toMatchObject({ keys: ['service'], values: [], optionalValues: ['kg_co2eq_per_request', 'wh_per_request'], options: { service: ['google_gemini_text', 'openai_chatgpt_text', 'mistral_le_chat_text'] } });
    for (const type of MODULES.digital_services.entryTypes) expect(ENTRY_TYPES[type]!.emissionTypes).toEqual([{ type, scope: 3, category: 'purchased_goods_services' }]);
    expect(field('compute_use', 'grid_country').factorChoices).toEqual(field('device', 'grid_country').factorChoices);
    expect(findEntryType('digital_services', 'compute-use')).toBe(ENTRY_TYPES.compute_use);
  });

  it('reports travel in scope 3, business travel; members in scope 3, per-FTE estimates', () => {
    expect(ENTRY_TYPES.plane!.emissionTypes).toEqual([{ type: 'plane', scope: 3, category: 'business_travel' }]);
    expect(ENTRY_TYPES.train!.emissionTypes).toEqual([{ type: 'train', scope: 3, category: 'business_travel' }]);
    expect(ENTRY_TYPES.road_sea!.emissionTypes).toEqual([{ type: 'road_sea', scope: 3, category: 'business_travel' }]);
    expect(ENTRY_TYPES.member!.emissionTypes).toEqual([{ type: 'member', scope: 3, category: 'per_fte_estimates' }]);
    const row = { emission_type: 'train', kg_co2eq: 1, quantity: 2, quantity_unit: 'km', factor_id: null, meta: {} };
    expect(reportEmissions(ENTRY_TYPES.train!, [row])).toEqual([{ ...row, scope: 3, category: 'business_travel' }]);
    expect(() => reportEmissions(ENTRY_TYPES.train!, [{ ...row, emission_type: 'bus' }])).toThrow(/bus, which its registry entry does not declare/);
  });

  it('device: embodied in scope 3 capital goods, use in scope 2 electricity; the unit\'s rows, not a person\'s', () => {
    expect(ENTRY_TYPES.device!.emissionTypes).toEqual([
      { type: 'device_embodied', scope: 3, category: 'capital_goods' },
      { type: 'device_use', scope: 2, category: 'purchased_electricity' },
    ]);
    expect(MODULES.equipment).toMatchObject({ slug: 'equipment', entryTypes: ['device'], ownRows: [], summary: 'emissions' });
    expect(field('device', 'grid_country').factorChoices).toEqual({ key: 'mix', set: 'electricity', where: { supply: 'location_based' }, anyCountryWhen: {} });
    // Choices from another set: only the rows with the `where` values (grid mixes, not contracts).
    const row = (supply: string, mix: string) => ({ classification: { supply, mix } });
    expect(factorChoiceItems(field('device', 'grid_country'), [row('location_based', 'FR'), row('supplier_specific', 'Green Hydro'), row('location_based', 'DE')])).toEqual([{ mix: 'DE' }, { mix: 'FR' }]);
  });

  it('gives standard users their own trips to edit and their own member row to view; sums the headcount up by FTE', () => {
    expect(MODULES.professional_travel).toMatchObject({ ownRows: ['view', 'edit'], summary: 'emissions' });
    expect(MODULES.headcount).toMatchObject({ ownRows: ['view'], summary: 'fte' });
    expect(peopleEntryType()).toBe(ENTRY_TYPES.member);
  });
});

describe('the registry as data', () => {
  it('is plain JSON: modules, entry types with fields and emission types, factor sets, categories', () => {
    const view = serializeRegistry();
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    expect(view.scopes).toEqual([1, 2, 3]);
    expect(view.modules.map((m) => m.type)).toEqual([...MODULE_TYPES]);
    expect(view.entryTypes.map((t) => t.type)).toEqual([...DATA_ENTRY_TYPES]);
    const plane = view.entryTypes.find((t) => t.type === 'plane')!;
    expect(plane).toMatchObject({ factorSets: ['plane'], emissionTypes: [{ type: 'plane', scope: 3, category: 'business_travel' }] });
    expect(plane.fields.find((f) => f.key === 'cabin_class')).toMatchObject({ type: 'select', options: ['economy', 'business', 'first'] });
    expect(view.factorSets.find((s) => s.name === 'member')).toMatchObject({ module: 'headcount', keys: ['category'], values: ['kg_co2eq_per_fte'], optional: true, columns: ['category', 'kg_co2eq_per_fte', 'uncertainty_pct', 'edition', 'boundary', 'source'], optionalColumns: ['uncertainty_pct', 'edition', 'boundary'], uncertaintyClass: 'very_high', uncertaintyClassPct: 80 });
    expect(view.categories.find((c) => c.key === 'purchased_electricity')).toEqual({ key: 'purchased_electricity', scope: 2, i18nKey: 'reporting.categories.purchased_electricity' });
  });
});

describe('schemas derived from the registry', () => {
  const plane = createSchema(ENTRY_TYPES.plane!);

  it('applies defaults and upper-cases IATA codes', () => {
    const r = plane.safeParse({ origin: 'gva', destination: 'JFK', traveler_id: 1 });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ origin: 'GVA', destination: 'JFK', cabin_class: 'economy', number_of_trips: 1, round_trip: false });
  });

  it('accepts a trip without traveler_id at the API level (deprecated path)', () => {
    expect(plane.safeParse({ origin: 'GVA', destination: 'JFK', traveler_name: 'Ann' }).success).toBe(true);
  });

  it.each([
    ['origin', undefined, 'is required'],
    ['origin', 'GENEVA', 'must be a three-letter IATA airport code'],
    ['cabin_class', 'premium', 'must be one of: economy, business, first'],
    ['number_of_trips', 0, 'must be at least 1'],
    ['number_of_trips', 1.5, 'must be a whole number'],
    ['number_of_trips', 1001, 'must be at most 1000'],
    ['number_of_trips', '2', 'must be a whole number'],
    ['round_trip', 'yes', 'must be true or false'],
    ['departure_date', '2025-13-01', 'must be a date (YYYY-MM-DD)'],
    ['departure_date', '1800-01-01', 'must be between 1990-01-01 and 2100-12-31'],
    ['traveler_id', 0, 'must be at least 1'],
    ['traveler_id', 'abc', 'must be a whole number'],
    ['traveler_name', 'x'.repeat(201), 'must be at most 200 characters'],
  ])('plane %s = %j → "%s"', (key, value, message) => {
    const body: Record<string, unknown> = { origin: 'GVA', destination: 'JFK', traveler_id: 1, [key]: value };
    if (value === undefined) delete body[key];
    expect(errorsOf(plane.safeParse(body))[key]).toBe(message);
  });

  it.each([
    ['user_institutional_id', '01234', 'must be a person number (digits, no leading zero)'],
    ['user_institutional_id', 'A1', 'must be a person number (digits, no leading zero)'],
    ['name', '', 'is required'],
    ['fte', 1.2, 'must be at most 1'],
    ['fte', -0.1, 'must be at least 0'],
    ['fte', 'full', 'must be a number'],
  ])('member %s = %j → "%s"', (key, value, message) => {
    const body = { user_institutional_id: '123', name: 'Ann', fte: 1, [key]: value };
    expect(errorsOf(createSchema(ENTRY_TYPES.member!).safeParse(body))[key]).toBe(message);
  });

  it('takes a unit among those a unit field allows, in any case, like a select', () => {
    const unit = fieldSchema({ key: 'fuel_unit', type: 'unit', i18nKey: 'x', units: { allowed: ['kwh', 'm3', 'litre'], base: 'kwh' } });
    expect(unit.safeParse(' M3 ').data).toBe('m3');
    expect(errorsOf(unit.safeParse('barrel'))['']).toBe('must be one of: kwh, m3, litre');
    expect(errorsOf(unit.safeParse(undefined))['']).toBe('is required');
  });

  it('takes only the units the entry\'s option allows, on create (the update checks the merged entry)', () => {
    const heating = createSchema(ENTRY_TYPES.heating!);
    expect(heating.safeParse({ site: 'Lab', carrier: 'natural_gas', quantity: 100, quantity_unit: 'M3' }).success).toBe(true);
    expect(errorsOf(heating.safeParse({ site: 'Lab', carrier: 'natural_gas', quantity: 100, quantity_unit: 'litre' })).quantity_unit).toBe('must be one of: kwh, mwh, m3 (for carrier natural_gas)');
    expect(errorsOf(heating.safeParse({ site: 'Lab', carrier: 'district_heating', quantity: 100, quantity_unit: 'tonne' })).quantity_unit).toBe('must be one of: kwh, mwh (for carrier district_heating)');
    const unit = ENTRY_TYPES.heating!.fields.find((f) => f.key === 'quantity_unit')!;
    expect(unitsFor(unit, { carrier: 'wood_pellets' })).toEqual(['kwh', 'mwh', 'kg', 'tonne']);
    expect(unitsFor(unit, {})).toEqual(['kwh', 'mwh', 'm3', 'litre', 'kg', 'tonne']);
    expect(entryRuleIssues(ENTRY_TYPES.heating!, { carrier: 'heating_oil', quantity_unit: 'm3' })).toEqual([
      {
        field: 'quantity_unit',
        message: 'must be one of: kwh, mwh, litre (for carrier heating_oil)',
        code: 'unit_not_allowed',
        params: { units: 'kwh, mwh, litre', field: 'carrier', option: 'heating_oil' },
      },
    ]);
  });

  it('offers a factorChoices field the values of the year\'s rows that match the entry', () => {
    const mix = ENTRY_TYPES.electricity!.fields.find((f) => f.key === 'mix')!;
    const row = (supply: string, m: string) => ({ classification: { supply, mix: m } });
    const items = factorChoiceItems(mix, [row('location_based', 'FR'), row('location_based', 'DE'), row('supplier_specific', 'Green Hydro'), row('location_based', 'DE')]);
    expect(items).toEqual([
      { mix: 'DE', supply: 'location_based' },
      { mix: 'FR', supply: 'location_based' },
      { mix: 'Green Hydro', supply: 'supplier_specific' },
    ]);
    expect(factorChoiceValues(mix, items, { supply: 'location_based' })).toEqual(['DE', 'FR']);
    expect(factorChoiceValues(mix, items, { supply: 'supplier_specific' })).toEqual(['Green Hydro']);
    expect(factorChoiceValues(mix, items, {})).toEqual([]);
  });

  it('takes a country code a grid field does not offer (its grid reads the world average), never a contract name', () => {
    const mix = ENTRY_TYPES.electricity!.fields.find((f) => f.key === 'mix')!;
    expect(factorChoiceTakesAnyCountry(mix, { supply: 'location_based' })).toBe(true);
    expect(typedFactorChoice(mix, { supply: 'location_based' }, ' br ')).toBe('BR');
    expect(typedFactorChoice(mix, { supply: 'location_based' }, 'Brazil')).toBeNull();
    // A supplier's factor is picked among the uploaded ones: a typed name would find no row.
    expect(factorChoiceTakesAnyCountry(mix, { supply: 'supplier_specific' })).toBe(false);
    expect(typedFactorChoice(mix, { supply: 'supplier_specific' }, 'BR')).toBeNull();
    for (const [type, key] of [['device', 'grid_country'], ['compute_use', 'grid_country'], ['ai_service', 'grid_country']] as const) {
      expect(typedFactorChoice(field(type, key), {}, 'br'), type).toBe('BR');
    }
    expect(typedFactorChoice(ENTRY_TYPES.plane!.fields[0]!, {}, 'BR')).toBeNull();
  });

  it('refuses unknown fields, naming them', () => {
    const r = plane.safeParse({ origin: 'GVA', destination: 'JFK', traveler_id: 1, seat: '12A' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('unknown field: seat');
  });

  it('update: any subset, no defaults, required fields cannot be cleared', () => {
    const update = updateSchema(ENTRY_TYPES.plane!);
    expect(update.safeParse({ round_trip: true }).data).toEqual({ round_trip: true });
    expect(update.safeParse({ origin: null }).success).toBe(false);
    expect(update.safeParse({ departure_date: null }).success).toBe(true);
  });
});

describe('dates of the report year', () => {
  const plane = ENTRY_TYPES.plane!;
  it('bounds dated fields by the year unless the entry type allows any year', () => {
    expect(reportYearDates(plane, 2032)).toEqual({ min: '2032-01-01', max: '2032-12-31' });
    expect(reportYearIssues(plane, { departure_date: '2019-05-01' }, 2032)).toEqual([{ field: 'departure_date', message: 'must be a date in 2032, the year of the report', code: 'date_outside_report_year', params: { year: 2032 } }]);
    expect(reportYearIssues(plane, { departure_date: '2032-12-31' }, 2032)).toEqual([]);
    expect(reportYearIssues(plane, { departure_date: null }, 2032)).toEqual([]);
    const anyYear = { ...plane, datesOutsideYear: true };
    expect(reportYearDates(anyYear, 2032)).toBeNull();
    expect(reportYearIssues(anyYear, { departure_date: '2019-05-01' }, 2032)).toEqual([]);
    expect(serializeRegistry().entryTypes.find((t) => t.type === 'plane')!.datesOutsideYear).toBe(false);
  });

  it('refuses a year after the report year in a field that says so (a device cannot be acquired later), whatever the dates may do', () => {
    const device = ENTRY_TYPES.device!;
    const after = (year: number) => [{ field: 'acquisition_year', message: `must be ${year} or earlier, the year of the report`, code: 'year_after_report_year', params: { year } }];
    expect(reportYearIssues(device, { acquisition_year: 2027 }, 2025)).toEqual(after(2025));
    expect(reportYearIssues(device, { acquisition_year: 2100 }, 2025)).toEqual(after(2025));
    expect(reportYearIssues(device, { acquisition_year: 2025 }, 2025)).toEqual([]);
    expect(reportYearIssues(device, { acquisition_year: 1990 }, 2025)).toEqual([]);
    expect(reportYearIssues({ ...device, datesOutsideYear: true }, { acquisition_year: 2027 }, 2025)).toEqual(after(2025));
    expect(serializeRegistry().entryTypes.find((t) => t.type === 'device')!.fields.find((f) => f.key === 'acquisition_year')).toMatchObject({ notAfterReportYear: true });
  });
});

describe('search text folding', () => {
  it('strips accents and case', () => {
    expect(foldSearchText('Zürich')).toBe('zurich');
    expect(foldSearchText('  Genève ')).toBe('geneve');
    expect(foldSearchText('Łódź')).toBe('lodz');
    expect(foldSearchText('Straße')).toBe('strasse');
  });
});
