// The route table: every API route of the server, module by module. The
// route-table test walks it, so a route added here is checked for 401/403
// with no extra test code.
import type { AnyRoute } from './http/route.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { invitationRoutes } from './modules/invitations/invitations.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { sessionRoutes } from './modules/session/session.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';

export const routeTable: readonly AnyRoute[] = [...authRoutes, ...sessionRoutes, ...invitationRoutes, ...settingsRoutes, ...searchRoutes] as never;
