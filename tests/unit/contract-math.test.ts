// What a contract means in dates and money (server/modules/software/contract-math.ts):
// renewals and billing cycles from the anchor, costs of FREE / FIXED / LINEAR
// plans per cycle and per month, and what removing accounts saves.
import { describe, expect, it } from 'vitest';
import type { AppContract } from '../../src/api/contracts/software.js';
import {
  billableUnits,
  costPerMonth,
  cycleBounds,
  cycleCost,
  cycleMonths,
  daysBetween,
  lastMonths,
  nextRenewal,
  roundMoney,
  savingPerMonth,
} from '../../server/modules/software/contract-math.js';

const base: AppContract = {
  contractAnchorMonth: 4,
  contractAnchorDay: 1,
  billingCycleUnit: 'MONTH',
  billingCycleLength: 1,
  pricingModel: 'LINEAR',
  priceOfUnitPerBillingCycle: 1050,
  currencyCode: 'JPY',
  unit: 'BILLABLE_USER',
  planName: 'Pro',
};
const c = (o: Partial<AppContract>): AppContract => ({ ...base, ...o });

describe('renewals and cycles', () => {
  it('renews monthly on the anchor day, clamped to short months, and on the day itself', () => {
    expect(nextRenewal(c({}), '2025-06-15')).toBe('2025-07-01');
    expect(nextRenewal(c({}), '2025-06-01')).toBe('2025-06-01');
    expect(nextRenewal(c({ contractAnchorDay: 31 }), '2025-02-10')).toBe('2025-02-28');
    expect(nextRenewal(c({ billingCycleUnit: 'YEAR' }), '2025-04-02')).toBe('2026-04-01');
    expect(nextRenewal(c({ contractAnchorMonth: null }), '2025-04-02')).toBeNull();
  });

  it('finds the cycle today falls in: from the last renewal on or before today to the next after it', () => {
    expect(cycleBounds(c({}), '2025-06-15')).toEqual({ start: '2025-06-01', end: '2025-07-01' });
    expect(cycleBounds(c({}), '2025-06-01')).toEqual({ start: '2025-06-01', end: '2025-07-01' });
    expect(cycleBounds(c({}), '2025-05-31')).toEqual({ start: '2025-05-01', end: '2025-06-01' });
    expect(cycleBounds(c({ billingCycleUnit: 'YEAR' }), '2025-03-31')).toEqual({ start: '2024-04-01', end: '2025-04-01' });
    expect(cycleBounds(c({ billingCycleUnit: 'YEAR' }), '2025-04-01')).toEqual({ start: '2025-04-01', end: '2026-04-01' });
    // A quarterly cycle from January: Jan, Apr, Jul, Oct.
    expect(cycleBounds(c({ contractAnchorMonth: 1, billingCycleLength: 3 }), '2025-08-20')).toEqual({ start: '2025-07-01', end: '2025-10-01' });
    // The 31st in a short month is its last day, and the next cycle starts on the 31st again.
    expect(cycleBounds(c({ contractAnchorDay: 31 }), '2025-03-05')).toEqual({ start: '2025-02-28', end: '2025-03-31' });
    expect(cycleBounds(c({ billingCycleUnit: 'WEEK', billingCycleLength: 2 }), '2025-04-20')).toEqual({ start: '2025-04-14', end: '2025-04-28' });
    expect(cycleBounds(c({ billingCycleUnit: null }), '2025-04-20')).toBeNull();
  });

  it('the cycle ends where nextRenewal says, except on a renewal day (then the cycle starts there)', () => {
    for (const today of ['2025-01-01', '2025-02-28', '2025-12-31', '2026-03-15']) {
      for (const unit of ['MONTH', 'YEAR'] as const) {
        const contract = c({ billingCycleUnit: unit, contractAnchorMonth: 3, contractAnchorDay: 15 });
        const b = cycleBounds(contract, today)!;
        expect(b.start <= today && today < b.end, `${unit} ${today}`).toBe(true);
        const next = nextRenewal(contract, today)!;
        expect(next === today ? b.start : b.end).toBe(next);
      }
    }
  });

  it('counts days and months', () => {
    expect(daysBetween('2025-03-30', '2025-04-01')).toBe(2);
    expect(daysBetween('2025-04-01', '2025-04-01')).toBe(0);
    expect(lastMonths('2025-02-10', 4)).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(lastMonths('2025-02-10', 12)).toHaveLength(12);
    expect(cycleMonths({ billingCycleUnit: 'YEAR', billingCycleLength: 2 })).toBe(24);
  });
});

describe('costs', () => {
  it('FREE costs nothing, FIXED its price per cycle, LINEAR the unit price times the units', () => {
    expect(cycleCost(c({ pricingModel: 'FREE', priceOfUnitPerBillingCycle: 0 }), 40)).toEqual({ currencyCode: 'JPY', amount: 0 });
    expect(cycleCost(c({ pricingModel: 'FIXED', priceOfUnitPerBillingCycle: 198000, billingCycleUnit: 'YEAR' }), 40)).toEqual({ currencyCode: 'JPY', amount: 198000 });
    expect(cycleCost(c({}), 58)).toEqual({ currencyCode: 'JPY', amount: 60900 });
    expect(cycleCost(c({ pricingModel: null }), 58)).toBeNull();
    expect(cycleCost(c({ priceOfUnitPerBillingCycle: null }), 58)).toBeNull();
  });

  it('spreads a cycle over its months, rounded to what the currency is billed in', () => {
    expect(costPerMonth(c({}), 58)).toEqual({ currencyCode: 'JPY', amount: 60900 });
    expect(costPerMonth(c({ pricingModel: 'FIXED', priceOfUnitPerBillingCycle: 198000, billingCycleUnit: 'YEAR' }), 0)).toEqual({ currencyCode: 'JPY', amount: 16500 });
    expect(costPerMonth(c({ unit: 'LICENSE_SEAT', priceOfUnitPerBillingCycle: 16320, billingCycleUnit: 'YEAR' }), 56)).toEqual({ currencyCode: 'JPY', amount: 76160 });
    // A yearly USD 100 plan: 8.33 a month (cents), JPY 1,000 a year: 83 yen.
    expect(costPerMonth(c({ pricingModel: 'FIXED', priceOfUnitPerBillingCycle: 100, currencyCode: 'USD', billingCycleUnit: 'YEAR' }), 0)).toEqual({ currencyCode: 'USD', amount: 8.33 });
    expect(costPerMonth(c({ pricingModel: 'FIXED', priceOfUnitPerBillingCycle: 1000, billingCycleUnit: 'YEAR' }), 0)).toEqual({ currencyCode: 'JPY', amount: 83 });
    expect(roundMoney(12.345, 'USD')).toBe(12.35);
    expect(roundMoney(12.5, 'VND')).toBe(13);
  });

  it('bills a LINEAR plan per active account (billable user) or per account still held (licence seat)', () => {
    expect(billableUnits({ unit: 'BILLABLE_USER' }, { accounts: 60, activeAccounts: 58 })).toBe(58);
    expect(billableUnits({ unit: 'LICENSE_SEAT' }, { accounts: 60, activeAccounts: 58 })).toBe(60);
  });

  it('saves only on a LINEAR plan when accounts go', () => {
    expect(savingPerMonth(c({}), 10)).toEqual({ currencyCode: 'JPY', amount: 10500 });
    expect(savingPerMonth(c({ billingCycleUnit: 'YEAR', priceOfUnitPerBillingCycle: 16320 }), 3)).toEqual({ currencyCode: 'JPY', amount: 4080 });
    expect(savingPerMonth(c({ pricingModel: 'FIXED', priceOfUnitPerBillingCycle: 30000 }), 10)).toEqual({ currencyCode: 'JPY', amount: 0 });
    expect(savingPerMonth(c({ pricingModel: 'FREE' }), 10)).toEqual({ currencyCode: 'JPY', amount: 0 });
    expect(savingPerMonth(c({ pricingModel: null }), 10)).toBeNull();
  });
});
