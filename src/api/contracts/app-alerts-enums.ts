// The app-alert constants the console needs before any alert call (the
// commands' guards and keys, the alert panes' paths): zod-free, so they load
// without the app-alerts contracts. app-alerts.ts re-exports them.

/** Spec 3 App alerts: the counts (ALUMNI: the software variant has it). */
export const ALERT_COUNT_KEYS = ['SHADOW_IT', 'NO_WORKER', 'VIOLATED', 'VIOLATED_ROLE', 'NO_USER', 'INACTIVE', 'ALUMNI'] as const;
export type AlertCountKey = (typeof ALERT_COUNT_KEYS)[number];
/** The account categories of the alert pages (spec 4, without FOLLOWING and ALL). */
export const ACCOUNT_ALERT_CATEGORIES = ['NO_WORKER', 'VIOLATED', 'VIOLATED_ROLE', 'NO_USER', 'INACTIVE', 'ALUMNI'] as const;
export type AccountAlertCategory = (typeof ACCOUNT_ALERT_CATEGORIES)[number];

/** Spec 2.3 alert sub-pages (/software/alerts/<page>) → their account category. */
export const ACCOUNT_ALERT_PAGES = {
  'violated-role': 'VIOLATED_ROLE',
  'violated-assignment': 'VIOLATED',
  'no-worker': 'NO_WORKER',
  'no-user': 'NO_USER',
  'inactive-user': 'INACTIVE',
  alumni: 'ALUMNI',
} as const satisfies Record<string, AccountAlertCategory>;

export const UNKNOWN_FILTERS = ['ONLY', 'INCLUDE', 'EXCLUDE'] as const;
export type UnknownFilter = (typeof UNKNOWN_FILTERS)[number];

export const CSV_CATEGORIES = [...ALERT_COUNT_KEYS, 'SHADOW_IT_VISITS'] as const;
export type AlertCsvCategory = (typeof CSV_CATEGORIES)[number];
