// Date cells as Japanese spreadsheets and HR forms write them
// (server/csv/codec.ts parseCsvDate): Gregorian in its usual spellings and the
// Japanese eras, each date checked against the calendar and its era.
import { describe, expect, it } from 'vitest';
import { normalizeCell, parseCsvDate, parseCsvDateTime } from '../../server/csv/codec.js';

describe('parseCsvDate', () => {
  it.each([
    ['2024-04-01', '2024-04-01'],
    ['2024/4/1', '2024-04-01'],
    ['2024.4.1', '2024-04-01'],
    ['20240401', '2024-04-01'],
    ['2024年4月1日', '2024-04-01'],
    [' 2024年 4月 1日 ', '2024-04-01'],
    ['令和6年4月1日', '2024-04-01'],
    ['R6.4.1', '2024-04-01'],
    ['r6/4/1', '2024-04-01'],
    ['R06.04.01', '2024-04-01'],
    ['令和元年5月1日', '2019-05-01'],
    ['平成31年4月30日', '2019-04-30'],
    ['H31.4.30', '2019-04-30'],
    ['平成元年1月8日', '1989-01-08'],
    ['昭和64年1月7日', '1989-01-07'],
    ['昭和55年1月2日', '1980-01-02'],
    ['S55.1.2', '1980-01-02'],
    ['大正15年12月24日', '1926-12-24'],
    ['明治45年7月29日', '1912-07-29'],
    // The one-character era ligatures (kept by normalizeCell, not NFKC'd).
    ['\u337b2年3月4日', '1990-03-04'],
    ['\u32ff7年1月1日', '2025-01-01'],
  ])('%j → %s', (text, iso) => expect(parseCsvDate(normalizeCell(text))).toBe(iso));

  it('reads full-width digits once the cell is normalised', () => {
    expect(parseCsvDate(normalizeCell('令和６年４月１日'))).toBe('2024-04-01');
    expect(parseCsvDate(normalizeCell('２０２４／４／１'))).toBe('2024-04-01');
  });

  it.each([
    // Outside its era: the day after an era ended, or before it began.
    '平成31年5月1日',
    '令和元年4月30日',
    '昭和64年1月8日',
    '平成元年1月7日',
    'R0.5.1',
    // Not on the calendar, or not a date at all.
    '2023-02-29',
    '令和5年2月29日',
    '2024-13-01',
    '2024-04-01 09:00',
    '4/1/2024',
    '2024-4',
    'Q6.4.1',
    'yesterday',
    '',
  ])('refuses %j', (text) => expect(parseCsvDate(text)).toBeUndefined());
});

describe('parseCsvDateTime with eras', () => {
  it('reads the older eras and checks their bounds as parseCsvDate does', () => {
    expect(parseCsvDateTime('昭和55年1月2日 9時00分')).toBe('1980-01-02T00:00:00.000Z');
    expect(parseCsvDateTime('平成31年5月1日')).toBeUndefined();
  });
});
