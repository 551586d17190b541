// What a contract means in dates and money: the next renewal from the anchor
// date and billing cycle, and the cost per month of a FREE, FIXED or LINEAR
// plan. Pure functions, used by the integration and software summaries.
import { addDays } from '../../../src/api/contracts/dates.js';
import type { AppContract } from '../../../src/api/contracts/software.js';

const DAYS_PER_MONTH = 365.25 / 12;

/** The contract columns of app_integrations, as the database gives them (numeric as text). */
export interface ContractColumns {
  contract_anchor_month: number | null;
  contract_anchor_day: number | null;
  billing_cycle_unit: AppContract['billingCycleUnit'];
  billing_cycle_length: number | null;
  pricing_model: AppContract['pricingModel'];
  price_of_unit_per_billing_cycle: string | null;
  currency_code: AppContract['currencyCode'];
  unit: AppContract['unit'];
  plan_name: string | null;
}

/** A row's contract columns as the API's AppContract. */
export const contractOfRow = (i: ContractColumns): AppContract => ({
  contractAnchorMonth: i.contract_anchor_month,
  contractAnchorDay: i.contract_anchor_day,
  billingCycleUnit: i.billing_cycle_unit,
  billingCycleLength: i.billing_cycle_length,
  pricingModel: i.pricing_model,
  priceOfUnitPerBillingCycle: i.price_of_unit_per_billing_cycle === null ? null : Number(i.price_of_unit_per_billing_cycle),
  currencyCode: i.currency_code,
  unit: i.unit,
  planName: i.plan_name,
});

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

// ── Overview figures (server/modules/software/overview.ts) ──────────────────
type Currency = NonNullable<AppContract['currencyCode']>;
export interface Money {
  currencyCode: Currency;
  amount: number;
}

/** Digits after the decimal point each currency is billed in (ISO 4217; IDR and VND in whole units in practice). */
const MINOR_UNITS: Record<Currency, number> = { JPY: 0, USD: 2, IDR: 0, THB: 2, VND: 0, CNY: 2 };

/** An amount rounded to what the currency can be billed in. */
export function roundMoney(amount: number, currencyCode: Currency): number {
  const f = 10 ** MINOR_UNITS[currencyCode];
  return Math.round(amount * f) / f;
}

/**
 * The units a LINEAR price is multiplied by. A billable user is an active
 * account; a licence seat is held by every account the tenant still has,
 * suspended ones too (Google Workspace bills a suspended user's licence),
 * until the account is removed.
 */
export function billableUnits(c: Pick<AppContract, 'unit'>, n: { accounts: number; activeAccounts: number }): number {
  return c.unit === 'LICENSE_SEAT' ? n.accounts : n.activeAccounts;
}

/** What one billing cycle costs: FREE 0, FIXED the price, LINEAR the unit price times the units. Null while unpriced. */
export function cycleCost(c: AppContract, units: number): Money | null {
  if (!c.pricingModel || !c.currencyCode) return null;
  if (c.pricingModel === 'FREE') return { currencyCode: c.currencyCode, amount: 0 };
  if (c.priceOfUnitPerBillingCycle === null) return null;
  const amount = c.pricingModel === 'LINEAR' ? c.priceOfUnitPerBillingCycle * units : c.priceOfUnitPerBillingCycle;
  return { currencyCode: c.currencyCode, amount: roundMoney(amount, c.currencyCode) };
}

/** The cost spread per month (a yearly plan costs a twelfth of its price each month), rounded to the currency. */
export function costPerMonth(c: AppContract, units: number): Money | null {
  const m = monthlyCost(c, units);
  return m && { currencyCode: m.currencyCode, amount: roundMoney(m.amount, m.currencyCode) };
}

/**
 * What removing `removable` accounts saves per month: only a LINEAR plan
 * bills per account; a FIXED or FREE plan costs the same with fewer accounts.
 */
export function savingPerMonth(c: AppContract, removable: number): Money | null {
  if (!c.pricingModel || !c.currencyCode) return null;
  if (c.pricingModel !== 'LINEAR') return { currencyCode: c.currencyCode, amount: 0 };
  return costPerMonth(c, removable);
}


/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / 86_400_000);
}

/**
 * The billing cycle `today` falls in: from the last renewal on or before
 * today to the first one after it (the end is the first day of the next
 * cycle). The renewals are nextRenewal's: the anchor in the year before
 * today's, stepped by whole cycles. Null without an anchor or a cycle unit.
 */
export function cycleBounds(c: Pick<AppContract, 'contractAnchorMonth' | 'contractAnchorDay' | 'billingCycleUnit' | 'billingCycleLength'>, today: string): { start: string; end: string } | null {
  if (!c.contractAnchorMonth || !c.contractAnchorDay || !c.billingCycleUnit) return null;
  const len = c.billingCycleLength ?? 1;
  const now = new Date(`${today}T00:00:00Z`);
  const startYear = now.getUTCFullYear() - 1;
  const anchorMonth = c.contractAnchorMonth - 1;
  const day = c.contractAnchorDay;
  if (c.billingCycleUnit === 'MONTH' || c.billingCycleUnit === 'YEAR') {
    const step = c.billingCycleUnit === 'YEAR' ? 12 * len : len;
    const at = (k: number) => {
      const m = anchorMonth + k * step;
      return clampedDate(startYear + Math.floor(m / 12), ((m % 12) + 12) % 12, day);
    };
    // The first renewal (k = 0) is in last year, so on or before today.
    for (let k = 1; k < 2000; k++) {
      const d = at(k);
      if (d > now) return { start: iso(at(k - 1)), end: iso(d) };
    }
    return null;
  }
  const stepDays = c.billingCycleUnit === 'WEEK' ? 7 * len : len;
  const first = clampedDate(startYear, anchorMonth, day);
  const k = Math.floor((now.getTime() - first.getTime()) / 86_400_000 / stepDays);
  return { start: addDays(iso(first), k * stepDays), end: addDays(iso(first), (k + 1) * stepDays) };
}

/** The `n` calendar months up to and including today's, oldest first, as 'YYYY-MM'. */
export function lastMonths(today: string, n: number): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let k = n - 1; k >= 0; k--) {
    const idx = y * 12 + (m - 1) - k;
    out.push(`${Math.floor(idx / 12)}-${pad((idx % 12) + 1)}`);
  }
  return out;
}
