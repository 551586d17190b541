// The organisation area's panes, one lazy chunk (src/panes/registry.tsx).
export { ChartPane } from './chart.js';
export { UnitPane, UnitSettingsPane } from './unit.js';
export { PlanCreatePane, PlanPane, PlansPane, PlanUnitPane } from './plans.js';
