// Typed CSV cells (server/csv/codec.ts): the date-times and yes/no values an
// import reads as Japanese and English spreadsheets write them.
import { describe, expect, it } from 'vitest';
import { parseCsvBoolean, parseCsvDateTime } from '../../server/csv/codec.js';

describe('parseCsvDateTime', () => {
  it.each([
    ['2024-05-01T09:30:00Z', '2024-05-01T09:30:00.000Z'],
    ['2024-05-01T09:30:00+09:00', '2024-05-01T00:30:00.000Z'],
    ['2024-05-01 09:30:00 +0000', '2024-05-01T09:30:00.000Z'],
    // No offset: Japan time.
    ['2024-05-01 09:30', '2024-05-01T00:30:00.000Z'],
    ['2024/5/1 9:30:15', '2024-05-01T00:30:15.000Z'],
    ['2024年5月1日 9時30分', '2024-05-01T00:30:00.000Z'],
    ['2024年5月1日', '2024-04-30T15:00:00.000Z'],
    ['令和6年5月1日', '2024-04-30T15:00:00.000Z'],
    ['R6.5.1', '2024-04-30T15:00:00.000Z'],
    ['令和元年5月1日', '2019-04-30T15:00:00.000Z'],
    ['平成31年4月30日', '2019-04-29T15:00:00.000Z'],
  ])('%s → %s', (text, iso) => expect(parseCsvDateTime(text)).toBe(iso));

  it.each(['2023-02-29', '2024-13-01', '2024-05-01 25:00', '2024-05-01 09:30 Tokyo', 'yesterday', '5/1/2024', ''])('refuses %j', (text) => {
    expect(parseCsvDateTime(text)).toBeUndefined();
  });
});

describe('parseCsvBoolean', () => {
  it('reads yes and no in both languages, and nothing else', () => {
    for (const yes of ['true', 'TRUE', '1', 'yes', 'Active', '有効', 'はい', '○']) expect(parseCsvBoolean(yes), yes).toBe(true);
    for (const no of ['false', 'False', '0', 'no', 'inactive', '無効', 'いいえ', '×']) expect(parseCsvBoolean(no), no).toBe(false);
    for (const other of ['maybe', '', '2']) expect(parseCsvBoolean(other), other).toBeUndefined();
  });
});
