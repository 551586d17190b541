// What a contract means in dates and money: the next renewal from the anchor
// date and billing cycle, and the cost per month of a FREE, FIXED or LINEAR
// plan. Pure functions, used by the integration and software summaries.
import type { AppContract } from '../../../src/api/contracts/software.js';

const DAYS_PER_MONTH = 365.25 / 12;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** year-month-day, the day clamped to the month's length (an anchor on the 31st renews on the 30th in April). */
function clampedDate(year: number, monthIndex: number, day: number): Date {
  const last = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, monthIndex, Math.min(day, last)));
}

/**
 * The first renewal on or after `today` ('YYYY-MM-DD'): the anchor date
 * (month and day, in the year before today's) stepped by whole billing
 * cycles. Null without an anchor or a cycle unit.
 */
export function nextRenewal(c: Pick<AppContract, 'contractAnchorMonth' | 'contractAnchorDay' | 'billingCycleUnit' | 'billingCycleLength'>, today: string): string | null {
  if (!c.contractAnchorMonth || !c.contractAnchorDay || !c.billingCycleUnit) return null;
  const len = c.billingCycleLength ?? 1;
  const now = new Date(`${today}T00:00:00Z`);
  const startYear = now.getUTCFullYear() - 1;
  const anchorMonth = c.contractAnchorMonth - 1;
  const day = c.contractAnchorDay;
  // Month-based cycles step from the anchor in months (keeping the day);
  // week and day cycles in days.
  if (c.billingCycleUnit === 'MONTH' || c.billingCycleUnit === 'YEAR') {
    const step = c.billingCycleUnit === 'YEAR' ? 12 * len : len;
    for (let k = 0; k < 2000; k++) {
      const m = anchorMonth + k * step;
      const d = clampedDate(startYear + Math.floor(m / 12), ((m % 12) + 12) % 12, day);
      if (d >= now) return iso(d);
    }
    return null;
  }
  const stepDays = c.billingCycleUnit === 'WEEK' ? 7 * len : len;
  const start = clampedDate(startYear, anchorMonth, day);
  const elapsed = Math.max(0, Math.ceil((now.getTime() - start.getTime()) / 86_400_000 / stepDays));
  return iso(new Date(start.getTime() + elapsed * stepDays * 86_400_000));
}

/** Months in one billing cycle. */
export function cycleMonths(c: Pick<AppContract, 'billingCycleUnit' | 'billingCycleLength'>): number {
  const len = c.billingCycleLength ?? 1;
  switch (c.billingCycleUnit) {
    case 'YEAR':
      return 12 * len;
    case 'WEEK':
      return (7 * len) / DAYS_PER_MONTH;
    case 'DAY':
      return len / DAYS_PER_MONTH;
    default:
      return len;
  }
}

/**
 * Cost per month: FREE 0; FIXED the price per cycle spread over the cycle;
 * LINEAR the price per unit per cycle times the units (active accounts), spread
 * likewise. Null when the plan has no price yet.
 */
export function monthlyCost(c: AppContract, units: number): { currencyCode: NonNullable<AppContract['currencyCode']>; amount: number } | null {
  if (c.pricingModel === 'FREE') return c.currencyCode ? { currencyCode: c.currencyCode, amount: 0 } : null;
  if (!c.pricingModel || c.priceOfUnitPerBillingCycle === null || !c.currencyCode) return null;
  const perCycle = c.pricingModel === 'LINEAR' ? c.priceOfUnitPerBillingCycle * units : c.priceOfUnitPerBillingCycle;
  return { currencyCode: c.currencyCode, amount: Math.round((perCycle / cycleMonths(c)) * 100) / 100 };
}
