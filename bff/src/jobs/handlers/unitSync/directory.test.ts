import { describe, expect, it } from 'vitest';
import { PermanentJobError } from '../../types';
import { parseUnitDirectory } from './directory';

describe('parseUnitDirectory', () => {
  it('reads the JSON form with defaults', () => {
    const { units, issues } = parseUnitDirectory(JSON.stringify({ units: [{ institutional_id: 'A', name: 'Lab A', principals: [5, 5, 7] }] }), 'json');
    expect(issues).toEqual([]);
    expect(units).toEqual([{ institutional_id: 'A', name: 'Lab A', parent: null, reporting: true, active: true, principals: [5, 7] }]);
  });

  it('reads the CSV form, principals separated by ; and flags as words', () => {
    const csv = 'Institutional_ID,name,parent,reporting,active,principals\nROOT,Faculty,,no,yes,\nLAB,Lab,ROOT,true,1,12; 13\n';
    const { units, issues } = parseUnitDirectory(csv, 'csv');
    expect(issues).toEqual([]);
    expect(units).toEqual([
      { institutional_id: 'ROOT', name: 'Faculty', parent: null, reporting: false, active: true, principals: [] },
      { institutional_id: 'LAB', name: 'Lab', parent: 'ROOT', reporting: true, active: true, principals: [12, 13] },
    ]);
  });

  it('skips invalid and duplicate entries with their row numbers', () => {
    const csv = 'institutional_id,name,principals\nA,Lab A,\n,No id,\nB,Lab B,abc\nA,Again,\n';
    const { units, issues } = parseUnitDirectory(csv, 'csv');
    expect(units.map((u) => u.institutional_id)).toEqual(['A']);
    expect(issues.map((i) => i.row)).toEqual([3, 4, 5]);
    expect(issues[1]!.message).toMatch(/"abc" is not a person number/);
    expect(issues[2]!.message).toMatch(/listed twice/);
  });

  it('cuts parent cycles and self-parents', () => {
    const { units, issues } = parseUnitDirectory(
      JSON.stringify([
        { institutional_id: 'A', name: 'a', parent: 'B' },
        { institutional_id: 'B', name: 'b', parent: 'A' },
        { institutional_id: 'C', name: 'c', parent: 'C' },
        { institutional_id: 'D', name: 'd', parent: 'A' },
      ]),
      'json',
    );
    const parent = Object.fromEntries(units.map((u) => [u.institutional_id, u.parent]));
    expect(parent).toEqual({ A: null, B: 'A', C: null, D: 'A' });
    expect(issues).toHaveLength(2);
  });

  it('refuses a source that is not a directory at all', () => {
    expect(() => parseUnitDirectory('{not json', 'json')).toThrow(PermanentJobError);
    expect(() => parseUnitDirectory('{"unit": []}', 'json')).toThrow(/"units" list/);
    expect(() => parseUnitDirectory('code,label\nA,B\n', 'csv')).toThrow(/institutional_id and name/);
  });
});
