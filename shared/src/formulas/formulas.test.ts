import { describe, expect, it } from 'vitest';
import {
  EARTH_RADIUS_KM,
  haversineKm,
  legCount,
  memberEmissionKg,
  PLANE_UPLIFT_KM,
  planeBand,
  planeDistance,
  REST_OF_WORLD,
  TRAIN_DETOUR_FACTOR,
  trainDistance,
  trainFactorCountry,
} from '../index';

describe('great-circle distance', () => {
  it('is zero for one point and symmetric', () => {
    const a = { lat: 46.2, lon: 6.1 };
    const b = { lat: 40.6, lon: -73.8 };
    expect(haversineKm(a, a)).toBe(0);
    expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 9);
  });

  it('uses R = 6371 km: a quarter meridian is πR/2', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 90, lon: 0 })).toBeCloseTo((Math.PI * 6371) / 2, 6);
  });

  it('handles antipodes without NaN', () => {
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6371, 6);
  });
});

describe('trips', () => {
  it('counts each trip once, a round trip twice', () => {
    expect(legCount(1, false)).toBe(1);
    expect(legCount(1, true)).toBe(2);
    expect(legCount(3, true)).toBe(6);
  });
});

describe('plane', () => {
  it('adds 95 km to the one-way great-circle distance', () => {
    expect(PLANE_UPLIFT_KM).toBe(95);
    const d = planeDistance({ lat: 0, lon: 0 }, { lat: 0, lon: 1 }, 1, false);
    expect(d.correctedOneWayKm).toBeCloseTo(d.greatCircleKm + 95, 9);
  });

  it('bands on the corrected one-way distance: <1000, 1000–3500, >3500', () => {
    expect(planeBand(999.9)).toBe('short');
    expect(planeBand(1000)).toBe('medium');
    expect(planeBand(3500)).toBe('medium');
    expect(planeBand(3500.1)).toBe('long');
  });

  it('bands on one way even when the total is long', () => {
    // ~556 km great circle + 95 → short, though 10 round trips make over 13,000 km
    const d = planeDistance({ lat: 0, lon: 0 }, { lat: 0, lon: 5 }, 10, true);
    expect(d.band).toBe('short');
    expect(d.legs).toBe(20);
    expect(d.totalKm).toBeCloseTo(d.correctedOneWayKm * 20, 6);
  });

  it('a 950 km flight lands in the medium band once the uplift is added', () => {
    const lonFor950 = (950 / (Math.PI * 6371)) * 180;
    expect(planeDistance({ lat: 0, lon: 0 }, { lat: 0, lon: lonFor950 }, 1, false).band).toBe('medium');
  });

});

describe('train', () => {
  it('multiplies the great-circle distance by 1.2', () => {
    expect(TRAIN_DETOUR_FACTOR).toBe(1.2);
    const d = trainDistance({ lat: 46, lon: 6 }, { lat: 47, lon: 8 }, 2, true);
    expect(d.oneWayKm).toBeCloseTo(d.greatCircleKm * 1.2, 9);
    expect(d.totalKm).toBeCloseTo(d.oneWayKm * 4, 9);
  });

  const has = (countries: string[]) => (c: string) => countries.includes(c);
  it('uses the country when both ends are in it', () => {
    expect(trainFactorCountry('CH', 'CH', has(['CH', 'FR']))).toBe('CH');
  });
  it('uses the destination country across a border', () => {
    expect(trainFactorCountry('CH', 'FR', has(['CH', 'FR']))).toBe('FR');
  });
  it('falls back to rest of world when the country has no factor', () => {
    expect(trainFactorCountry('CH', 'PL', has(['CH', 'FR']))).toBe(REST_OF_WORLD);
    expect(trainFactorCountry('PL', 'PL', has(['CH']))).toBe('RoW');
  });
});

describe('member', () => {
  it('scales the sum of per-FTE factors by FTE', () => {
    expect(memberEmissionKg(0.5, [100, 20])).toBe(60);
  });
  it('has no figure without any per-FTE factor, never a zero', () => {
    expect(memberEmissionKg(1, [])).toBeNull();
    expect(memberEmissionKg(0, [])).toBeNull();
  });
});
