// The people master lists are seventeen declarations of one factory
// (src/api/modules/people-settings.ts). The API suites test what the factory
// produces in depth on one of them, REPRESENTATIVE (positions: it has every
// field a list may have), and each other declaration lightly: the generic
// module suite gives them a smoke test, the tenant-isolation walk calls their
// routes with one id, the route-table walk checks their access rule as data
// (their routes run the same registration as the representative's), and
// tests/api/people-settings.test.ts checks every list against another
// organisation's rows. This keeps seventeen lists from costing seventeen
// times the suite's time.
import { moduleContracts } from '../../src/api/modules/contracts.js';
import { PEOPLE_SETTINGS_MODULES } from '../../src/api/modules/people-settings.js';

export const REPRESENTATIVE = 'positions';

/** The ids of the modules tested lightly. */
export const DECLARATIONS: ReadonlySet<string> = new Set(PEOPLE_SETTINGS_MODULES.filter((m) => m.id !== REPRESENTATIVE).map((m) => m.id));

/** The contract ids of their routes. */
export const DECLARATION_ROUTES: ReadonlySet<string> = new Set(
  PEOPLE_SETTINGS_MODULES.filter((m) => DECLARATIONS.has(m.id)).flatMap((m) => Object.values(moduleContracts(m)).flatMap((c) => (c ? [c.id] : []))),
);
