// Money through Intl in the module panes, and the CSV preview's whole-file
// counts and per-row error tooltip.
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { CsvImportResult, ModuleRow } from '../../src/api/modules/contracts.js';
import { equipment } from '../../src/api/modules/equipment.js';
import { formatCurrency } from '../../src/format.js';
import { displayValue, moneyCurrency } from '../../src/panes/module/fields.js';
import { fileCounts, rowErrors } from '../../src/panes/module/import-csv.js';

const t = ((k: string) => k) as unknown as TFunction;
const row = (extra: Record<string, unknown>): ModuleRow => ({ id: 'x', createdAt: '', updatedAt: '', ...extra });

describe('money', () => {
  it('equipment purchase price is yen, in the console language', () => {
    expect(moneyCurrency(equipment.fields.purchasePrice)).toBe('JPY');
    expect(displayValue(t, 'en-US', equipment, 'purchasePrice', row({ purchasePrice: 123000 }))).toBe('¥123,000');
    expect(displayValue(t, 'ja-JP', equipment, 'purchasePrice', row({ purchasePrice: 123000 }))).toBe(formatCurrency('ja-JP', 123000, 'JPY'));
    expect(displayValue(t, 'ja-JP', equipment, 'purchasePrice', row({ purchasePrice: 123000 }))).toMatch(/^[¥￥]123,000$/);
    expect(displayValue(t, 'en-US', equipment, 'purchasePrice', row({ purchasePrice: null }))).toBe('');
  });

  it("a row's own currencyCode wins; other integers stay plain numbers", () => {
    expect(displayValue(t, 'en-US', equipment, 'purchasePrice', row({ purchasePrice: 1500, currencyCode: 'USD' }))).toBe('$1,500.00');
    expect(moneyCurrency({ kind: 'integer', min: 0 })).toBeNull();
    expect(moneyCurrency(equipment.fields.name)).toBeNull();
  });
});

describe('CSV preview', () => {
  const result: CsvImportResult = {
    headers: [
      { value: '備品名', field: 'name', errors: [] },
      { value: '利用状況', field: 'usageStatus', errors: [] },
      { value: 'メモ', field: 'memo', errors: [] },
    ],
    // One page of two rows out of a file of 250.
    records: [
      { line: 2, isValid: true, action: 'create', values: [{ value: 'a', errors: [] }, { value: '保管中', errors: [] }, { value: '', errors: [] }], recordErrors: [] },
      {
        line: 3,
        isValid: false,
        action: 'create',
        values: [{ value: 'b', errors: [] }, { value: '不明', errors: ['値が正しくありません'] }, { value: '', errors: [] }],
        recordErrors: ['列が多すぎます'],
      },
    ],
    recordCount: 250,
    errors: { rows: 1, cells: 1, headers: 0 },
    summary: { create: 200, update: 40, unchanged: 9 },
    encoding: 'UTF-8',
    jobId: null,
    imported: false,
  };

  it('counts every row and cell of the file, whatever page or filter is shown', () => {
    expect(fileCounts(result)).toEqual({ rows: 250, columns: 3, cells: 750 });
    // Only the error rows shown: still the whole file.
    expect(fileCounts({ ...result, recordCount: 1, records: result.records.slice(1) })).toEqual({ rows: 250, columns: 3, cells: 750 });
    // A missing required header is listed but is not a column of the file.
    expect(fileCounts({ ...result, headers: [...result.headers, { value: '', field: 'name', errors: ['missing'] }] }).columns).toBe(3);
  });

  it("a row's tooltip lists its whole-row errors and each cell's, by column", () => {
    expect(rowErrors(result, result.records[1]!)).toEqual(['列が多すぎます', '利用状況: 値が正しくありません']);
    expect(rowErrors(result, result.records[0]!)).toEqual([]);
  });
});
