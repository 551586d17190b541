// Software and apps (spec 3 Software, Pricing and contract, App integration,
// App user; 7 Software and App integrations): the marketplace catalogue, the
// install of an app, app integrations with their settings, accounts matched
// to people, and refreshes from the tenant's connector. The registry's list,
// get and create come from the module mechanism (../modules/software.ts).
// Calls the spec does not show (install, integrations list, link a person)
// follow its naming; each is marked "beyond the spec".
import { z } from 'zod';
import { CUSTOM_SAAS_TYPES, SOFTWARE_CATEGORIES, SOFTWARE_STATUSES, USER_CATEGORIES } from './software-enums.js';
export { USER_CATEGORIES, type UserCategory } from './software-enums.js';
import { access, defineContract } from './define.js';

const it = access.area('IT');
const nullableText = (max: number) => z.string().max(max).nullable().optional();

export { CUSTOM_APP_ID, OLD_OFFICE_SUITE_APP_ID } from './software-enums.js';

export const App = z.object({
  id: z.string(),
  name: z.string(),
  vendor: z.string(),
  categoryId: z.enum(SOFTWARE_CATEGORIES),
  websiteUrl: z.string(),
  description: z.string(),
  avatarUrl: z.string(),
  connectors: z.array(z.enum(['SCIM', 'CSV'])),
  /** The organisation's live integrations of this app. */
  integrationCount: z.number(),
});
export type App = z.infer<typeof App>;

export const listApps = defineContract({
  id: 'apps.list',
  method: 'get',
  path: '/v2/apps',
  access: it,
  summary: 'The marketplace catalogue, by category and text',
  query: z.object({ categoryId: z.enum(SOFTWARE_CATEGORIES).optional(), freeText: z.string().max(200).optional() }),
  response: z.object({ items: z.array(App) }),
});

export const listAppCategories = defineContract({
  id: 'apps.categories',
  method: 'get',
  path: '/v2/app-categories',
  access: it,
  summary: 'The 21 software categories, named in the caller’s language, with their app counts',
  response: z.object({ items: z.array(z.object({ id: z.enum(SOFTWARE_CATEGORIES), name: z.string(), appCount: z.number() })) }),
});

export const getApp = defineContract({
  id: 'apps.get',
  method: 'get',
  path: '/v2/apps/{id}',
  access: it,
  summary: 'One app of the catalogue (404 for the custom-app marker)',
  params: z.object({ id: z.string().max(100) }),
  response: App,
});

// ── Contracts and pricing (spec 3 Pricing and contract) ─────────────────────
export const PRICING_MODELS = ['FREE', 'FIXED', 'LINEAR'] as const;
export const CURRENCIES = ['JPY', 'USD', 'IDR', 'THB', 'VND', 'CNY'] as const;
export const BILLING_CYCLE_UNITS = ['MONTH', 'YEAR', 'WEEK', 'DAY'] as const;
export const LINEAR_UNITS = ['BILLABLE_USER', 'LICENSE_SEAT'] as const;

export const AppContract = z.object({
  contractAnchorMonth: z.number().int().min(1).max(12).nullable(),
  contractAnchorDay: z.number().int().min(1).max(31).nullable(),
  billingCycleUnit: z.enum(BILLING_CYCLE_UNITS).nullable(),
  billingCycleLength: z.number().int().min(1).max(120).nullable(),
  pricingModel: z.enum(PRICING_MODELS).nullable(),
  priceOfUnitPerBillingCycle: z.number().min(0).max(1e12).nullable(),
  currencyCode: z.enum(CURRENCIES).nullable(),
  unit: z.enum(LINEAR_UNITS).nullable(),
  planName: z.string().max(200).nullable(),
});
export type AppContract = z.infer<typeof AppContract>;

export const CONNECTORS = ['SCIM', 'CSV'] as const;
export const INTEGRATION_STATUSES = ['ACTIVE', 'DEACTIVATED'] as const;

export const AppIntegration = z.object({
  appIntegrationId: z.uuid(),
  appId: z.string().nullable(),
  appName: z.string(),
  avatarUrl: z.string().nullable(),
  tenantName: z.string().nullable(),
  status: z.enum(INTEGRATION_STATUSES),
  customApp: z.boolean(),
  customSaasType: z.enum(CUSTOM_SAAS_TYPES).nullable(),
  isSubordinate: z.boolean(),
  parentApp: z.object({ appIntegrationId: z.uuid(), appName: z.string() }).nullable(),
  softwareId: z.uuid().nullable(),
  connector: z.enum(CONNECTORS),
  appContract: AppContract,
  /** The next renewal from the contract's anchor and billing cycle, 'YYYY-MM-DD'. */
  renewalDate: z.string().nullable(),
  accountCount: z.number(),
  refreshedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AppIntegration = z.infer<typeof AppIntegration>;

/** Beyond the spec (the install call is not shown): connects a tenant of a marketplace app. */
export const installApp = defineContract({
  id: 'appIntegrations.install',
  method: 'post',
  path: '/v2/app-integrations',
  access: it,
  summary: 'Install a marketplace app: a new integration, and the app in the registry',
  body: z.strictObject({
    appId: z.string().min(1).max(100),
    tenantName: z.string().trim().max(200).optional(),
    parentAppIntegrationId: z.uuid().optional(),
  }),
  response: z.object({ appIntegrationId: z.uuid(), softwareId: z.uuid() }),
  status: 201,
});

export const INTEGRATION_LIST_STATUSES = ['INTEGRATIONS', 'CUSTOM_APPS', 'DEACTIVATED', 'ALL'] as const;
export const integrationsQuery = z.object({
  text: z.string().max(200).optional(),
  status: z.enum(INTEGRATION_LIST_STATUSES).default('INTEGRATIONS'),
  pageIndex: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  sortColumn: z.enum(['APP']).default('APP'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});

/** Beyond the spec (its list call is not shown): the integrations list (spec 2.6). */
export const listIntegrations = defineContract({
  id: 'appIntegrations.list',
  method: 'get',
  path: '/v2/app-integrations',
  access: it,
  summary: 'App integrations by status (INTEGRATIONS, CUSTOM_APPS, DEACTIVATED, ALL) and text',
  query: integrationsQuery,
  response: z.object({ items: z.array(AppIntegration), count: z.number(), counts: z.record(z.enum(INTEGRATION_LIST_STATUSES), z.number()) }),
});

const IntegrationParams = z.object({ id: z.uuid() });

export const getIntegration = defineContract({
  id: 'appIntegrations.get',
  method: 'get',
  path: '/v2/app-integrations/{id}',
  access: it,
  summary: 'One app integration: app, tenant, contract, subordinate flag',
  params: IntegrationParams,
  response: AppIntegration,
});

export const IntegrationSettings = z.object({
  status: z.enum(INTEGRATION_STATUSES),
  externalTenant: z.object({ tenantName: z.string().nullable() }),
  customApp: z.object({ name: z.string(), customSaasType: z.enum(CUSTOM_SAAS_TYPES).nullable() }).nullable(),
  appContract: AppContract,
  features: z.object({ USER_PROVISIONING: z.boolean() }),
  authentication: z.object({
    connector: z.enum(CONNECTORS),
    scimBaseUrl: z.string().nullable(),
    /** Whether a token is stored; the token itself never leaves the server. */
    hasToken: z.boolean(),
    authenticatedAt: z.string().nullable(),
  }),
  mdmActivated: z.boolean(),
});

export const getIntegrationSettings = defineContract({
  id: 'appIntegrations.settings',
  method: 'get',
  path: '/v2/app-integrations/{id}/settings',
  access: it,
  summary: 'Settings of an integration (a subordinate one answers with its parent’s)',
  params: IntegrationParams,
  response: IntegrationSettings,
});

const Success = z.object({ success: z.boolean() });
const settingsPatch = <B extends z.ZodType>(name: string, summary: string, body: B) =>
  defineContract({ id: `appIntegrations.settings.${name}`, method: 'patch', path: `/v2/app-integrations/{id}/settings/${name}`, access: it, summary, params: IntegrationParams, body, response: Success });

const settingsAction = (name: string, summary: string) =>
  defineContract({ id: `appIntegrations.settings.${name}`, method: 'patch', path: `/v2/app-integrations/{id}/settings/${name}`, access: it, summary, params: IntegrationParams, response: Success });
export const deactivateIntegration = settingsAction('deactivate', 'Deactivate: accounts are kept, refreshes stop');
export const reactivateIntegration = settingsAction('reactivate', 'Reactivate a deactivated integration');
export const updateExternalTenant = settingsPatch('external-tenant', 'The tenant’s name', z.strictObject({ tenantName: z.string().trim().min(1).max(200) }));
export const updateCustomApp = settingsPatch(
  'custom-app',
  'Name and category of a custom app',
  z.strictObject({ name: z.string().trim().min(1).max(200), customSaasType: z.enum(CUSTOM_SAAS_TYPES).nullable() }),
);
export const updateCustomAppContract = settingsPatch(
  'custom-app-contract',
  'The contract’s anchor date and billing cycle',
  AppContract.pick({ contractAnchorMonth: true, contractAnchorDay: true, billingCycleUnit: true, billingCycleLength: true }).strict(),
);
export const updatePricingPlan = settingsPatch(
  'pricing-plan',
  'Plan and pricing: FREE, FIXED (price per cycle) or LINEAR (price per unit per cycle)',
  AppContract.pick({ planName: true, pricingModel: true, priceOfUnitPerBillingCycle: true, currencyCode: true, unit: true })
    .strict()
    .refine((b) => b.pricingModel !== 'LINEAR' || b.unit !== null, { message: 'validation.required', path: ['unit'] })
    .refine((b) => b.pricingModel === 'FREE' || b.pricingModel === null || (b.priceOfUnitPerBillingCycle !== null && b.currencyCode !== null), {
      message: 'validation.required',
      path: ['priceOfUnitPerBillingCycle'],
    }),
);
export const updateFeatures = settingsPatch('features', 'Feature flags (USER_PROVISIONING)', z.strictObject({ USER_PROVISIONING: z.boolean() }));

export const authenticateIntegration = defineContract({
  id: 'appIntegrations.settings.authenticate',
  method: 'post',
  path: '/v2/app-integrations/{id}/settings/authenticate',
  access: it,
  summary: 'Connect the tenant: SCIM base URL and bearer token (checked against the tenant), or CSV imports',
  params: IntegrationParams,
  body: z.discriminatedUnion('connector', [
    z.strictObject({ connector: z.literal('SCIM'), scimBaseUrl: z.url({ protocol: /^https?$/ }).max(500), scimToken: z.string().min(1).max(4000) }),
    z.strictObject({ connector: z.literal('CSV') }),
  ]),
  response: Success,
});

export const mdmActivateIntegration = defineContract({
  id: 'appIntegrations.settings.mdmActivate',
  method: 'post',
  path: '/v2/app-integrations/{id}/settings/mdm-activate',
  access: it,
  summary: 'Mark the app for MDM distribution; success false when the integration is deactivated',
  params: IntegrationParams,
  response: Success,
});

export const deleteIntegration = defineContract({
  id: 'appIntegrations.delete',
  method: 'delete',
  path: '/v2/app-integrations/{id}',
  access: it,
  summary: 'Delete an integration and the accounts read from it',
  params: IntegrationParams,
  response: z.null(),
  status: 204,
});

// ── Accounts (spec 3 App user) ──────────────────────────────────────────────
export const RULE_MATCHING = ['matched', 'violated', 'violated-role', 'no-worker', 'no-user'] as const;
export const SUGGESTED_ACTIONS = ['LINK_PERSON', 'REMOVE_ACCOUNT', 'CHANGE_ROLE', 'CREATE_ACCOUNT', 'DEACTIVATE_ACCOUNT'] as const;
/** Days without a sign-in after which an active account is inactive. */
export const INACTIVE_AFTER_DAYS = 90;

export const LinkedWorker = z.object({
  personId: z.uuid(),
  personName: z.string(),
  avatarUrl: z.string().nullable(),
  workerEmail: z.string().nullable(),
  workerNumber: z.string().nullable(),
  workerType: z.string().nullable(),
  /** The role the person should have (from the assignment), when one is set. */
  assignedRoleName: z.string().nullable(),
  /** The person has no current worker record. */
  isAlumni: z.boolean(),
});

export const AppUserRow = z.object({
  /** The account's id; for a no-user row (a person without an account), 'no-user:' + personId. */
  id: z.string(),
  /** Null on a no-user row. */
  appUserId: z.uuid().nullable(),
  name: z.string().nullable(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  actualRoleName: z.string().nullable(),
  statusName: z.string().nullable(),
  lastSignedInAt: z.string().nullable(),
  createdAt: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
  configuredMfa: z.boolean().nullable(),
  isActive: z.boolean(),
  workerNumber: z.string().nullable(),
  ruleMatching: z.enum(RULE_MATCHING),
  isInactive: z.boolean(),
  canChangePerson: z.boolean(),
  canDelete: z.boolean(),
  suggestedAction: z.enum(SUGGESTED_ACTIONS).nullable(),
  worker: LinkedWorker.nullable(),
  appIntegration: z.object({ appIntegrationId: z.uuid(), appName: z.string() }),
});
export type AppUserRow = z.infer<typeof AppUserRow>;

export const USER_SORTS = ['NAME', 'EMAIL', 'PERSON', 'ROLE', 'LAST_SIGNED_IN_AT', 'RULE_MATCHING'] as const;
export const usersQuery = z.object({
  category: z.enum(USER_CATEGORIES).optional(),
  freeText: z.string().max(200).optional(),
  pageIndex: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  sortColumn: z.enum(USER_SORTS).default('NAME'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});

export const listIntegrationUsers = defineContract({
  id: 'appIntegrations.users',
  method: 'get',
  path: '/v3/app-integrations/{id}/users',
  access: it,
  summary: 'Accounts of an integration matched to people; no category = ALL for a subordinate integration, else FOLLOWING',
  params: IntegrationParams,
  query: usersQuery,
  response: z.object({ items: z.array(AppUserRow), count: z.number() }),
});

export const countIntegrationUsers = defineContract({
  id: 'appIntegrations.usersCount',
  method: 'get',
  path: '/v3/app-integrations/{id}/users/count',
  access: it,
  summary: 'Accounts per category',
  params: IntegrationParams,
  query: usersQuery.pick({ freeText: true }),
  response: z.object({ counts: z.record(z.enum(USER_CATEGORIES), z.number()) }),
});

const UserParams = z.object({ id: z.uuid(), appUserId: z.uuid() });

export const deleteIntegrationUser = defineContract({
  id: 'appIntegrations.deleteUser',
  method: 'delete',
  path: '/v3/app-integrations/{id}/users/{appUserId}',
  access: it,
  summary: 'Remove an account from the register (CSV-sourced accounts; a SCIM account returns at the next refresh unless removed in the tenant)',
  params: UserParams,
  response: z.null(),
  status: 204,
});

/** Beyond the spec: change the person an account belongs to (where canChangePerson). */
export const linkIntegrationUser = defineContract({
  id: 'appIntegrations.linkUser',
  method: 'patch',
  path: '/v3/app-integrations/{id}/users/{appUserId}/person',
  access: it,
  summary: 'Link an account to a person (null: unlink; matching takes over again)',
  params: UserParams,
  body: z.strictObject({ personId: z.uuid().nullable() }),
  response: AppUserRow,
});

/** Beyond the spec (the groups tab's call is not shown): the tenant's groups with their accounts. */
export const listIntegrationGroups = defineContract({
  id: 'appIntegrations.groups',
  method: 'get',
  path: '/v2/app-integrations/{id}/groups',
  access: it,
  summary: 'Groups of the tenant as its connector last read them, with member counts',
  params: IntegrationParams,
  response: z.object({
    items: z.array(z.object({ name: z.string(), memberCount: z.number(), activeMemberCount: z.number(), members: z.array(z.object({ appUserId: z.uuid(), name: z.string() })) })),
  }),
});

/** Beyond the spec (the person profile's apps tab, spec 2.3 People): a person's accounts in every integration. */
export const listPersonApps = defineContract({
  id: 'people.apps',
  method: 'get',
  path: '/v2/people/{personId}/apps',
  access: it,
  summary: 'The accounts linked to a person (and the no-user rows of their assignments), across integrations',
  params: z.object({ personId: z.uuid() }),
  response: z.object({
    person: z.object({ personId: z.uuid(), name: z.string(), email: z.string().nullable(), avatarUrl: z.string().nullable(), workerNumber: z.string().nullable(), isAlumni: z.boolean() }),
    items: z.array(AppUserRow),
  }),
});

// ── Assignments: who should hold an account (beyond the spec) ─────────────
// The rules of the users tab (violated, violated-role, no-user) compare the
// accounts with these; an integration without any has no rule set yet.
export const Assignment = z.object({
  personId: z.uuid(),
  personName: z.string(),
  workerEmail: z.string().nullable(),
  roleName: z.string().nullable(),
  hasAccount: z.boolean(),
});
export type Assignment = z.infer<typeof Assignment>;
export const listAssignments = defineContract({
  id: 'appIntegrations.assignments',
  method: 'get',
  path: '/v2/app-integrations/{id}/assignments',
  access: it,
  summary: 'The people who should hold an account in the tenant, with the role each should have',
  params: IntegrationParams,
  response: z.object({ items: z.array(Assignment) }),
});
export const putAssignment = defineContract({
  id: 'appIntegrations.assign',
  method: 'put',
  path: '/v2/app-integrations/{id}/assignments/{personId}',
  access: it,
  summary: 'Assign a person (with an optional role); assigning again changes the role',
  params: z.object({ id: z.uuid(), personId: z.uuid() }),
  body: z.strictObject({ roleName: z.string().trim().max(200).nullable() }),
  response: Assignment,
});
export const deleteAssignment = defineContract({
  id: 'appIntegrations.unassign',
  method: 'delete',
  path: '/v2/app-integrations/{id}/assignments/{personId}',
  access: it,
  summary: 'Remove a person from those who should hold an account',
  params: z.object({ id: z.uuid(), personId: z.uuid() }),
  response: z.null(),
  status: 204,
});

// ── Software people (spec 2.6 "Software people") ─────────────────────────────
export { PEOPLE_MENUS } from './people-lifecycle.js';
import { PEOPLE_MENUS } from './people-lifecycle.js';
export const softwarePeopleQuery = z.object({
  freeText: z.string().max(200).optional(),
  /** One value arrives as a string, several as an array. */
  appIntegrationIds: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.uuid()).max(200)),
  menu: z.enum(PEOPLE_MENUS).default('Employee'),
  /** `<menu>-<state>`; the software list reads the state all, active (current workers) or alumni. */
  category: z.string().max(60).default('employee-all'),
  pageIndex: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  sortColumn: z.enum(['PERSON', 'PLACE']).default('PERSON'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export const SoftwarePersonRow = z.object({
  personId: z.uuid(),
  personName: z.string(),
  avatarUrl: z.string().nullable(),
  workerType: z.string().nullable(),
  workerEmail: z.string().nullable(),
  isAlumni: z.boolean(),
  accountCount: z.number(),
  activeAccountCount: z.number(),
  apps: z.array(z.object({ appIntegrationId: z.uuid(), appName: z.string(), avatarUrl: z.string().nullable(), isActive: z.boolean() })),
});
export type SoftwarePersonRow = z.infer<typeof SoftwarePersonRow>;
/** Beyond the spec (its call is not shown): people with the app accounts they hold. */
export const listSoftwarePeople = defineContract({
  id: 'software.people',
  method: 'get',
  path: '/v2/software-people',
  access: it,
  summary: 'People by worker type with their accounts in the organisation’s integrations (filter by integration)',
  query: softwarePeopleQuery,
  response: z.object({ items: z.array(SoftwarePersonRow), count: z.number() }),
});

// ── Refresh (spec 4) ─────────────────────────────────────────────────────────
export const REFRESH_TRIGGERS = ['ENQUEUED', 'ALREADY_IN_PROGRESS', 'RATE_LIMITED'] as const;
/** Spec 9: the status is polled every 5 s while IN_PROGRESS. */
export const REFRESH_POLL_MS = 5000;
/** A refresh may be asked for once a minute per integration. */
export const REFRESH_MIN_INTERVAL_SECONDS = 60;

export const RefreshStatus = z.object({
  status: z.enum(['IN_PROGRESS', 'COMPLETED', 'FAILED', 'NEVER']),
  refreshedAt: z.string().nullable(),
  /** Why the last refresh failed, in the caller's language. */
  error: z.string().nullable(),
});

export const refreshResources = defineContract({
  id: 'appIntegrations.refresh',
  method: 'post',
  path: '/v2/app-integrations/{id}/refresh-resources',
  access: it,
  summary: 'Read the tenant’s accounts again (a background job)',
  params: IntegrationParams,
  response: z.object({ status: z.enum(REFRESH_TRIGGERS) }),
});

export const refreshResourcesStatus = defineContract({
  id: 'appIntegrations.refreshStatus',
  method: 'get',
  path: '/v2/app-integrations/{id}/refresh-resources/status',
  access: it,
  summary: 'Whether a refresh is in progress, and how the last one ended',
  params: IntegrationParams,
  response: RefreshStatus,
});

export const refreshResourcesAll = defineContract({
  id: 'appIntegrations.refreshAll',
  method: 'post',
  path: '/v2/app-integrations/refresh-resources-all',
  access: it,
  summary: 'Refresh every active integration with a connector',
  response: z.object({ status: z.enum(REFRESH_TRIGGERS), enqueued: z.number() }),
});

export const refreshResourcesAllStatus = defineContract({
  id: 'appIntegrations.refreshAllStatus',
  method: 'get',
  path: '/v2/app-integrations/refresh-resources-all/status',
  access: it,
  summary: 'IN_PROGRESS while any integration refreshes',
  response: z.object({ status: z.enum(['IN_PROGRESS', 'COMPLETED']), inProgress: z.number() }),
});

// ── Software pages ──────────────────────────────────────────────────────────
const SoftwareParams = z.object({ softwareId: z.uuid() });

export const softwareDetailBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  vendorName: nullableText(200),
  category: z.enum(SOFTWARE_CATEGORIES).nullable().optional(),
  status: z.enum(SOFTWARE_STATUSES),
  version: nullableText(100),
  websiteUrl: nullableText(500),
  description: nullableText(4000),
  customSaasType: z.enum(CUSTOM_SAAS_TYPES).nullable().optional(),
});
export const softwareArchitectureBody = z.strictObject({
  deployment: z.enum(['CLOUD', 'ON_PREMISE', 'HYBRID']).nullable(),
  authMethod: z.enum(['SAML', 'OAUTH', 'SELF', 'OTHER']).nullable(),
  patchStatus: z.enum(['PATCHED', 'SCHEDULED', 'NOT_PATCHED']).nullable(),
  compliance: z.enum(['COMPLIANT', 'IN_PROGRESS', 'NON_COMPLIANT']).nullable(),
  environment: nullableText(200),
  installMethod: nullableText(200),
  dataLocation: nullableText(200),
});

export const SoftwareSummary = z.object({
  softwareId: z.uuid(),
  name: z.string(),
  appId: z.string().nullable(),
  isCustomSaas: z.boolean(),
  vendorName: z.string().nullable(),
  status: z.enum(SOFTWARE_STATUSES),
  avatarUrl: z.string().nullable(),
  /** Accounts across its live integrations. */
  assignedTotal: z.number(),
  /** The nearest renewal among its integrations' contracts. */
  renewalDate: z.string().nullable(),
  /** Per month, summed over integrations with a priced contract, per currency. */
  monthlyCost: z.array(z.object({ currencyCode: z.enum(CURRENCIES), amount: z.number() })),
  integrations: z.array(z.object({ appIntegrationId: z.uuid(), appName: z.string(), tenantName: z.string().nullable(), status: z.enum(INTEGRATION_STATUSES), accountCount: z.number() })),
  /** IN_PROGRESS while any of its integrations refreshes. */
  refreshStatus: z.enum(['IN_PROGRESS', 'COMPLETED']),
});

/** Beyond the spec (its overview is stubbed there): the header and overview, from real data. */
export const getSoftwareSummary = defineContract({
  id: 'software.summary',
  method: 'get',
  path: '/v2/software/{softwareId}/summary',
  access: it,
  summary: 'Header and overview figures of a piece of software',
  params: SoftwareParams,
  response: SoftwareSummary,
});

export const putSoftwareDetail = defineContract({
  id: 'software.detail',
  method: 'put',
  path: '/v2/software/{softwareId}/detail',
  access: it,
  summary: 'Name, vendor, category, status, version, website and description',
  params: SoftwareParams,
  body: softwareDetailBody,
  response: z.object({ softwareId: z.uuid() }),
});

export const putSoftwareArchitecture = defineContract({
  id: 'software.architecture',
  method: 'put',
  path: '/v2/software/{softwareId}/architecture',
  access: it,
  summary: 'Deployment, authentication, patch status, compliance, environment, install method, data location',
  params: SoftwareParams,
  body: softwareArchitectureBody,
  response: z.object({ softwareId: z.uuid() }),
});

const IntegrationSoftwareParams = z.object({ appIntegrationId: z.uuid() });
export const getIntegrationSoftware = defineContract({
  id: 'software.ofIntegration',
  method: 'get',
  path: '/v2/software/app-integrations/{appIntegrationId}',
  access: it,
  summary: 'The registry entry of an integration’s app (404 when it has none)',
  params: IntegrationSoftwareParams,
  response: z.object({ softwareId: z.uuid() }),
});
export const createIntegrationSoftware = defineContract({
  id: 'software.createForIntegration',
  method: 'post',
  path: '/v2/software/app-integrations/{appIntegrationId}',
  access: it,
  summary: 'Create (or return) the registry entry of an integration’s app: the fallback when the GET finds none',
  params: IntegrationSoftwareParams,
  response: z.object({ softwareId: z.uuid() }),
});
