// Spec 2.1 redirects as data, plus a few of our own where the spec names a
// section but no landing page (marked "ours"). The router turns each into a
// route whose beforeLoad redirects; the unit test walks them all.

export interface RedirectDef {
  from: string;
  to: string;
  /** Carry the query string over unchanged (spec: the apps area). */
  keepSearch?: boolean;
  /** Carry only these search keys over (spec: organisation history keeps baseDate). */
  pickSearch?: string[];
}

export const REDIRECTS: readonly RedirectDef[] = [
  { from: '/', to: '/software' },
  { from: '/software', to: '/software/registry', keepSearch: true }, // ours: the registry is the software home
  { from: '/software/integrations', to: '/software/registry', keepSearch: true },
  // Ours: an integration opens on its first tab (a subordinate one, which has
  // no overview, moves on to its users: integration-frame.tsx).
  { from: '/app-integrations/$id', to: '/app-integrations/$id/overview' },
  { from: '/settings', to: '/settings/persons/staff' },
  { from: '/settings/persons', to: '/settings/persons/staff' },
  { from: '/settings/permission-and-roles', to: '/settings/permission-and-roles/roles' },
  { from: '/equipment/settings', to: '/equipment/settings/equipment-types' },
  { from: '/people/settings', to: '/people/settings/employment-types' },
  { from: '/people', to: '/people/workforce', keepSearch: true }, // ours
  { from: '/organization', to: '/organization/chart' },
  { from: '/organization/rule-policy', to: '/organization/chart' },
  { from: '/organization/history', to: '/organization/chart', pickSearch: ['baseDate'] },
  { from: '/organization/cost', to: '/organization/chart' },
  { from: '/organization/alert', to: '/organization/chart' },
  { from: '/it-operation-core', to: '/it-operation-core/packages' },
  { from: '/ga-operation-core', to: '/ga-operation-core/packages' }, // ours
  { from: '/labor-core', to: '/labor-core/packages' }, // ours
  { from: '/contractor-core', to: '/contractor-core/packages' }, // ours
  { from: '/public-ids', to: '/public-ids/registry' },
  { from: '/public-ids/settings', to: '/public-ids/registry' },
  { from: '/public-ids/rules-and-policies', to: '/public-ids/registry' },
  { from: '/public-ids/operation-activity', to: '/public-ids/registry' },
  { from: '/public-ids/members', to: '/public-ids/registry' },
  { from: '/public-ids/alerts', to: '/public-ids/registry' },
  { from: '/public-ids/$id', to: '/public-ids/$id/details' },
  { from: '/time-and-attendance', to: '/time-and-attendance/summary/daily-place' },
  { from: '/time-and-attendance/summary', to: '/time-and-attendance/summary/daily-place' },
  { from: '/person/$id', to: '/person/$id/personal-information' },
  { from: '/alumni/$id', to: '/alumni/$id/personal-information' },
  { from: '/id-managements/group-id/$id', to: '/id-managements/group-id/$id/members' },
  { from: '/software/alerts', to: '/software/alerts/shadow-it/apps' },
  { from: '/software/alerts/shadow-it', to: '/software/alerts/shadow-it/apps' },
  { from: '/it-operation-core/operation-instances/$instanceId', to: '/it-operation-core/operation-instances/$instanceId/detail' },
  { from: '/devices', to: '/devices/people', keepSearch: true }, // ours
  { from: '/licenses', to: '/licenses/inventory', keepSearch: true }, // ours
  { from: '/marketplace', to: '/marketplace/store/devices' }, // ours
  { from: '/time-and-attendance/summary/daily', to: '/time-and-attendance/summary/daily-place' }, // ours: short form
];

/** A page whose URL must name a search value: when it is missing (or
 * invalid), the page redirects to itself with `key=value`. */
export interface SearchRedirectDef {
  path: string;
  key: string;
  value: string;
}

export const SEARCH_REDIRECTS: readonly SearchRedirectDef[] = [
  // (The integration users page's category: ALL for a subordinate
  // integration, else FOLLOWING — decided by its pane, which reads the
  // integration: src/panes/software/integration-users.tsx.)
];

/** /apps and /apps/* → the same path under /software, query kept (spec 2.1). */
export function appsToSoftware(pathAfterApps: string): string {
  const rest = pathAfterApps.replace(/^\/+/, '');
  return rest ? `/software/${rest}` : '/software';
}

/** Fills $params of a target path from the matched params. */
export function fillParams(path: string, params: Record<string, string>): string {
  return path.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
