// The app-integration pages (one lazy chunk): the list, the tabs of one
// integration, and the person's apps tab where accounts meet their person.
import { IntegrationFrame } from './integration-frame.js';
import { IntegrationOverview } from './integration-overview.js';

export { IntegrationsListPane } from './integrations-list.js';
export { IntegrationUsersPane } from './integration-users.js';
export { IntegrationSettingsPane } from './integration-settings.js';
export { IntegrationArchitecturePane, IntegrationDetailPane, IntegrationGroupsPane, IntegrationRulesPane } from './integration-tabs.js';
export { SoftwarePeoplePane } from './software-people.js';
export { SoftwareSettingsPane } from './software-settings.js';
export { SoftwareAddPane, SoftwareAddTypePane } from './software-add.js';

export const IntegrationOverviewPane = () => <IntegrationFrame tab="overview">{(i) => <IntegrationOverview integrationId={i.appIntegrationId} />}</IntegrationFrame>;
