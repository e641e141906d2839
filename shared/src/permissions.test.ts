import { describe, expect, it } from 'vitest';
import { moduleAccess, permissionsFor, unitsInMap, canEditModuleStatus } from './permissions';

describe('permissionsFor', () => {
  it('grants a standard user only their own rows', () => {
    const map = permissionsFor([{ role: 'standard', unitId: 7 }]);
    expect(moduleAccess(map, 'professional_travel', 7, 'edit')).toEqual({ all: false, own: true });
    expect(moduleAccess(map, 'headcount', 7, 'edit')).toEqual({ all: false, own: false });
    expect(moduleAccess(map, 'headcount', 7, 'view')).toEqual({ all: false, own: true });
    expect(moduleAccess(map, 'professional_travel', 8, 'view')).toEqual({ all: false, own: false });
  });

  it('grants a principal their whole unit, and module status', () => {
    const map = permissionsFor([{ role: 'principal', unitId: 7 }]);
    expect(moduleAccess(map, 'headcount', 7, 'sync')).toEqual({ all: true, own: true });
    expect(canEditModuleStatus(map, 7)).toBe(true);
    expect(canEditModuleStatus(map, 8)).toBe(false);
  });

  it('merges several grants and keeps action order', () => {
    const map = permissionsFor([
      { role: 'standard', unitId: 7 },
      { role: 'principal', unitId: 9 },
    ]);
    expect(unitsInMap(map)).toEqual({ allUnits: false, unitIds: [7, 9] });
  });

  it('gives back-office every unit', () => {
    const map = permissionsFor([{ role: 'backoffice', unitId: null }]);
    expect(unitsInMap(map).allUnits).toBe(true);
    expect(moduleAccess(map, 'headcount', 123, 'sync').all).toBe(true);
    expect(map['backoffice.users']).toBeUndefined();
  });

  it('ignores unit-scoped roles without a unit', () => {
    expect(permissionsFor([{ role: 'principal', unitId: null }])).toEqual({});
  });
});
