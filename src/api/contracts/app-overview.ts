// The overview of an app integration (spec 7 App integrations:
// GET /v2/app-integrations/{id}/overview/…), every figure computed from the
// stored accounts, their month-by-month sign-in history and the contract.
// The spec shows the paths only; the shapes are ours. Money is a number with
// its currencyCode (rounded to what the currency is billed in); null where
// the contract has no price yet. Months are calendar months in Japan time,
// 'YYYY-MM', the current one last.
//
// A subordinate integration has no overview (spec 2.3 hides the tab): every
// call but app-contract answers 404. app-contract answers, with the
// parent's contract, because the CSV import page reads it for the
// subordinate flag (spec 7).
import { z } from 'zod';
import { access, defineContract } from './define.js';
import { AppContract, CURRENCIES, INTEGRATION_STATUSES, USER_CATEGORIES } from './software.js';

const it = access.area('IT');
const Params = z.object({ id: z.uuid() });
const overview = <R extends z.ZodType>(name: string, summary: string, response: R) =>
  defineContract({ id: `appIntegrations.overview.${name}`, method: 'get', path: `/v2/app-integrations/{id}/overview/${name}`, access: it, summary, params: Params, response });

export const Money = z.object({ currencyCode: z.enum(CURRENCIES), amount: z.number() });
export type Money = z.infer<typeof Money>;

/** How many months the series calls return. */
export const OVERVIEW_MONTHS = 12;
const Month = z.string().regex(/^\d{4}-\d{2}$/);

export const getOverviewAppContract = overview(
  'app-contract',
  'The app, tenant and contract (a subordinate answers with its parent’s contract)',
  z.object({
    app: z.object({ appIntegrationId: z.uuid(), appId: z.string().nullable(), appName: z.string(), avatarUrl: z.string().nullable(), tenantName: z.string().nullable() }),
    integratedTenantName: z.string().nullable(),
    appContract: AppContract,
    isSubordinate: z.boolean(),
    parentApp: z.object({ appIntegrationId: z.uuid(), appName: z.string() }).nullable(),
    status: z.enum(INTEGRATION_STATUSES),
  }),
);

export const getOverviewUserAndPeople = overview(
  'user-and-people',
  'Accounts, active accounts, the people they belong to, and the rows per category',
  z.object({
    accounts: z.number(),
    activeAccounts: z.number(),
    deactivatedAccounts: z.number(),
    /** Active accounts that signed in during the last 30 days. */
    signedInLast30Days: z.number(),
    /** People holding at least one active account. */
    matchedPeople: z.number(),
    /** People who should hold an account (assignments). */
    assignedPeople: z.number(),
    counts: z.record(z.enum(USER_CATEGORIES), z.number()),
  }),
);

export const getOverviewBillingCost = overview(
  'billing-cost',
  'What the current billing cycle costs under the pricing model',
  z.object({
    pricingModel: AppContract.shape.pricingModel,
    unit: AppContract.shape.unit,
    /** The units a LINEAR price is multiplied by now (billable users: active accounts; licence seats: every account); null unless LINEAR. */
    units: z.number().nullable(),
    unitPrice: Money.nullable(),
    /** The cycle today falls in, 'YYYY-MM-DD'; end = the next renewal. Null without an anchor and cycle. */
    cycle: z.object({ start: z.string(), end: z.string() }).nullable(),
    cycleCost: Money.nullable(),
    monthlyCost: Money.nullable(),
    yearlyCost: Money.nullable(),
  }),
);

export const getOverviewUserGrowth = overview(
  'user-growth',
  'Accounts per month, 12 months (null: nothing recorded that month)',
  z.object({ months: z.array(z.object({ month: Month, accounts: z.number().nullable(), activeAccounts: z.number().nullable() })) }),
);

export const getOverviewMonthlyActiveUserRate = overview(
  'monthly-active-user-rate',
  'Share of active accounts that signed in, per month, 12 months',
  z.object({
    months: z.array(z.object({ month: Month, activeAccounts: z.number().nullable(), signedIn: z.number().nullable(), rate: z.number().min(0).max(1).nullable() })),
  }),
);

export const getOverviewMonthlyCost = overview(
  'monthly-cost',
  'Cost per month under the current contract, 12 months (a yearly plan spread over its months)',
  z.object({
    currencyCode: z.enum(CURRENCIES).nullable(),
    months: z.array(z.object({ month: Month, units: z.number().nullable(), amount: z.number().nullable() })),
  }),
);

export const getOverviewRenewalDate = overview(
  'renewal-date',
  'The next renewal and the days left',
  z.object({
    renewalDate: z.string().nullable(),
    daysLeft: z.number().nullable(),
    billingCycleUnit: AppContract.shape.billingCycleUnit,
    billingCycleLength: AppContract.shape.billingCycleLength,
    contractAnchorMonth: AppContract.shape.contractAnchorMonth,
    contractAnchorDay: AppContract.shape.contractAnchorDay,
  }),
);

/** The accounts whose removal the saving counts (spec 4 categories). */
export const SAVING_CATEGORIES = ['INACTIVE', 'ALUMNI', 'NO_WORKER'] as const;

export const getOverviewSavingCost = overview(
  'saving-cost',
  'What removing inactive, alumni and no-worker accounts would save, per month and per year',
  z.object({
    pricingModel: AppContract.shape.pricingModel,
    /** Accounts in any of the categories, each counted once. */
    removableAccounts: z.number(),
    monthly: Money.nullable(),
    yearly: Money.nullable(),
    byCategory: z.array(z.object({ category: z.enum(SAVING_CATEGORIES), accounts: z.number(), monthly: Money.nullable(), yearly: Money.nullable() })),
  }),
);

/** Recommended actions, most urgent first; each but SET_PRICING_PLAN names the users tab's category. */
export const RECOMMENDED_ACTIONS = [
  'REMOVE_VIOLATED_ACCOUNTS',
  'REMOVE_ALUMNI_ACCOUNTS',
  'LINK_ACCOUNTS',
  'FIX_ROLES',
  'REMOVE_INACTIVE_ACCOUNTS',
  'CREATE_ACCOUNTS',
  'SET_PRICING_PLAN',
] as const;

export const getOverviewRecommendedActions = overview(
  'recommended-actions',
  'What to do next, from the account categories and the contract',
  z.object({
    items: z.array(
      z.object({
        action: z.enum(RECOMMENDED_ACTIONS),
        category: z.enum(USER_CATEGORIES).nullable(),
        count: z.number(),
        /** What the action saves per month (LINEAR plans; removals only). */
        monthlySaving: Money.nullable(),
      }),
    ),
  }),
);

export const overviewContracts = [
  getOverviewAppContract,
  getOverviewUserAndPeople,
  getOverviewBillingCost,
  getOverviewUserGrowth,
  getOverviewMonthlyActiveUserRate,
  getOverviewMonthlyCost,
  getOverviewRenewalDate,
  getOverviewSavingCost,
  getOverviewRecommendedActions,
] as const;
