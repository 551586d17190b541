// App alerts and shadow IT (spec 2.3 alert sub-pages, 2.6 alerts pages and
// shadow-IT filter, 3 App alerts / Traceable app / Shadow-IT visit, 4 alert
// categories, 5 shadow-IT sorts, 7 the three app-alerts calls, 9 at most 5
// avatars a shadow-IT row). The spec shows only the three app-alerts calls;
// the shadow-IT lists, the traceable app, the ingestion token and endpoint
// and the custom-SaaS install are ours, each marked "beyond the spec".
//
// Shadow IT: a traceable app (a SaaS the product can recognise by its
// domains) that people visited in the last 30 days and that no live
// integration covers. Live = not deleted and ACTIVE (a deactivated
// integration is no longer sanctioned use). Covered = an integration of its
// marketplace app (integratableAppId), or a custom SaaS made from it
// (traceableSaasId).
//
// Unknown users: a visit whose e-mail matched no person (worker e-mail, else
// personal e-mail) when it arrived — a private address, a guest, someone not
// in the register. The shadow-IT apps filter `unknown`: INCLUDE counts every
// visit; ONLY counts only unknown users' visits (apps with at least one);
// EXCLUDE counts only known people's visits (apps with at least one).
import { z } from 'zod';
import { access, defineContract } from './define.js';
import { AppUserRow, USER_SORTS } from './software.js';
import { CUSTOM_SAAS_TYPES, SOFTWARE_CATEGORIES, type SoftwareCategory } from './software-enums.js';
import { ACCOUNT_ALERT_CATEGORIES, ALERT_COUNT_KEYS, CSV_CATEGORIES, UNKNOWN_FILTERS } from './app-alerts-enums.js';
export {
  ACCOUNT_ALERT_CATEGORIES,
  ACCOUNT_ALERT_PAGES,
  ALERT_COUNT_KEYS,
  CSV_CATEGORIES,
  UNKNOWN_FILTERS,
  type AccountAlertCategory,
  type AlertCountKey,
  type AlertCsvCategory,
  type UnknownFilter,
} from './app-alerts-enums.js';

const it = access.area('IT');

/** Spec 9: a shadow-IT row shows at most this many users' avatars. */
export const SHADOW_IT_MAX_AVATARS = 5;
/** The window of the shadow-IT apps list and count, in days. */
export const SHADOW_IT_WINDOW_DAYS = 30;
/** Events per ingestion call. */
export const INGEST_MAX_EVENTS = 1000;

const direction = z.enum(['asc', 'desc']);
/** Spec 2.6 "Alerts pages": page (from 0), pageSize, sortBy, sortOrder. */
const alertPage = {
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
};

export const countAppAlerts = defineContract({
  id: 'appAlerts.count',
  method: 'get',
  path: '/v2/app-alerts/count',
  access: it,
  summary: 'Alert counts over the live integrations (accounts per category) and the shadow-IT apps of the last 30 days',
  response: z.object({ counts: z.record(z.enum(ALERT_COUNT_KEYS), z.number()) }),
});

export const ALERT_USER_SORTS = ['APP', ...USER_SORTS] as const;
export const alertUsersQuery = z.object({
  category: z.enum(ACCOUNT_ALERT_CATEGORIES),
  ...alertPage,
  sortBy: z.enum(ALERT_USER_SORTS).default('APP'),
  sortOrder: direction.default('asc'),
});

export const listAlertUsers = defineContract({
  id: 'appAlerts.users',
  method: 'get',
  path: '/v2/app-alerts/users',
  access: it,
  summary: 'Rows of one alert category across the live integrations, each with its integration',
  query: alertUsersQuery,
  response: z.object({ items: z.array(AppUserRow), count: z.number() }),
});

export const exportAppAlertsCsv = defineContract({
  id: 'appAlerts.csv',
  method: 'get',
  path: '/v2/app-alerts-csv',
  access: it,
  summary:
    'A signed, 5-minute download URL of an alert list as CSV (every row; UTF-8 with BOM or Shift_JIS; headers in the caller’s language). ' +
    'SHADOW_IT: the shadow-IT apps (with `unknown`); SHADOW_IT_VISITS (beyond the spec): the visits. Alerts are not imported: mode is view only.',
  query: z.object({
    category: z.enum(CSV_CATEGORIES),
    mode: z.enum(['view']).default('view'),
    encoding: z.enum(['UTF-8', 'Shift_JIS']).default('UTF-8'),
    unknown: z.enum(UNKNOWN_FILTERS).default('INCLUDE'),
  }),
  response: z.object({ url: z.string(), mode: z.enum(['view']), filename: z.string() }),
});

// ── Shadow IT (beyond the spec: its calls are not shown) ────────────────────
export const VisitUser = z.object({
  /** Null for an unknown user (no person matched the e-mail). */
  personId: z.uuid().nullable(),
  /** The person's name, else the e-mail. */
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
});
export type VisitUser = z.infer<typeof VisitUser>;

export const TraceableApp = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Our logo for a marketplace app; null otherwise (the console draws its initial). */
  avatarUrl: z.string().nullable(),
  category: z.enum(SOFTWARE_CATEGORIES),
  websiteUrl: z.string(),
  /** The marketplace app to install for it, when the catalogue has one. */
  integratableAppId: z.string().nullable(),
  /** Its category as a custom-SaaS type (customSaasTypeOf): the add form's default. */
  customSaasType: z.enum(CUSTOM_SAAS_TYPES),
  domains: z.array(z.string()),
});
export type TraceableApp = z.infer<typeof TraceableApp>;

export const ShadowItApp = TraceableApp.omit({ domains: true }).extend({
  countUniqueUser: z.number(),
  count7DaysHistory: z.number(),
  count30DaysHistory: z.number(),
  lastVisitedAt: z.string(),
  /** The latest distinct visitors, at most SHADOW_IT_MAX_AVATARS (spec 9). */
  users: z.array(VisitUser).max(SHADOW_IT_MAX_AVATARS),
});
export type ShadowItApp = z.infer<typeof ShadowItApp>;

export const SHADOW_IT_APP_SORTS = ['count30DaysHistory', 'count7DaysHistory', 'countUniqueUser', 'name'] as const;

/** Beyond the spec: the shadow-IT apps list (spec 2.6, 5: default count30DaysHistory desc). */
export const listShadowItApps = defineContract({
  id: 'appAlerts.shadowIt.apps',
  method: 'get',
  path: '/v2/app-alerts/shadow-it/apps',
  access: it,
  summary: 'Traceable apps visited in the last 30 days that no live integration covers, with unique users, 7- and 30-day visit counts',
  query: z.object({
    ...alertPage,
    sortBy: z.enum(SHADOW_IT_APP_SORTS).default('count30DaysHistory'),
    sortOrder: direction.default('desc'),
    unknown: z.enum(UNKNOWN_FILTERS).default('INCLUDE'),
  }),
  response: z.object({ items: z.array(ShadowItApp), count: z.number() }),
});

export const ShadowItVisit = z.object({
  id: z.uuid(),
  visitedAt: z.string(),
  user: VisitUser,
  traceableApp: z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() }),
  category: z.enum(SOFTWARE_CATEGORIES),
  url: z.string(),
  detectionTool: z.string(),
});
export type ShadowItVisit = z.infer<typeof ShadowItVisit>;

/** Beyond the spec: the visit histories (spec 5: sort visitedAt only, default desc). */
export const listShadowItVisits = defineContract({
  id: 'appAlerts.shadowIt.visits',
  method: 'get',
  path: '/v2/app-alerts/shadow-it/visits',
  access: it,
  summary: 'Visits to traceable apps that no live integration covers, newest first',
  query: z.object({ ...alertPage, sortBy: z.enum(['visitedAt']).default('visitedAt'), sortOrder: direction.default('desc') }),
  response: z.object({ items: z.array(ShadowItVisit), count: z.number() }),
});

/** Beyond the spec: one traceable app (the custom-SaaS form's prefill, spec 2.3). */
export const getTraceableApp = defineContract({
  id: 'traceableApps.get',
  method: 'get',
  path: '/v2/traceable-apps/{traceableAppId}',
  access: it,
  summary: 'A traceable app of the catalogue',
  params: z.object({ traceableAppId: z.uuid() }),
  response: TraceableApp,
});

// ── Ingestion (beyond the spec) ─────────────────────────────────────────────
export const IngestionTokenStatus = z.object({
  exists: z.boolean(),
  /** The token's first characters (the token itself is shown only when made). */
  hint: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** Where detectors send visits (POST, Authorization: Bearer <token>). */
  ingestPath: z.string(),
});

export const SHADOW_IT_INGEST_PATH = '/v2/shadow-it/visits';

/** Beyond the spec: whether the organisation has an ingestion token. */
export const getIngestionToken = defineContract({
  id: 'shadowIt.ingestionToken',
  method: 'get',
  path: '/v2/shadow-it/ingestion-token',
  access: it,
  summary: 'Whether an ingestion token exists, its hint and creation time',
  response: IngestionTokenStatus,
});

/** Beyond the spec: create the ingestion token, or rotate it (the old one stops working). */
export const rotateIngestionToken = defineContract({
  id: 'shadowIt.rotateIngestionToken',
  method: 'post',
  path: '/v2/shadow-it/ingestion-token',
  access: it,
  summary: 'A new ingestion token, shown once; the previous one stops working at once',
  response: IngestionTokenStatus.extend({ token: z.string() }),
  status: 201,
});

export const VisitEvent = z.strictObject({
  /** The detector's id of the event: a repeated one is a duplicate, not a second visit. */
  eventId: z.string().trim().min(1).max(200),
  visitedAt: z.iso.datetime({ offset: true }),
  userEmail: z.email().max(320),
  url: z.url({ protocol: /^https?$/ }).max(2048),
  /** What saw the visit ('browser-extension', 'proxy-log', …). */
  detectionTool: z.string().trim().min(1).max(100),
});
export type VisitEvent = z.infer<typeof VisitEvent>;

/**
 * Beyond the spec: the ingestion endpoint a browser extension or a proxy-log
 * shipper calls. Not a signed-in call: `Authorization: Bearer <ingestion
 * token>` names the organisation (401 otherwise). accepted = stored;
 * duplicate = an eventId already stored (or repeated in the batch);
 * ignored = a host that is no traceable app (not stored: we keep no
 * general browsing history) or a visit more than a day in the future.
 */
export const ingestVisits = defineContract({
  id: 'shadowIt.ingest',
  method: 'post',
  path: SHADOW_IT_INGEST_PATH,
  access: access.public,
  summary: 'Ingest a batch of visit events (up to 1000), idempotent per eventId; Authorization: Bearer <ingestion token>',
  body: z.strictObject({ events: z.array(VisitEvent).min(1).max(INGEST_MAX_EVENTS) }),
  response: z.object({ accepted: z.number(), duplicate: z.number(), ignored: z.number() }),
});

// ── Custom SaaS (beyond the spec: its install call is not shown) ────────────
export const createCustomApp = defineContract({
  id: 'appIntegrations.createCustomApp',
  method: 'post',
  path: '/v2/app-integrations/custom-app',
  access: it,
  summary: 'A custom SaaS: an integration without a marketplace app and its registry entry (type CUSTOM_SAAS); with traceableSaasId the shadow-IT app it makes sanctioned',
  body: z.strictObject({
    name: z.string().trim().min(1).max(200),
    customSaasType: z.enum(CUSTOM_SAAS_TYPES),
    tenantName: z.string().trim().max(200).optional(),
    websiteUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]).optional(),
    traceableSaasId: z.uuid().optional(),
  }),
  response: z.object({ appIntegrationId: z.uuid(), softwareId: z.uuid() }),
  status: 201,
});

/** A software category as the nearest custom-SaaS type (the twelve types are coarser). */
const CUSTOM_SAAS_TYPE_OF: Record<SoftwareCategory, (typeof CUSTOM_SAAS_TYPES)[number]> = {
  marketing: 'MARKETING',
  'sales-crm': 'SALES_CRM',
  'customer-support': 'SALES_CRM',
  communication: 'COMMUNICATION',
  collaboration: 'COMMUNICATION',
  'project-management': 'PROJECT_MANAGEMENT',
  design: 'DESIGN',
  development: 'DEVELOPMENT',
  'devops-infrastructure': 'DEVELOPMENT',
  'storage-file-sharing': 'STORAGE',
  'finance-accounting': 'FINANCE_AND_ACCOUNTING',
  'human-resources': 'HUMAN_RESOURCES',
  'general-affairs': 'GENERAL_AFFAIRS',
  legal: 'LEGAL',
  'analytics-bi': 'MARKETING',
  // Office tools (AI assistants, translation, PDF) serve everyday office work.
  'productivity-office': 'GENERAL_AFFAIRS',
  'e-commerce': 'SALES_CRM',
  'education-training': 'HUMAN_RESOURCES',
  'it-management': 'IT_SECURITY',
  'security-compliance': 'IT_SECURITY',
  other: 'GENERAL_AFFAIRS',
};
export const customSaasTypeOf = (category: SoftwareCategory) => CUSTOM_SAAS_TYPE_OF[category];
