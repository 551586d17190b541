// The upload step's own checks, before anything is sent (spec 5).
import { describe, expect, it } from 'vitest';
import { CSV_MAX_BYTES } from '../../src/api/contracts/storage.js';
import { checkCsvFiles } from '../../src/panes/module/csv-files.js';

describe('checkCsvFiles', () => {
  it('takes exactly one .csv file below 10 MB', () => {
    expect(checkCsvFiles([{ name: 'equipment.csv', size: 1000 }])).toBeNull();
    expect(checkCsvFiles([{ name: '備品.CSV', size: CSV_MAX_BYTES - 1 }])).toBeNull();
  });
  it('refuses a large file, another type, and ignores several files or none', () => {
    expect(checkCsvFiles([{ name: 'big.csv', size: CSV_MAX_BYTES }])).toBe('size');
    expect(checkCsvFiles([{ name: 'list.xlsx', size: 10 }])).toBe('type');
    expect(checkCsvFiles([{ name: 'csv', size: 10 }])).toBe('type');
    expect(checkCsvFiles([{ name: 'a.csv', size: 1 }, { name: 'b.csv', size: 1 }])).toBe('several');
    expect(checkCsvFiles([])).toBe('none');
  });
});
