// Calendar dates ('YYYY-MM-DD') for the organisation's base date: what a
// user types, read leniently, and a plan's default date. The arithmetic
// (today in Japan, days and months moved) is src/api/contracts/dates.ts.
import { firstOfNextMonth as nextMonthOf, todayInJapan } from '../../api/contracts/dates.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** '2024-4-1', '2024/04/01', '20240401' → '2024-04-01'; anything else (or no such day) → null. */
export function parseDateInput(text: string): string | null {
  const s = text.trim().replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  const m = /^(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})日?$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** The first day of next month: a plan's default effective date. */
export function firstOfNextMonth(today = todayInJapan()): string {
  return nextMonthOf(today);
}
