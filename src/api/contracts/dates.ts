// Calendar days as the organisations keep them, for the browser and the
// server alike: 'YYYY-MM-DD' in Japan time, where the organisations work (a
// per-organisation time zone would come with the organisation settings).
// Arithmetic on them is calendar arithmetic in UTC, never local time.

const JAPAN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' });

/** Today in Japan ('YYYY-MM-DD'); `now` for another instant. */
export const todayInJapan = (now = new Date()) => JAPAN_DAY.format(now);

const pad = (n: number) => String(n).padStart(2, '0');
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];

/** 'YYYY-MM-DD' moved by days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Moved by months, the day clamped to the month's last, as PostgreSQL's
 * `date + interval 'n months'`: '2024-01-31' + 1 month = '2024-02-29'. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-${pad(Math.min(d, last))}`;
}

/** The first day of the month after `date`'s. */
export const firstOfNextMonth = (date: string) => addMonths(`${date.slice(0, 8)}01`, 1);
