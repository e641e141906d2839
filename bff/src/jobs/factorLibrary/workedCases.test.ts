// The factor library's newly covered families, worked by hand: each factor value is written here
// next to its source, checked against the row the library gives the year, and the entry's figure
// computed through the registry's formula with the library's rows of that year.
import { describe, expect, it } from 'vitest';
import { ENTRY_TYPES, FACTOR_SETS, factorSetsUsedBy, type EntryData, type FactorRow } from '@carbon/shared';
import { readLibrary, resolveLibrary } from '.';

const library = resolveLibrary(readLibrary());
let nextId = 1;
const ids = new Map<string, number>();
/** The library's rows of a set for a year, as the formulas read them (ids stable per row). */
function rows(set: string, year: number): FactorRow[] {
  return library
    .filter((f) => f.set === set && f.year === year)
    .map((f) => {
      const key = `${set}/${year}/${JSON.stringify(f.classification)}`;
      if (!ids.has(key)) ids.set(key, nextId++);
      return { id: ids.get(key)!, classification: f.classification, values: f.values };
    });
}
/** The value the library gives a classification for a year. */
function value(set: string, year: number, classification: Record<string, string>, key: string): number | undefined {
  return library.find((f) => f.set === set && f.year === year && Object.entries(classification).every(([k, v]) => f.classification[k] === v))?.values[key];
}
function compute(type: string, year: number, data: EntryData) {
  const t = ENTRY_TYPES[type]!;
  const sets = Object.fromEntries(factorSetsUsedBy(t).map((s) => [s, rows(s, year)]));
  return t.computeEmissions({ data, year, locations: {}, factors: sets[type]!, factorSets: sets });
}

describe('cars, taxi, ferry by road and sea (UK DESNZ 2025, direct + well-to-tank, per vehicle-km for cars and taxis)', () => {
  // 120 km one way, round trip, alone: 240 km.
  it.each([
    ['car_petrol', 0.20871], // Average car, petrol 0.16272 + WTT 0.04599
    ['car_diesel', 0.2145], // Average car, diesel
    ['car_hybrid', 0.1614], // Average car, hybrid
    ['car_battery_electric', 0.05096], // Average car, battery electric (UK grid charging, with T&D)
    ['car_unknown', 0.21124], // Average car, unknown fuel
    ['taxi', 0.25982], // Regular taxi, per vehicle-km
  ])('%s: 240 km × %f kg CO2e per km', (mode, perKm) => {
    expect(value('road_sea', 2025, { mode }, 'kg_co2eq_per_km')).toBe(perKm);
    const [e] = compute('road_sea', 2025, { mode, distance_km: 120, round_trip: true, number_of_trips: 1 });
    expect(e!.kg_co2eq).toBeCloseTo(240 * perKm, 9);
  });

  it('a car shared by three: 240 km × 0.20871 ÷ 3 = 16.6968 kg', () => {
    const [e] = compute('road_sea', 2025, { mode: 'car_petrol', distance_km: 120, round_trip: true, number_of_trips: 1, occupancy: 3 });
    expect(e!.kg_co2eq).toBeCloseTo(16.6968, 9);
  });

  it('a ferry crossing on foot: 2 × 85 km × 0.02295 (DESNZ 2025, ferry foot passenger 0.01871 + WTT 0.00424) = 3.9015 kg', () => {
    expect(value('road_sea', 2025, { mode: 'ferry_foot' }, 'kg_co2eq_per_km')).toBe(0.02295);
    const [e] = compute('road_sea', 2025, { mode: 'ferry_foot', distance_km: 85, round_trip: true, number_of_trips: 1 });
    expect(e!.kg_co2eq).toBeCloseTo(3.9015, 9);
  });
});

describe('commuting modes (one way 8 km, 5 days a week, 40 weeks: 3,200 km)', () => {
  const response = (mode: string, more: EntryData = {}) => compute('commute', 2025, { mode, distance_km: 8, days_per_week: 5, weeks_per_year: 40, ...more })[0]!;

  it('motorbike: 3,200 km × 0.14323 (DESNZ 2025, average motorbike 0.11367 + WTT 0.02956) = 458.336 kg', () => {
    expect(value('commute', 2025, { mode: 'motorbike' }, 'kg_co2eq_per_km')).toBe(0.14323);
    expect(response('motorbike').kg_co2eq).toBeCloseTo(458.336, 9);
  });

  it('e-bike: 3,200 km × 0.00223 (ADEME Base Empreinte element 28331, charging electricity) = 7.136 kg', () => {
    expect(value('commute', 2025, { mode: 'ebike' }, 'kg_co2eq_per_km')).toBe(0.00223);
    expect(response('ebike').kg_co2eq).toBeCloseTo(7.136, 9);
  });

  it('tram or metro: 3,200 km × 0.03609 (DESNZ 2025, light rail and tram + WTT) = 115.488 kg', () => {
    expect(value('commute', 2025, { mode: 'tram_metro' }, 'kg_co2eq_per_km')).toBe(0.03609);
    expect(response('tram_metro').kg_co2eq).toBeCloseTo(115.488, 9);
  });

  it('train, the country’s factor: in Switzerland 3,200 km × 0.007 (Mobitool v3.0) = 22.4 kg; in France × 0.0023 (ADEME TGV) = 7.36 kg', () => {
    expect(value('train', 2025, { country: 'CH' }, 'kg_co2eq_per_km')).toBe(0.007);
    expect(response('train', { country: 'CH' }).kg_co2eq).toBeCloseTo(22.4, 9);
    expect(response('train', { country: 'FR' }).kg_co2eq).toBeCloseTo(7.36, 9);
  });

  it('train in a country without its own factor (Poland), or none given: the world average 0.037 (GES 1point5 international train), said so', () => {
    const pl = response('train', { country: 'PL' });
    expect(pl.kg_co2eq).toBeCloseTo(3200 * 0.037, 9);
    expect(pl.meta).toMatchObject({ train_country: 'RoW', world_average_for: 'PL' });
    expect(response('train').meta).toMatchObject({ train_country: 'RoW', world_average_for: 'unknown' });
  });
});

describe('heating fuels (UK DESNZ 2025, combustion + well-to-tank, net calorific value)', () => {
  const heat = (carrier: string, quantity: number, quantity_unit: string) => compute('heating', 2025, { site: 'Lab', carrier, quantity, quantity_unit })[0]!;

  it('heating oil, 1,500 litres: × 10.0975 kWh per litre = 15,146.25 kWh × 0.33579 = 5,085.979 kg (scope 1)', () => {
    expect(value('heating', 2025, { carrier: 'heating_oil' }, 'kg_co2eq_per_kwh')).toBe(0.33579);
    expect(value('heating', 2025, { carrier: 'heating_oil' }, 'kwh_per_litre')).toBe(10.0975);
    const e = heat('heating_oil', 1500, 'litre');
    expect(e.quantity).toBeCloseTo(15_146.25, 6);
    expect(e.kg_co2eq).toBeCloseTo(15_146.25 * 0.33579, 6);
    expect(e.emission_type).toBe('fuel_combustion');
  });

  it('wood pellets, 2,000 kg: × 4.79947 kWh per kg × 0.0483791 kg per kWh = 464.391 kg, the published per-tonne figure 232.1958 × 2', () => {
    expect(value('heating', 2025, { carrier: 'wood_pellets' }, 'kwh_per_kg')).toBe(4.79947);
    const e = heat('wood_pellets', 2000, 'kg');
    expect(e.kg_co2eq).toBeCloseTo(2000 * 4.79947 * 0.0483791, 6);
    expect(e.kg_co2eq! / 2).toBeCloseTo(232.196, 2);
  });

  it('district heating, 50 MWh: 50,000 kWh × 0.21991 (DESNZ 2025 heat and steam, with distribution losses and upstream) = 10,995.5 kg (scope 2)', () => {
    expect(value('heating', 2025, { carrier: 'district_heating' }, 'kg_co2eq_per_kwh')).toBe(0.21991);
    const e = heat('district_heating', 50, 'mwh');
    expect(e.kg_co2eq).toBeCloseTo(10_995.5, 6);
    expect(e.emission_type).toBe('district_heating');
  });
});

describe('electricity in three countries (Ember, life-cycle intensity of generation, data year 2024 for 2025)', () => {
  const use = (mix: string) => compute('electricity', 2025, { site: 'Lab', consumption: 100, consumption_unit: 'mwh', supply: 'location_based', mix })[0]!;
  it.each([
    ['CH', 0.0366], // Switzerland, 36.6 g/kWh
    ['DE', 0.34414], // Germany, 344.14 g/kWh
    ['FR', 0.04418], // France, 44.18 g/kWh
  ])('%s: 100 MWh × %f kg per kWh', (mix, perKwh) => {
    expect(value('electricity', 2025, { supply: 'location_based', mix }, 'kg_co2eq_per_kwh')).toBe(perKwh);
    expect(library.find((f) => f.set === 'electricity' && f.year === 2025 && f.classification.mix === mix)!.edition).toBe(2024);
    expect(use(mix).kg_co2eq).toBeCloseTo(100_000 * perKwh, 6);
  });

  it('a country without its own row (Brazil) reads the world average, 0.47299, and says so', () => {
    const e = use('BR');
    expect(e.kg_co2eq).toBeCloseTo(100_000 * 0.47299, 6);
    expect(e.meta).toMatchObject({ world_average_for: 'BR' });
  });
});

describe('a purchase in a foreign currency of another year', () => {
  it('2024, 5,000 USD of chemicals: × 0.92389 EUR per USD (ECB 2024 average) = 4,619.45 EUR of 2024, × 104.80 / 126.07 (euro-area HICP 2019 / 2024) = 3,840.06 EUR of 2019, × 0.45 kg per euro (Labos 1point5, chemicals) = 1,728.03 kg', () => {
    expect(value('exchange_rate', 2024, { currency: 'USD' }, 'eur_per_unit')).toBe(0.92389);
    expect(value('price_index', 2024, { index_year: '2019' }, 'hicp')).toBe(104.8);
    expect(value('price_index', 2024, { index_year: '2024' }, 'hicp')).toBe(126.07);
    expect(value('purchase', 2024, { category: 'chemicals' }, 'kg_co2eq_per_eur')).toBe(0.45);
    const [e] = compute('purchase', 2024, { description: 'Solvents', category: 'chemicals', amount: 5000, currency: 'USD', purchase_date: '2024-05-02' });
    const eur2019 = ((5000 * 0.92389) * 104.8) / 126.07;
    expect(e!.kg_co2eq).toBeCloseTo(eur2019 * 0.45, 9);
    expect(e!.kg_co2eq).toBeCloseTo(1728.03, 2);
    expect(e!.meta).toMatchObject({ currency_year: 2019, eur: 5000 * 0.92389 });
  });

  it('with a NACRES code the code’s own published ratio is used: NB02 (micropipette tips) 0.49 kg per 2019 euro', () => {
    expect(value('purchase_nacres', 2024, { nacres_code: 'NB02' }, 'kg_co2eq_per_eur')).toBe(0.49);
    const [e] = compute('purchase', 2024, { description: 'Tips', category: 'liquid_handling', nacres_code: 'nb02', amount: 1000, currency: 'EUR', purchase_date: '2024-05-02' });
    expect(e!.kg_co2eq).toBeCloseTo(((1000 * 104.8) / 126.07) * 0.49, 9);
    expect(e!.meta).toMatchObject({ nacres_code: 'NB02', ratio_of: 'nacres_code' });
  });

  it('2026: its annual HICP is not published yet, so the 2025 index (128.75) stands in, and the meta says which', () => {
    const [e] = compute('purchase', 2026, { description: 'Solvents', category: 'chemicals', amount: 1000, currency: 'EUR', purchase_date: '2026-02-01' });
    expect(e!.kg_co2eq).toBeCloseTo(((1000 * 104.8) / 128.75) * 0.45, 9);
    expect(e!.meta).toMatchObject({ price_index_from: { classification: { index_year: '2025' } } });
  });
});

describe('AI services by request', () => {
  it('Mistral Le Chat, 50,000 responses × 0.00114 kg (its life-cycle assessment with Carbone 4 and ADEME, 2025) = 57 kg', () => {
    expect(value('ai_service', 2025, { service: 'mistral_le_chat_text' }, 'kg_co2eq_per_request')).toBe(0.00114);
    expect(compute('ai_service', 2025, { description: 'Writing', service: 'mistral_le_chat_text', requests: 50_000 })[0]!.kg_co2eq).toBeCloseTo(57, 9);
  });

  it('Google Gemini, 50,000 prompts × 0.24 Wh (Google, 2025) = 12 kWh × the US grid (Ember, 0.38) ', () => {
    expect(value('ai_service', 2025, { service: 'google_gemini_text' }, 'wh_per_request')).toBe(0.24);
    const us = value('electricity', 2025, { supply: 'location_based', mix: 'US' }, 'kg_co2eq_per_kwh')!;
    const [e] = compute('ai_service', 2025, { description: 'Search', service: 'google_gemini_text', requests: 50_000, grid_country: 'US' });
    expect(e!.kg_co2eq).toBeCloseTo(12 * us, 9);
  });
});

describe('devices (EcoInfo Ecodiag device table, sopht-com/ecodiag src/devices.js @860b144, 2022 edition; embodied over the lifetime)', () => {
  // Two devices bought in the report's year: that year bears 1 / lifetime of their making.
  it.each([
    ['laptop', 260, 3], // grey_CO2 mean 260 kg, duration 3 years
    ['desktop', 350, 4], // desktop PC without screen, 350 kg, 4 years
    ['monitor', 430, 5], // screen, 430 kg, 5 years
    ['server', 1300, 5], // server, 1,300 kg, 5 years
    ['smartphone', 63, 1.5], // 63 kg, 1.5 years: values the table itself marks as provisional
    ['tablet', 150, 2], // 150 kg, 2 years
    ['printer', 500, 3], // 200 kg (average laser printer) + 300 kg (its toners) = 500 kg, 3 years: marked provisional too
  ])('%s: 2 × %f kg ÷ %f years', (deviceType, kg, years) => {
    expect(value('device', 2025, { device_type: deviceType }, 'kg_co2eq_per_device')).toBe(kg);
    expect(value('device', 2025, { device_type: deviceType }, 'lifetime_years')).toBe(years);
    const embodied = compute('device', 2025, { device_type: deviceType, count: 2, acquisition_year: 2025 }).find((e) => e.emission_type === 'device_embodied')!;
    expect(embodied.kg_co2eq).toBeCloseTo((2 * kg) / years, 9);
  });
});

describe('refrigerant leaks (IPCC AR6 WG1 2021, Table 7.SM.7, GWP-100)', () => {
  it('2 kg of R-134a leaked: 2 × 1,530 = 3,060 kg', () => {
    expect(value('refrigerant', 2025, { gas: 'r134a' }, 'gwp100')).toBe(1530);
    expect(compute('refrigerant', 2025, { gas: 'r134a', leaked_kg: 2 })[0]!.kg_co2eq).toBeCloseTo(3060, 9);
  });
});

describe('computing and cloud spend', () => {
  it('1,000 GPU-hours of an unnamed GPU in Germany: 1,000 h × 200 W (Green Algorithms v3.0, TDP_gpu "Any") = 200 kWh × PUE 1.56 (Uptime Institute 2024 survey) × 0.34414 (Ember, DE) = 107.37168 kg', () => {
    expect(value('compute_use', 2025, { resource: 'gpu_any' }, 'watts')).toBe(200);
    expect(value('data_centre_pue', 2025, { basis: 'industry_average' }, 'pue')).toBe(1.56);
    const [e] = compute('compute_use', 2025, { resource: 'gpu_any', quantity: 1000, grid_country: 'DE' });
    expect(e!.kg_co2eq).toBeCloseTo(200 * 1.56 * 0.34414, 9);
  });

  it('1,000 euros of cloud compute in 2019 (the ratio\'s own currency year): × 0.13 kg per euro (Labos 1point5, IT services median) = 130 kg', () => {
    expect(value('cloud_spend', 2019, { service_kind: 'compute' }, 'kg_co2eq_per_eur')).toBe(0.13);
    const [e] = compute('cloud_spend', 2019, { service_kind: 'compute', amount: 1000, currency: 'EUR' });
    expect(e!.kg_co2eq).toBeCloseTo(130, 9);
  });
});

describe('method errors corrected', () => {
  it('first class on short and medium haul is priced as business: DESNZ publishes no short-haul first-class line', () => {
    for (const band of ['short', 'medium']) {
      expect(value('plane', 2025, { band, cabin_class: 'first' }, 'kg_co2eq_per_km')).toBe(value('plane', 2025, { band, cabin_class: 'business' }, 'kg_co2eq_per_km'));
    }
    // Long haul: DESNZ's first / economy with RF, 0.8004 / 0.20011.
    expect(value('plane', 2025, { band: 'long', cabin_class: 'first' }, 'kg_co2eq_per_km')).toBeCloseTo(0.1517 * (0.8004 / 0.20011), 5);
  });

  it('the laptop lasts 3 years, as the Ecodiag table it cites says since October 2021 (it said 4 before)', () => {
    expect(value('device', 2025, { device_type: 'laptop' }, 'lifetime_years')).toBe(3);
  });

  it('natural gas counts its upstream like the other fuels: DESNZ 2025 combustion + well-to-tank, 0.23617 kg per kWh', () => {
    expect(value('heating', 2025, { carrier: 'natural_gas' }, 'kg_co2eq_per_kwh')).toBe(0.23617);
    expect(library.filter((f) => f.set === 'heating').every((f) => f.boundary === 'with_upstream')).toBe(true);
  });

  it('every country’s grid row is on one basis (Ember, life cycle)', () => {
    expect(new Set(library.filter((f) => f.set === 'electricity').map((f) => f.boundary))).toEqual(new Set(['life_cycle']));
    expect(FACTOR_SETS.electricity!.coverage).toMatchObject({ countryKey: 'mix' });
  });
});
