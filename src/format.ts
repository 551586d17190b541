// Dates, numbers and currencies through Intl, in the console's language.
// Formatters are cached per locale: building one is slow, using one is not.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function get<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) cache.set(key, (f = make()));
  return f;
}

/** '2024-04-01' (a calendar date, no time zone) → '2024/04/01' or 'Apr 1, 2024'. */
export function formatDate(locale: string, value: string | null | undefined): string {
  if (!value) return '';
  const [y, m, d] = value.split('-').map(Number);
  if (!y || !m || !d) return value;
  return get(`d|${locale}`, () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: locale.startsWith('ja') ? '2-digit' : 'short', day: '2-digit', timeZone: 'UTC' })).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** An ISO instant in the browser's time zone, to the minute. */
export function formatDateTime(locale: string, value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return get(`dt|${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })).format(date);
}

export function formatNumber(locale: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return get(`n|${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

export function formatCurrency(locale: string, value: number | null | undefined, currency = 'JPY'): string {
  if (value === null || value === undefined) return '';
  return get(`c|${locale}|${currency}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency })).format(value);
}
