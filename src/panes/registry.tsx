// Built panes by page path. A page of the catalogue without an entry here
// shows the plain "module not available yet" pane. Panes load lazily, so each
// module is its own chunk.
import { type ComponentType, lazy } from 'react';
import { modulePanes } from './module/panes.js';

const permissionLists = () => import('./settings/permission-lists.js');
// App integrations (issue 6): one chunk for the frame and its tabs.
const integration = () => import('./software/integration-panes.js');
// Marketplace, install and the software page (issue 6): one chunk.
const marketplace = () => import('./software/marketplace-panes.js');
const softwarePage = lazy(() => marketplace().then((m) => ({ default: m.SoftwarePagePane })));
// App alerts and shadow IT (issue 6): one chunk for the eight alert pages.
const alerts = () => import('./software/alerts.js');
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
  '/person/$id/apps': lazy(() => integration().then((m) => ({ default: m.PersonAppsPane }))),
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
};
