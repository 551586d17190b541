// Built panes by page path. A page of the catalogue without an entry here
// shows the plain "module not available yet" pane. Panes load lazily, so each
// module is its own chunk.
import { type ComponentType, lazy } from 'react';
import { modulePanes } from './module/panes.js';
import { PROFILE_TABS } from './person/person-store.js';

const permissionLists = () => import('./settings/permission-lists.js');
// App integrations (issue 6): one chunk for the frame and its tabs.
const integration = () => import('./software/integration-panes.js');
// Marketplace, install and the software page (issue 6): one chunk.
const marketplace = () => import('./software/marketplace-panes.js');
const softwarePage = lazy(() => marketplace().then((m) => ({ default: m.SoftwarePagePane })));
// App alerts and shadow IT (issue 6): one chunk for the eight alert pages.
const alerts = () => import('./software/alerts.js');
// The organisation (issue 7): chart, units, plans — one chunk.
const organization = () => import('./organization/organization-panes.js');
// The person profile (issue 7): every tab of /person/{id} and /alumni/{id}
// (the apps tab wraps the integrations' accounts grid), the family member's
// page, and a read-only device pane until the devices module: one chunk.
const person = () => import('./person/person-panes.js');
const personPanes = Object.fromEntries([
  ...['/person/$id', '/alumni/$id'].flatMap((base) =>
    PROFILE_TABS.map((tab) => [`${base}/${tab}`, lazy(() => person().then((m) => ({ default: m.profileTabPane(tab) })))]),
  ),
  ['/person/$id/family/$familyPersonId', lazy(() => person().then((m) => ({ default: m.FamilyMemberPane })))],
  ['/profile/device/$id/status', lazy(() => person().then((m) => ({ default: m.DevicePane })))],
]) as Record<string, ComponentType>;
// Adding people (issue 7): add, completed, CSV import, external HR SaaS — one chunk.
const personAdd = () => import('./person-add/person-add-panes.js');
// The people lists (issue 7): workforce, alumni and the /people placeholder tabs — one chunk.
const people = () => import('./people/people-panes.js');
const PEOPLE_PLACEHOLDERS = ['alerts', 'community', 'operation-activity', 'people-graph', 'rule-and-policy', 'salary-and-payment'];
const SOFTWARE_TABS = ['overview', 'users', 'activity-monitoring', 'detail', 'architecture', 'contracts-cost', 'rule-and-policy', 'settings'];

export const PANES: Readonly<Record<string, ComponentType>> = {
  ...modulePanes(),
  '/settings/permission-and-roles/roles': lazy(() => permissionLists().then((m) => ({ default: m.RolesPane }))),
  '/settings/permission-and-roles/product-permissions': lazy(() => permissionLists().then((m) => ({ default: m.ProductPermissionsPane }))),
  '/settings/permission-and-roles/people-groups': lazy(() => permissionLists().then((m) => ({ default: m.PeopleGroupsPane }))),
  '/settings/mfa': lazy(() => import('./settings/mfa-pane.js').then((m) => ({ default: m.MfaPane }))),
  '/individual': lazy(() => import('./individual-home.js').then((m) => ({ default: m.IndividualHomePane }))),
  '/app-integrations': lazy(() => integration().then((m) => ({ default: m.IntegrationsListPane }))),
  '/app-integrations/$id/overview': lazy(() => integration().then((m) => ({ default: m.IntegrationOverviewPane }))),
  '/app-integrations/$id/users': lazy(() => integration().then((m) => ({ default: m.IntegrationUsersPane }))),
  '/app-integrations/$id/groups': lazy(() => integration().then((m) => ({ default: m.IntegrationGroupsPane }))),
  '/app-integrations/$id/detail': lazy(() => integration().then((m) => ({ default: m.IntegrationDetailPane }))),
  '/app-integrations/$id/architecture': lazy(() => integration().then((m) => ({ default: m.IntegrationArchitecturePane }))),
  '/app-integrations/$id/rule-and-policy': lazy(() => integration().then((m) => ({ default: m.IntegrationRulesPane }))),
  '/app-integrations/$id/settings': lazy(() => integration().then((m) => ({ default: m.IntegrationSettingsPane }))),
  '/app-integrations/import-csv/$id': lazy(() => import('./software/integration-import.js').then((m) => ({ default: m.IntegrationImportPane }))),
  '/software/people': lazy(() => integration().then((m) => ({ default: m.SoftwarePeoplePane }))),
  '/software/settings': lazy(() => integration().then((m) => ({ default: m.SoftwareSettingsPane }))),
  // Over the module's generic add page: a type first (spec 2.3 /software/add/{type}).
  '/software/add': lazy(() => integration().then((m) => ({ default: m.SoftwareAddPane }))),
  '/software/add/$type': lazy(() => integration().then((m) => ({ default: m.SoftwareAddTypePane }))),
  '/software/marketplace': lazy(() => marketplace().then((m) => ({ default: m.MarketplacePane }))),
  '/software/marketplace/$id': lazy(() => marketplace().then((m) => ({ default: m.MarketplaceAppPane }))),
  '/software/marketplace/install/finish': lazy(() => marketplace().then((m) => ({ default: m.InstallFinishPane }))),
  '/software/alerts/shadow-it/apps': lazy(() => alerts().then((m) => ({ default: m.ShadowItAppsPane }))),
  '/software/alerts/shadow-it/visit-histories': lazy(() => alerts().then((m) => ({ default: m.ShadowItVisitsPane }))),
  '/software/alerts/violated-role': lazy(() => alerts().then((m) => ({ default: m.ViolatedRolePane }))),
  '/software/alerts/violated-assignment': lazy(() => alerts().then((m) => ({ default: m.ViolatedAssignmentPane }))),
  '/software/alerts/no-worker': lazy(() => alerts().then((m) => ({ default: m.NoWorkerPane }))),
  '/software/alerts/no-user': lazy(() => alerts().then((m) => ({ default: m.NoUserPane }))),
  '/software/alerts/inactive-user': lazy(() => alerts().then((m) => ({ default: m.InactiveUserPane }))),
  '/software/alerts/alumni': lazy(() => alerts().then((m) => ({ default: m.AlumniPane }))),
  '/software/add/custom-saas/$customSaasType': lazy(() => import('./software/custom-saas-add.js').then((m) => ({ default: m.CustomSaasAddPane }))),
  '/software/add/custom-app/$customAppType': lazy(() => import('./software/custom-saas-add.js').then((m) => ({ default: m.CustomSaasAddPane }))),
  // Replaces the module mechanism's record pane on /software/$id/detail (paths.record stays).
  ...Object.fromEntries(SOFTWARE_TABS.map((tab) => [`/software/$id/${tab}`, softwarePage])),
  '/people/workforce': lazy(() => people().then((m) => ({ default: m.WorkforcePane }))),
  '/people/alumni': lazy(() => people().then((m) => ({ default: m.AlumniPane }))),
  ...Object.fromEntries(PEOPLE_PLACEHOLDERS.map((tab) => [`/people/${tab}`, lazy(() => people().then((m) => ({ default: () => <m.PeoplePlaceholderPane tab={tab} /> })))])),
  ...personPanes,
  '/person/add/$workerType': lazy(() => personAdd().then((m) => ({ default: m.PersonAddPane }))),
  '/person/add/$workerType/completed': lazy(() => personAdd().then((m) => ({ default: m.PersonAddCompletedPane }))),
  '/person/import-csv/$workerType': lazy(() => personAdd().then((m) => ({ default: m.PersonImportPane }))),
  '/person/external-hr-saas': lazy(() => personAdd().then((m) => ({ default: m.HrSaasListPane }))),
  '/person/external-hr-saas/$appIntegrationId': lazy(() => personAdd().then((m) => ({ default: m.HrSaasPreviewPane }))),
  '/organization/chart': lazy(() => organization().then((m) => ({ default: m.ChartPane }))),
  '/organization/$id': lazy(() => organization().then((m) => ({ default: m.UnitPane }))),
  '/organization/$id/settings': lazy(() => organization().then((m) => ({ default: m.UnitSettingsPane }))),
  '/organization/plan': lazy(() => organization().then((m) => ({ default: m.PlansPane }))),
  '/organization/plan/create': lazy(() => organization().then((m) => ({ default: m.PlanCreatePane }))),
  '/organization/plan/$planId': lazy(() => organization().then((m) => ({ default: m.PlanPane }))),
  '/organization/plan/$planId/add': lazy(() => organization().then((m) => ({ default: m.PlanUnitPane }))),
  '/organization/plan/$planId/edit/$unitId': lazy(() => organization().then((m) => ({ default: m.PlanUnitPane }))),
};
