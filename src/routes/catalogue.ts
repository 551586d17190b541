// Every page of the console (spec 2.3) as data: one entry per path, with the
// section and page words its title is built from in both languages. The route
// tree, the palette's route commands and the `g` jumps are all derived from
// this list; a module issue replaces a page's pane, not its entry.

/** Sections of the console; titles in locales/<lang>/routes.json `sections`. */
export const SECTIONS = [
  'cockpit',
  'individual',
  'people',
  'person',
  'alumni',
  'organization',
  'places',
  'devices',
  'equipment',
  'fleets',
  'networks',
  'starlinks',
  'contracts',
  'software',
  'apps',
  'appIntegrations',
  'licenses',
  'publicIds',
  'idManagements',
  'itOperationCore',
  'gaOperationCore',
  'laborCore',
  'contractorCore',
  'marketplace',
  'timeAndAttendance',
  'settings',
] as const;
export type Section = (typeof SECTIONS)[number];

/**
 * 'module': a page its module issue builds (until then the pane says plainly
 * that the module is not available yet);
 * 'placeholder': a tab the spec itself leaves empty (an empty state).
 */
export type PageKind = 'module' | 'placeholder';

export interface PageDef {
  /** TanStack Router path, unique: '/person/$id/devices'. */
  path: string;
  section: Section;
  /** Page word key in locales/<lang>/routes.json `pages` ('' = the section itself). */
  page: string;
  kind: PageKind;
}

const pages: PageDef[] = [];

function add(section: Section, path: string, page: string, kind: PageKind = 'module') {
  pages.push({ path, section, page, kind });
}
/** One page per tab under base: `${base}/${tab}`, page word = tab. */
function tabs(section: Section, base: string, list: string[], kind: PageKind = 'module') {
  for (const tab of list) add(section, `${base}/${tab}`, tab, kind);
}

// Top level
add('cockpit', '/cockpit', '');
add('cockpit', '/cockpit/$id', 'detail');
add('individual', '/individual', '');
add('individual', '/individual/task/$id', 'task');
add('individual', '/individual/task/$id/approval', 'approval');
add('individual', '/individual/task/$id/approval-dialog', 'approval-dialog');
add('individual', '/individual/task/$id/form/$formId', 'form');
add('individual', '/individual/operation-package/$id/pattern/$patternId', 'operation-package');

// People
tabs('people', '/people', ['workforce', 'alumni']);
tabs('people', '/people', ['alerts', 'community', 'operation-activity', 'people-graph', 'rule-and-policy', 'salary-and-payment'], 'placeholder');
export const PEOPLE_SETTINGS_LISTS = [
  'work-mode',
  'retirement-reasons',
  'positions',
  'place-social-insurances',
  'job-types',
  'job-titles',
  'job-levels',
  'job-grades',
  'job-functions',
  'job-competencies',
  'health-insurance-associations',
  'grades',
  'employment-types',
  'contractor-types',
  'contract-end-reasons',
  'collaborator-types',
  'board-member-types',
] as const;
tabs('people', '/people/settings', [...PEOPLE_SETTINGS_LISTS]);
add('person', '/person/add/$workerType', 'add');
add('person', '/person/add/$workerType/completed', 'add-completed');
add('person', '/person/import-csv/$workerType', 'import-csv');
add('person', '/person/external-hr-saas', 'external-hr-saas');
add('person', '/person/external-hr-saas/$appIntegrationId', 'external-hr-saas-preview');
const PROFILE_TABS = ['public-id', 'personal-information', 'history', 'equipment', 'employee-information', 'devices', 'apps', 'activity'];
tabs('person', '/person/$id', PROFILE_TABS);
add('person', '/person/$id/family/$familyPersonId', 'family');
tabs('alumni', '/alumni/$id', PROFILE_TABS);

// Organisation
add('organization', '/organization/chart', 'chart');
add('organization', '/organization/plan', 'plan');
add('organization', '/organization/plan/create', 'plan-create');
add('organization', '/organization/plan/$planId', 'plan-detail');
add('organization', '/organization/plan/$planId/add', 'plan-add');
add('organization', '/organization/plan/$planId/edit/$unitId', 'plan-edit');
add('organization', '/organization/$id', 'unit');
add('organization', '/organization/$id/settings', 'unit-settings');

// Places
add('places', '/places', '');
add('places', '/places/add', 'add');
add('places', '/places/add-select', 'add-select');
add('places', '/places/import-csv', 'import-csv');
add('places', '/places/$id', 'profile');
tabs('places', '/places/$id', ['labor-core', 'administrators', 'attendance-links']);
tabs('places', '/places/$id', ['store', 'settings', 'rule-and-policy', 'people', 'overview', 'operation-activity', 'contract-and-cost', 'alerts'], 'placeholder');

// Devices
tabs('devices', '/devices', ['people', 'inventory', 'settings']);
add('devices', '/devices/settings/catalog', 'catalog');
tabs('devices', '/devices', ['rule-and-policy', 'operation-activity', 'contract-and-cost', 'alerts'], 'placeholder');
add('devices', '/devices/add', 'add');
add('devices', '/devices/add/$deviceType', 'add-type');
add('devices', '/devices/add/$deviceType/completed', 'add-completed');
add('devices', '/devices/import-csv/$deviceType', 'import-csv');
add('devices', '/devices/external-it-saas', 'external-it-saas');
add('devices', '/devices/external-it-saas/$appIntegrationId', 'external-it-saas-preview');
tabs('devices', '/profile/device/$id', ['status', 'mdm', 'control', 'monitoring', 'configuration', 'history', 'lifecycle']);

// Equipment
add('equipment', '/equipment', '');
tabs('equipment', '/equipment/settings', ['equipment-types', 'equipment-items']);
tabs('equipment', '/equipment', ['rule-and-policy', 'overview', 'alerts'], 'placeholder');
add('equipment', '/equipment/add', 'add');
add('equipment', '/equipment/add-select', 'add-select');
add('equipment', '/equipment/import-csv', 'import-csv');
add('equipment', '/equipment/$id', 'profile');

// Fleets, networks, starlinks
add('fleets', '/fleets', '');
add('fleets', '/fleets/add', 'add');
add('fleets', '/fleets/add-select', 'add-select');
add('fleets', '/fleets/$id', 'profile');
tabs('fleets', '/fleets', ['settings', 'rule-and-policy', 'overview', 'alerts'], 'placeholder');
add('networks', '/networks', '');
add('networks', '/networks/add', 'add');
add('networks', '/networks/$id', 'profile');
tabs('networks', '/networks', ['settings', 'rule-and-policy', 'overview', 'operation-activity', 'contract-and-cost', 'alerts'], 'placeholder');
add('starlinks', '/starlinks', '');
tabs('starlinks', '/starlinks/$id', ['overview', 'detail']);
add('starlinks', '/starlinks/alerts', 'alerts');
tabs('starlinks', '/starlinks', ['overview', 'operation-activity', 'marketplace', 'billing-and-cost'], 'placeholder');

// Contracts
add('contracts', '/contract', '');
add('contracts', '/contract/add', 'add');
add('contracts', '/contract/import-csv/$contractType', 'import-csv');
add('contracts', '/contract/$id', 'profile');
add('contracts', '/contract/$id/structure', 'structure');
tabs(
  'contracts',
  '/contract',
  ['people', 'overview', 'operation-activity', 'contract-and-cost', 'alerts', 'rule-and-policy', 'risk-provisions', 'history', 'approval-info'],
  'placeholder',
);

// Software and apps
tabs('software', '/software', ['marketplace', 'registry', 'people', 'settings']);
tabs('software', '/software', ['contract-and-cost', 'operation-activity', 'rule-and-policy'], 'placeholder');
add('software', '/software/add', 'add');
add('software', '/software/add/$type', 'add-type');
add('software', '/software/add/custom-saas/$customSaasType', 'add-custom-saas');
// Spec 2.3 apps: "custom-app add by {customAppType}". /apps/* lands on the
// same path under /software (spec 2.1), so the page lives there.
add('apps', '/software/add/custom-app/$customAppType', 'add-type');
add('software', '/software/marketplace/$id', 'marketplace-app');
add('software', '/software/marketplace/install/finish', 'install-finish');
tabs('software', '/software/$id', ['overview', 'users', 'activity-monitoring', 'detail', 'architecture', 'contracts-cost', 'rule-and-policy', 'settings']);
add('software', '/software/alerts/shadow-it/apps', 'apps-shadow');
add('software', '/software/alerts/shadow-it/visit-histories', 'visit-histories');
tabs('software', '/software/alerts', ['violated-role', 'violated-assignment', 'no-worker', 'no-user', 'inactive-user', 'alumni']);
// Ours: the integrations list (spec 2.6 "App integrations list"; its old
// /software/integrations path redirects to the registry, spec 2.1) lives at
// the root of the integration pages.
add('appIntegrations', '/app-integrations', '');
tabs('appIntegrations', '/app-integrations/$id', ['overview', 'users', 'groups', 'detail', 'architecture', 'rule-and-policy', 'settings']);
add('appIntegrations', '/app-integrations/import-csv/$id', 'import-csv');

// Licenses
tabs('licenses', '/licenses', ['inventory', 'people', 'settings']);
tabs('licenses', '/licenses', ['rule-and-policy', 'operation-activity', 'contract-and-cost', 'alerts'], 'placeholder');
add('licenses', '/licenses/add', 'add');
add('licenses', '/licenses/add/$allocationType', 'add-type');
add('licenses', '/licenses/add/$allocationType/completed', 'add-completed');
add('licenses', '/licenses/$id', 'profile');
tabs('licenses', '/licenses/$id', ['assignments', 'people', 'service-plans']);
add('licenses', '/licenses/$id/service-plans/$licenseServiceId', 'service-plan');

// Public IDs
add('publicIds', '/public-ids/registry', 'registry');
add('publicIds', '/public-ids/add', 'add');
add('publicIds', '/public-ids/import-csv/$publicIdType', 'import-csv');
tabs('publicIds', '/public-ids/$id', ['details', 'files']);

// ID management
add('idManagements', '/id-managements', '');
add('idManagements', '/id-managements/group-id/add', 'group-id-add');
tabs('idManagements', '/id-managements/group-id/$id', ['members', 'rule-and-policy', 'settings']);
tabs('idManagements', '/id-managements', ['overview', 'operation-activity', 'alerts'], 'placeholder');

// Operation cores
for (const [section, base] of [
  ['itOperationCore', '/it-operation-core'],
  ['gaOperationCore', '/ga-operation-core'],
  ['laborCore', '/labor-core'],
  ['contractorCore', '/contractor-core'],
] as const) {
  add(section, `${base}/packages`, 'packages');
  add(section, `${base}/packages/configs`, 'packages-configs');
  add(section, `${base}/config/$patternId`, 'config');
  add(section, `${base}/operation-packages/$id/patterns/$patternId/instances/$instanceId`, 'instance');
  add(section, `${base}/operation-packages/$id/patterns/$patternId/instances/$instanceId/data`, 'instance-data');
}
add('itOperationCore', '/it-operation-core/packages/$packageId', 'package');
add('itOperationCore', '/it-operation-core/archived', 'archived');
add('itOperationCore', '/it-operation-core/device-inventory', 'device-inventory');
add('itOperationCore', '/it-operation-core/device-inventory/data', 'device-inventory-data');
tabs('itOperationCore', '/it-operation-core/operation-instances/$instanceId', ['detail', 'data', 'operation-activity']);

// Marketplace
add('marketplace', '/marketplace/store/devices', 'devices');
add('marketplace', '/marketplace/store/devices/$productId', 'product');
add('marketplace', '/marketplace/sales-orders', 'sales-orders');
add('marketplace', '/marketplace/sales-orders/$orderId', 'sales-order');
add('marketplace', '/marketplace/sent-orders', 'sent-orders');
add('marketplace', '/marketplace/sent-orders/$orderId', 'sent-order');
add('marketplace', '/marketplace/sent-orders/$orderId/activities', 'activity');
add('marketplace', '/marketplace/cart', 'cart');
add('marketplace', '/marketplace/unavailable', 'unavailable');

// Time and attendance
tabs('timeAndAttendance', '/time-and-attendance/summary', ['daily-place', 'monthly-place', 'monthly-person']);
add('timeAndAttendance', '/time-and-attendance/attendance-links', 'attendance-links');
add('timeAndAttendance', '/time-and-attendance/attendance-links/$placeId', 'attendance-link');
tabs('timeAndAttendance', '/time-and-attendance', ['clocking', 'attendances'], 'placeholder');

// Settings
tabs('settings', '/settings/persons', ['staff', 'individual', 'settings']);
for (const list of ['roles', 'product-permissions', 'people-groups']) {
  const base = `/settings/permission-and-roles/${list}`;
  add('settings', base, list);
  add('settings', `${base}/new`, `${list}-new`);
  add('settings', `${base}/$id`, `${list}-detail`);
  add('settings', `${base}/$id/edit`, `${list}-edit`);
}
add('settings', '/settings/mfa', 'mfa');

export const PAGES: readonly PageDef[] = pages;

/** Pages reachable without ids: these get palette commands. */
export const STATIC_PAGES = PAGES.filter((p) => !p.path.includes('$'));
