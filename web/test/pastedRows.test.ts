// Rows pasted from a spreadsheet become the CSV file an upload of them would be.
import { describe, expect, it } from 'vitest';
import { pastedRowsToCsv, tabRows } from '../src/utils/pastedRows';

const COLUMNS = ['description', 'device_type', 'count', 'acquisition_year'];

describe('pasted rows', () => {
  it('are split into cells by tabs and rows by line breaks (Windows or not), empty rows dropped', () => {
    expect(tabRows('a\tb\r\nc\td\n\n\te\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['', 'e'],
    ]);
  });

  it('keep a quoted cell whole, its tabs, line breaks and doubled quotes included', () => {
    expect(tabRows('"Lab ""A""\tnorth\nwing"\tlaptop\n')).toEqual([['Lab "A"\tnorth\nwing', 'laptop']]);
  });

  it('without a header, are read in the template’s column order under its header', () => {
    const file = pastedRowsToCsv('Staff laptops\tlaptop\t3\t2023\nScreens, 27"\tmonitor\t2\t2024', COLUMNS)!;
    expect(file).toMatchObject({ rows: 2, hadHeader: false });
    expect(file.csv).toBe('description,device_type,count,acquisition_year\r\nStaff laptops,laptop,3,2023\r\n"Screens, 27""",monitor,2,2024\r\n');
  });

  it('with the template’s header (any case, any order), keep it', () => {
    const file = pastedRowsToCsv('Count\tDescription\n3\tStaff laptops', COLUMNS)!;
    expect(file).toMatchObject({ rows: 1, hadHeader: true });
    expect(file.csv).toBe('Count,Description\r\n3,Staff laptops\r\n');
  });

  it('keep a value a spreadsheet would read as a formula as it is: the pipeline checks it like any cell', () => {
    expect(pastedRowsToCsv('=1+1\tlaptop\t1\t2024', COLUMNS)!.csv).toContain('\r\n=1+1,laptop,1,2024\r\n');
  });

  it('are nothing when only blank lines were pasted', () => {
    expect(pastedRowsToCsv('\n \n\t\n', COLUMNS)).toBeNull();
  });
});
