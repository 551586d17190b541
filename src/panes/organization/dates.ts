// Calendar dates ('YYYY-MM-DD') for the organisation's base date: today in
// Japan time (as the server counts), months and years moved with the day
// kept where the month allows, and what a user types read leniently.
import { todayInJapan } from '../../api/contracts/dates.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** '2024-01-31' + 1 month = '2024-02-29'. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-${pad(Math.min(d, last))}`;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

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
  return `${addMonths(today.slice(0, 8) + '01', 1)}`;
}
