// Search parameters per page (spec 2.6, 5, 9), built from the shared list
// schema. Keys and enum values are the spec's; where the spec names a list's
// sort columns only in words, the values below are our naming of them.
import { z } from 'zod';
import { MODULES } from '../api/modules/index.js';
import { PEOPLE_MENUS, WORKER_TYPES } from '../api/contracts/people-lifecycle.js';
import {
  listSearch,
  moduleListSearch,
  zBool,
  zDate,
  zEnum,
  zIds,
  zOptionalEnum,
  zPageIndex,
  zPageSize,
  zText,
} from '../tables/list-search.js';

const IMPORT_CSV = z.object({ pageIndex: zPageIndex(), pageSize: zPageSize(100), filterError: zBool(false) });
const PEOPLE_CATEGORY = /^(employee|board|contractor|collaborator|all)-(all|joining|offered|offer-accepted|active|new-hire|leaving|alumni)$/;
const peopleFilters = {
  menu: zEnum(PEOPLE_MENUS, 'Employee'),
  category: z.string().regex(PEOPLE_CATEGORY).default('employee-all').catch('employee-all'),
  departmentIdIn: zIds(),
  positionIdIn: zIds(),
  jobTypeIdIn: zIds(),
  // The worker types themselves (spec 3); an unknown value empties the filter.
  workerTypeIdIn: z.array(z.enum(WORKER_TYPES)).max(4).default([]).catch([]),
  placeIdIn: zIds(),
  freeText: zText(),
};
const ALERT_PAGE = listSearch({ pageKey: 'page', sortKey: 'sortBy', directionKey: 'sortOrder', maxPageSize: null });
// The account alert pages sort by the app, then the accounts' columns (ALERT_USER_SORTS of the contract).
const ACCOUNT_ALERT_PAGE = listSearch({
  pageKey: 'page',
  sortKey: 'sortBy',
  directionKey: 'sortOrder',
  maxPageSize: null,
  sortColumns: ['APP', 'NAME', 'EMAIL', 'PERSON', 'ROLE', 'LAST_SIGNED_IN_AT', 'RULE_MATCHING'],
  defaultSort: 'APP',
});
const required = (s: string) => z.string().min(1, s);
// An id the URL must carry: the router reads `?requestId=42` as a number, so
// a number counts as its digits.
const requiredId = (s: string) => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().min(1, s).max(200));
const DEVICE_GENRES = ['workstation', 'laptop', 'mobile', 'tablet', 'monitor', 'server', 'other'] as const;

export const SEARCH_SCHEMAS: Readonly<Record<string, z.ZodObject>> = {
  // Module lists: derived from their definitions (src/api/modules), the
  // seventeen people master-data lists too (people-settings.ts: sort
  // DISPLAY_ORDER / NAME / CODE, job-functions 2000 rows a page).
  ...Object.fromEntries(MODULES.map((m) => [m.paths.list, moduleListSearch(m)])),
  '/places': listSearch({ sortColumns: ['CODE', 'PLACE'], maxPageSize: null }).extend({
    category: zEnum(['ALL', 'PLANNED', 'ACTIVE', 'TEMPORARILY_CLOSED', 'CLOSED'], 'ALL'),
    freeText: zText(),
    businessPlaceTypeIdIn: zIds(),
    officeTypeIdIn: zIds(),
    ownershipTypeIdIn: zIds(),
  }),
  '/places/import-csv': IMPORT_CSV,
  '/networks': listSearch({ directionKey: 'sortOrder', sortColumns: ['NETWORK_NAME', 'NETWORK_TYPE', 'PURPOSE', 'ADMIN_CONTACT'], maxPageSize: null }).extend({
    freeText: zText(),
    networkCategory: zOptionalEnum(['SHARED_INTERNAL', 'PERSONAL_USE', 'COMPANY_ASSET', 'CUSTOMER_ENVIRONMENT']),
    networkType: z.array(z.enum(['INTERNAL', 'EXTERNAL', 'VPN', 'DEDICATED_LINE', 'CLOUD'])).default([]).catch([]),
  }),
  '/starlinks': listSearch({ sortColumns: ['NAME', 'SERVICE_LINE', 'STATUS'], maxPageSize: null }).extend({
    category: zEnum(['ACTIVE', 'NOT_ACTIVE', 'ALL'], 'ACTIVE'),
    freeText: zText(),
  }),
  '/id-managements': listSearch({
    sortColumns: ['LOGIN_ID', 'MATCH_TYPE', 'PERSON', 'WORKER_TYPE', 'CONTRACT_TYPE', 'EMPLOYMENT_TYPE', 'BOARD_MEMBER_TYPE', 'CONTRACTOR_TYPE', 'COLLABORATOR_TYPE'],
    maxPageSize: null,
  }).extend({
    category: zEnum(['ALL', 'PERSONAL_ID', 'EMPLOYEE_ID', 'BOARD_MEMBER_ID', 'CONTRACTOR_ID', 'COLLABORATOR_ID', 'UNKNOWN_ID'], 'ALL'),
    haveAppIdIn: zIds(),
    freeText: zText(),
  }),
  '/id-managements/group-id/add': z.object({ loginId: zText() }),
  '/id-managements/group-id/$id/members': z.object({ page: zPageIndex(1), pageSize: zPageSize(100, null) }),
  '/equipment/import-csv': IMPORT_CSV.extend({
    uploadedFileKey: zText(),
    processingState: zText(),
  }),
  '/contract': listSearch({ directionKey: 'sortOrder', sortColumns: ['NUMBER', 'TITLE', 'STATUS', 'START_DATE', 'END_DATE'] }).extend({
    contractType: zEnum(['EMPLOYMENT', 'DELEGATION', 'SERVICE', 'LEASE', 'SAAS_SOFTWARE', 'OFFICE_RENTAL', 'OTHER', 'ALL'], 'EMPLOYMENT'),
    freeText: zText(),
  }),
  '/contract/import-csv/$contractType': IMPORT_CSV,
  '/devices/inventory': listSearch({ sortColumns: ['NAME', 'MODEL', 'DEVICE_TAG', 'ASSET_TAG'], maxPageSize: null }).extend({
    category: zEnum(['ALL', 'IN_STOCK', 'IN_USE', 'PLACED', 'TROUBLED', 'IN_DISTRIBUTION', 'DECOMMISSIONED'], 'ALL'),
    genres: z.array(z.enum(DEVICE_GENRES)).default([]).catch([]),
    freeText: zText(),
    sortOrder: zOptionalEnum(['asc', 'desc']),
  }),
  '/devices/people': listSearch({
    directionKey: 'sortOrder',
    sortColumns: ['WORKER_TYPE', 'PERSON_NAME', 'DEVICE', 'JOB_TYPE', 'DEPARTMENT', 'POSITION', 'PLACE', 'JOINED_ON', 'LEFT_ON'],
    maxPageSize: null,
  }).extend({
    menu: zEnum(PEOPLE_MENUS, 'Employee'),
    category: zEnum(['ALL', 'IN_STOCK', 'IN_USE', 'PLACED', 'TROUBLED', 'IN_DISTRIBUTION', 'DECOMMISSIONED'], 'ALL'),
    genres: z.array(z.string()).default([]).catch([]),
    placeIds: zIds(),
    freeText: zText(),
  }),
  '/devices/settings/catalog': z.object({ page: zPageIndex(1), pageSize: zPageSize(10, null), priceFrom: zText(), priceTo: zText() }),
  '/devices/import-csv/$deviceType': IMPORT_CSV,
  '/devices/add/$deviceType/completed': z.object({ addedDeviceID: required('addedDeviceID') }),
  // '/software/registry': the software module's (src/api/modules/software.ts), status default SAAS.
  '/software/people': listSearch({ directionKey: 'sortOrder', sortColumns: ['PERSON', 'PLACE'], maxPageSize: null }).extend({
    ...peopleFilters,
    appIntegrationIds: zIds(),
    contractTypeIds: zIds(),
    placeIds: zIds(),
  }),
  '/software/marketplace': z.object({ text: zText(), categoryId: zText() }),
  '/software/marketplace/$id': z.object({ installDialogDefaultOpen: zBool(false) }),
  '/software/marketplace/install/finish': z.object({
    result: zEnum(['success', 'error'], 'error'),
    appIntegrationId: zText(),
    errorMessage: z.string().max(2000).optional().catch(undefined),
  }),
  '/software/add/custom-saas/$customSaasType': z.object({ traceableSaasId: zText() }),
  '/software/alerts/shadow-it/apps': ALERT_PAGE.extend({
    sortBy: zEnum(['count30DaysHistory', 'count7DaysHistory', 'countUniqueUser', 'name'], 'count30DaysHistory'),
    sortOrder: zEnum(['asc', 'desc'], 'desc'),
    unknown: zEnum(['ONLY', 'INCLUDE', 'EXCLUDE'], 'INCLUDE'),
  }),
  '/software/alerts/shadow-it/visit-histories': ALERT_PAGE.extend({
    sortBy: zEnum(['visitedAt'], 'visitedAt'),
    sortOrder: zEnum(['asc', 'desc'], 'desc'),
  }),
  '/software/alerts/violated-role': ACCOUNT_ALERT_PAGE,
  '/software/alerts/violated-assignment': ACCOUNT_ALERT_PAGE,
  '/software/alerts/no-worker': ACCOUNT_ALERT_PAGE,
  '/software/alerts/no-user': ACCOUNT_ALERT_PAGE,
  '/software/alerts/inactive-user': ACCOUNT_ALERT_PAGE,
  '/software/alerts/alumni': ACCOUNT_ALERT_PAGE,
  // The wizard keeps its upload (and a background import) in the URL, as equipment's does.
  '/app-integrations/import-csv/$id': IMPORT_CSV.extend({ uploadedFileKey: zText(), processingState: zText() }),
  // No default category: without one the page shows ALL for a subordinate
  // integration, else FOLLOWING, and writes it into the URL (spec 2.1; the
  // pane decides, as only the integration knows whether it is subordinate).
  '/app-integrations/$id/users': listSearch({
    directionKey: 'sortOrder',
    sortColumns: ['NAME', 'EMAIL', 'PERSON', 'ROLE', 'LAST_SIGNED_IN_AT', 'RULE_MATCHING'],
    defaultSort: 'NAME',
  }).extend({
    category: zOptionalEnum(['FOLLOWING', 'NO_WORKER', 'VIOLATED', 'VIOLATED_ROLE', 'NO_USER', 'INACTIVE', 'ALUMNI', 'ALL']),
    freeText: zText(),
  }),
  // Spec 2.6 "App integrations list".
  '/app-integrations': listSearch({ directionKey: 'sortOrder', sortColumns: ['APP'], defaultSort: 'APP' }).extend({
    text: zText(),
    status: zEnum(['INTEGRATIONS', 'CUSTOM_APPS', 'DEACTIVATED', 'ALL'], 'INTEGRATIONS'),
  }),
  '/people/workforce': listSearch({ directionKey: 'sortOrder', sortColumns: ['PERSON', 'WORKER_TYPE', 'JOINED_ON', 'LEFT_ON'], maxPageSize: null }).extend(
    peopleFilters,
  ),
  '/people/alumni': listSearch({ directionKey: 'sortOrder', sortColumns: ['LEAVING_DATE', 'PERSON', 'JOINING_DATE'], maxPageSize: null }).extend({
    ...peopleFilters,
    category: zEnum(['employee', 'board', 'contractor', 'collaborator', 'all-alumni'], 'all-alumni'),
    isLeavingDateWithIn_A_Month: zBool(false),
  }),
  '/person/import-csv/$workerType': IMPORT_CSV.extend({ uploadedFileKey: zText(), processingState: zText() }),
  // The person profile: the lifecycle "as of" date on every tab; history and activity are paged lists.
  ...Object.fromEntries(
    ['/person/$id', '/alumni/$id'].flatMap((base) =>
      ['public-id', 'personal-information', 'history', 'equipment', 'employee-information', 'devices', 'apps', 'activity'].map((tab) => [
        `${base}/${tab}`,
        tab === 'history' || tab === 'activity' ? listSearch({ maxPageSize: 1000 }).extend({ asOf: zDate() }) : z.object({ asOf: zDate() }),
      ]),
    ),
  ),
  '/person/$id/family/$familyPersonId': z.object({ asOf: zDate() }),
  '/person/add/$workerType/completed': z.object({
    addedPersonGivenName: required('addedPersonGivenName'),
    addedPersonFamilyName: z.string().optional(),
    addedPersonID: required('addedPersonID'),
  }),
  '/licenses/inventory': listSearch({ directionKey: 'sortOrder', sortColumns: ['NAME'], maxPageSize: null }).extend({
    category: zEnum(['SAAS', 'INSTALLED', 'MW_OS', 'SCRATCH', 'ALL', 'EXPIRED'], 'ALL'),
    freeText: zText(),
  }),
  '/licenses/add/$allocationType': z.object({ appIntegrationId: zText(), softwareId: zText() }),
  '/licenses/add/$allocationType/completed': z.object({ addedLicenseID: required('addedLicenseID'), licenseName: required('licenseName') }),
  '/public-ids/registry': listSearch({ pageBase: 1, directionKey: 'sortOrder', sortColumns: ['TYPE', 'PERSON', 'ISSUE_DATE', 'EXPIRY_DATE'], maxPageSize: null }).extend({
    publicIdType: zEnum(['NATIONAL_ID', 'TRAVEL_DOCUMENT', 'ALL'], 'NATIONAL_ID'),
    nationalIdType: zOptionalEnum(['MY_NUMBER', 'NATIONAL_REGISTRATION_IDENTITY_CARD']),
    freeText: zText(),
  }),
  '/public-ids/import-csv/$publicIdType': IMPORT_CSV,
  '/marketplace/sent-orders': listSearch({ pageBase: 1, directionKey: 'sortOrder', sortColumns: ['ORDER_NUMBER', 'DELIVERY_DATE', 'SENT_DATE'], defaultSort: 'ORDER_NUMBER', defaultDirection: 'desc', maxPageSize: null }).extend({
    category: zEnum(['UNTOUCHED', 'ACCEPTED', 'CANCELED', 'ALL'], 'UNTOUCHED'),
    dateFrom: z.iso.datetime().optional().catch(undefined),
    dateTo: z.iso.datetime().optional().catch(undefined),
  }),
  '/marketplace/sales-orders': listSearch({ directionKey: 'sortOrder', sortColumns: ['ACCEPTED_DATE', 'ORDER_NUMBER', 'DELIVERY_DATE'], defaultSort: 'ACCEPTED_DATE', defaultDirection: 'asc', maxPageSize: null }).extend({
    category: zEnum(['UNTOUCHED', 'ACCEPTED', 'CANCELED', 'ALL'], 'UNTOUCHED'),
  }),
  '/settings/permission-and-roles/product-permissions': listSearch({ sortKey: 'orderBy', sortColumns: ['NAME', 'TOTAL_ACCESSIBLE_PRODUCTS'], defaultSort: 'NAME' }).extend({
    category: zEnum(['ALL', 'IT', 'HR', 'GA', 'LI', 'MARKETPLACE', 'SETTINGS'], 'ALL'),
    freeText: zText(),
  }),
  '/settings/permission-and-roles/roles': listSearch().extend({ freeText: zText() }),
  '/settings/permission-and-roles/people-groups': listSearch().extend({ freeText: zText() }),
  '/settings/permission-and-roles/people-groups/$id/edit': z.object({ completeLinkUrl: zText() }),
  '/organization/chart': z.object({
    baseDate: zDate(),
    // An empty viewMode becomes hierarchy (spec 2.3).
    viewMode: zEnum(['hierarchy', 'tree'], 'hierarchy'),
    isCompactView: zBool(false),
  }),
  // The unit's member list (ours: paging and sorting beside the spec's filters).
  '/organization/$id': listSearch({ sortColumns: ['NAME', 'WORKER_NUMBER', 'POSITION', 'EMPLOYMENT_TYPE', 'ASSIGNED_FROM'] }).extend({
    baseDate: zDate(),
    positionId: zText(),
    positionName: zText(),
    jobTypeId: zText(),
    jobTypeName: zText(),
    employmentTypeId: zText(),
    employmentTypeName: zText(),
    text: zText(),
  }),
  '/organization/plan/$planId': z.object({ viewMode: zEnum(['hierarchy', 'tree'], 'hierarchy'), isCompactView: zBool(false) }),
  // Ours: the plans list, and the add page's preset parent (the unit focused when adding).
  '/organization/plan': listSearch({ sortColumns: ['EFFECTIVE_ON', 'NAME', 'STATUS', 'UPDATED_AT'], defaultSort: 'EFFECTIVE_ON', defaultDirection: 'desc' }).extend({
    status: zOptionalEnum(['DRAFT', 'APPLIED']),
  }),
  '/organization/plan/$planId/add': z.object({ parentUnitId: zText() }),
  '/fleets/add': z.object({ mainType: zText() }),
  '/it-operation-core/packages/$packageId': z.object({ patternId: zText() }),
  // Spec 2.6 "IT device-inventory data" and 5: pageSize 1-1000, the three
  // filters default to all. The sort columns are the task item's (spec 3), in
  // our naming; `assigned` holds the assigned people's ids (our reading).
  // patternId and requestId are required, non-empty: without either the
  // router refuses the search, and the page's error screen names the missing
  // keys ("this page's address is incomplete", screens.tsx), never a crash.
  '/it-operation-core/device-inventory/data': listSearch({
    directionKey: 'sortOrder',
    sortColumns: ['DEVICE_NAME', 'DEVICE_TAG', 'MODEL', 'GENRE', 'ASSIGNED_PERSON', 'ANCHOR_DATE', 'STATUS'],
  }).extend({
    patternId: requiredId('patternId'),
    requestId: requiredId('requestId'),
    freeText: zText(),
    deviceGenres: z.array(z.enum(DEVICE_GENRES)).default([]).catch([]),
    assigned: zIds(),
    reportStatus: zEnum(['all', 'completed', 'notCompleted'], 'all'),
    hasError: zBool(false),
    statusFilter: zEnum(['all', 'good', 'bad', 'unreported'], 'all'),
    typeFilter: zEnum(['all', 'assigned', 'installed'], 'all'),
  }),
  '/labor-core/packages': z.object({ operationPackageId: zText(), operationPackagePatternId: zText() }),
  '/contractor-core/packages': z.object({ operationPackageId: zText(), operationPackagePatternId: zText() }),
  '/ga-operation-core/packages': z.object({ tab: zEnum(['active', 'archive'], 'active') }),
};
