// The person profile and the lifecycle (issue 7): every route of the module.
// Contracts: src/api/contracts/person.ts.
import type { AnyRoute } from '../../http/route.js';
import { assetRoutes } from './assets.js';
import { auditRoutes } from './audit.js';
import { familyRoutes } from './family.js';
import { lifecycleRoutes } from './lifecycle.js';
import { profileRoutes } from './profile.js';

export const personRoutes = (): AnyRoute[] =>
  [...profileRoutes(), ...assetRoutes(), ...auditRoutes(), ...familyRoutes(), ...lifecycleRoutes()] as never;
