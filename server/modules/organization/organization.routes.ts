// The organisation area's routes (contracts: src/api/contracts/organization.ts).
import type { AnyRoute } from '../../http/route.js';
import { planRoutes } from './plans.routes.js';
import { unitRoutes } from './units.routes.js';

export const organizationRoutes = (): AnyRoute[] => [...unitRoutes(), ...planRoutes()];
