// The catalogue of error codes: each code names its params once, `coded` pairs them, and zod's
// issues of the registry's schemas map to codes of the catalogue with the params they declare.
// (Its English and French messages are checked where they live, in web/test/errorCodes.test.ts:
// shared/ may not import the web app.)
import { describe, expect, it } from 'vitest';
import { coded, ERROR_CODES, ERROR_PARAMS, isErrorCode, issueCode } from './errors';
import { createSchema } from './modules/schemas';
import { ENTRY_TYPES } from './modules/registry';

describe('error codes', () => {
  it('are snake_case and name each param once', () => {
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(new Set(ERROR_PARAMS[code]).size, code).toBe(ERROR_PARAMS[code].length);
    }
    expect(isErrorCode('unknown_airport')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(coded('unknown_airport', { code: 'XZQ' })).toEqual({ code: 'unknown_airport', params: { code: 'XZQ' } });
    expect(coded('forbidden')).toEqual({ code: 'forbidden', params: {} });
  });

  it('come out of every schema check of the registry with the params the code declares', () => {
    const plane = createSchema(ENTRY_TYPES.plane!);
    const heating = createSchema(ENTRY_TYPES.heating!);
    const purchase = createSchema(ENTRY_TYPES.purchase!);
    const device = createSchema(ENTRY_TYPES[Object.keys(ENTRY_TYPES).find((t) => ENTRY_TYPES[t]!.fields.some((f) => f.requiredWith))!]!);
    const roadSea = createSchema(ENTRY_TYPES.road_sea!);
    const inputs: [ReturnType<typeof createSchema>, unknown][] = [
      [roadSea, { mode: 'bus', origin: 'Brest', destination: 'Roscoff' }],
      [roadSea, { mode: 'taxi', origin: 'Lausanne' }],
      [plane, {}],
      [plane, { origin: 42, destination: 'GENEVA', cabin_class: 'premium', number_of_trips: 0, round_trip: 'yes', departure_date: '1985-01-01', traveler_id: 1.5, colour: 1 }],
      [plane, { origin: 'GVA', destination: 'JFK', cabin_class: 'economy', number_of_trips: 1001, round_trip: false, departure_date: '2025-02-30', traveler_name: 'x'.repeat(201) }],
      [heating, { site: 'Lab', carrier: 'district_heating', quantity: 5, quantity_unit: 'm3' }],
      [purchase, { description: 'Chairs', category: 'furniture', amount: 0 }],
      [device, { description: 'Freezer', device_type: 'server', count: 1, acquisition_year: 2025, power_w: 300 }],
    ];
    const seen = new Set<string>();
    for (const [schema, input] of inputs) {
      for (const issue of schema.safeParse(input, { reportInput: true }).error?.issues ?? []) {
        const { code, params } = issueCode(issue as Parameters<typeof issueCode>[0]);
        expect(isErrorCode(code), code).toBe(true);
        expect(Object.keys(params).sort(), code).toEqual([...ERROR_PARAMS[code]].sort());
        seen.add(code);
      }
    }
    expect([...seen].sort()).toEqual(
      ['date_out_of_range', 'expected_boolean', 'expected_integer', 'expected_text', 'invalid_date', 'invalid_format', 'not_one_of', 'number_not_above', 'number_too_big', 'number_too_small', 'required', 'required_for_option', 'required_unless', 'required_with', 'text_too_long', 'unit_not_allowed', 'unknown_fields'].sort(),
    );
  });
});
