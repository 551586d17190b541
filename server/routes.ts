// The route table: every API route of the server, module by module. The
// route-table test walks it, so a route added here is checked for 401/403
// with no extra test code.
import type { AnyRoute } from './http/route.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { invitationRoutes } from './modules/invitations/invitations.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { sessionRoutes } from './modules/session/session.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { storageRoutes } from './modules/storage/storage.routes.js';
import { MODULES } from '../src/api/modules/index.js';
import { csvRoutes } from './modules/module/csv.routes.js';
import { moduleRoutes } from './modules/module/module.routes.js';
import { pickerRoutes } from './modules/pickers/pickers.routes.js';
import { softwareRoutes } from './modules/software/software.routes.js';
import { appAlertRoutes } from './modules/app-alerts/app-alerts.routes.js';
import { overviewRoutes } from './modules/software/overview.js';
import { softwareLogoRoutes } from './modules/software/logo.routes.js';
import { accountsCsvRoutes } from './modules/software/accounts-csv.js';
import { peopleRoutes } from './modules/people/people.routes.js';
import { organizationRoutes } from './modules/organization/organization.routes.js';
import { personRoutes } from './modules/person/person.routes.js';
import { personAddRoutes } from './modules/person-add/person-add.routes.js';

export const routeTable: readonly AnyRoute[] = [...authRoutes, ...sessionRoutes, ...invitationRoutes, ...settingsRoutes, ...searchRoutes, ...pickerRoutes, ...peopleRoutes(), ...MODULES.flatMap(moduleRoutes), ...csvRoutes(), ...storageRoutes, ...softwareRoutes(), ...appAlertRoutes(), ...overviewRoutes(), ...softwareLogoRoutes(), ...accountsCsvRoutes(), ...organizationRoutes(), ...personRoutes(), ...personAddRoutes()] as never;
