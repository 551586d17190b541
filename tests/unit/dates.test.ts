// Calendar days shared by the browser and the server (src/api/contracts/dates.ts)
// and what the organisation chart reads from a typed date.
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, firstOfNextMonth, todayInJapan } from '../../src/api/contracts/dates.js';
import { parseDateInput } from '../../src/panes/organization/dates.js';

describe('calendar days', () => {
  it('today is the day in Japan: 15:00 UTC is already tomorrow there', () => {
    expect(todayInJapan(new Date('2026-11-23T14:59:59Z'))).toBe('2026-11-23');
    expect(todayInJapan(new Date('2026-11-23T15:00:00Z'))).toBe('2026-11-24');
    expect(todayInJapan(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });

  it('moves by days across months, years and a leap day', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-11-24', 0)).toBe('2026-11-24');
  });

  it('moves by months as PostgreSQL does: the day clamped to the month’s last', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -13)).toBe('2024-12-15');
    expect(addMonths('2026-08-31', 3)).toBe('2026-11-30');
  });

  it('gives the first of the next month, December into January', () => {
    expect(firstOfNextMonth('2026-11-24')).toBe('2026-12-01');
    expect(firstOfNextMonth('2026-12-31')).toBe('2027-01-01');
    expect(firstOfNextMonth('2024-01-31')).toBe('2024-02-01');
  });

  it('reads a typed date leniently, and nothing that is not a day', () => {
    expect(parseDateInput('2024-4-1')).toBe('2024-04-01');
    expect(parseDateInput('2024/04/01')).toBe('2024-04-01');
    expect(parseDateInput('20240401')).toBe('2024-04-01');
    expect(parseDateInput('２０２４年４月１日')).toBe('2024-04-01');
    expect(parseDateInput('2023-02-29')).toBeNull();
    expect(parseDateInput('April 1')).toBeNull();
  });
});
