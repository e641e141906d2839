import { describe, expect, it } from 'vitest';
import { moduleAccess, moduleKey, permissionsFor, unitsInMap, canEditModuleStatus } from './permissions';
import { MODULE_TYPES, MODULES } from './modules/registry';

describe('permissionsFor', () => {
  it('gives a standard user exactly this map for the modules of today', () => {
    expect(permissionsFor([{ role: 'standard', unitId: 7 }])).toEqual({
      'modules.professional_travel/7/own': ['view', 'edit'],
      'modules.headcount/7/own': ['view'],
      'modules.commuting/7/own': ['view', 'edit'],
    });
  });

  it.each([...MODULE_TYPES])("grants a standard user the module's own-row rights from the registry: %s", (m) => {
    const map = permissionsFor([{ role: 'standard', unitId: 7 }]);
    expect(map[moduleKey(m, 7, true)] ?? []).toEqual(MODULES[m].ownRows);
    expect(map[moduleKey(m, 7)]).toBeUndefined();
  });

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
