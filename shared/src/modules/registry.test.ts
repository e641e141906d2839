import { describe, expect, it } from 'vitest';
import {
  createSchema,
  ENTRY_TYPES,
  entryTypesOf,
  FIELD_TYPES,
  findEntryType,
  findModule,
  foldSearchText,
  MODULE_TYPES,
  MODULES,
  updateSchema,
} from '../index';

const field = (type: string, key: string) => ENTRY_TYPES[type]!.fields.find((f) => f.key === key)!;
const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('registry', () => {
  it('has headcount (member) and professional travel (plane, train)', () => {
    expect(MODULE_TYPES).toEqual(['headcount', 'professional_travel']);
    expect(entryTypesOf('headcount').map((t) => t.type)).toEqual(['member']);
    expect(entryTypesOf('professional_travel').map((t) => t.type)).toEqual(['plane', 'train']);
    expect(findModule('professional-travel')).toBe(MODULES.professional_travel);
    expect(findEntryType('professional_travel', 'plane')).toBe(ENTRY_TYPES.plane);
    expect(findEntryType('headcount', 'plane')).toBeUndefined();
  });

  it.each(['plane', 'train'])('%s: traveler_id is a required, sortable, not inline-editable member select; traveler_name is read-only', (type) => {
    expect(field(type, 'traveler_id')).toMatchObject({ type: 'headcount-member-select', required: true, sortable: true, inlineEditable: false, apiOptional: true });
    expect(field(type, 'traveler_name')).toMatchObject({ type: 'text', readOnly: true });
    expect(ENTRY_TYPES[type]!.csvColumns).toContainEqual({ column: 'person_number', field: 'traveler_id' });
    expect(ENTRY_TYPES[type]!.traveler).toEqual({
      idField: 'traveler_id',
      nameField: 'traveler_name',
      members: { module: 'headcount', entryType: 'member', personNumberField: 'user_institutional_id', nameField: 'name' },
    });
  });

  it('links travelers to a member list that exists: an entry type of that module with both fields', () => {
    for (const t of Object.values(ENTRY_TYPES)) {
      if (!t.traveler) continue;
      const { module, entryType, personNumberField, nameField } = t.traveler.members;
      const members = findEntryType(module, entryType)!;
      expect(members.module).toBe(module);
      expect(members.ownerField).toBe(personNumberField);
      expect(members.fields.map((f) => f.key)).toEqual(expect.arrayContaining([personNumberField, nameField]));
    }
  });

  it('describes every field completely', () => {
    for (const t of Object.values(ENTRY_TYPES)) {
      const keys = t.fields.map((f) => f.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const f of t.fields) {
        expect(FIELD_TYPES).toContain(f.type);
        expect(f.i18nKey).toBe(`modules.${t.module}.fields.${f.key}`);
        if (f.type === 'select') expect(f.options?.length).toBeGreaterThan(0);
        if (f.type === 'location') expect(f.location).toBeDefined();
        // entry views put fields beside these bookkeeping keys
        expect(['id', 'module_type', 'data_entry_type', 'kg_co2eq', 'emissions', 'source', 'created_at', 'updated_at']).not.toContain(f.key);
      }
      for (const c of t.csvColumns) expect(keys).toContain(c.field);
      expect(keys).toContain(t.ownerField);
    }
  });

  it('names its factor classification keys', () => {
    expect(ENTRY_TYPES.plane!.factorKeys).toEqual(['band', 'cabin_class']);
    expect(ENTRY_TYPES.train!.factorKeys).toEqual(['country']);
    expect(ENTRY_TYPES.member!.factorKeys).toEqual(['category']);
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

describe('search text folding', () => {
  it('strips accents and case', () => {
    expect(foldSearchText('Zürich')).toBe('zurich');
    expect(foldSearchText('  Genève ')).toBe('geneve');
    expect(foldSearchText('Łódź')).toBe('lodz');
    expect(foldSearchText('Straße')).toBe('strasse');
  });
});
