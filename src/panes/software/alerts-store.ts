// What the alert commands share with the alert panes without loading them
// (the commands load at start, the panes with their chunk): paths, the query
// key root, the pane scope, and the ingestion-token dialog's store.
import { ACCOUNT_ALERT_PAGES, type AlertCsvCategory } from '../../api/contracts/app-alerts-enums.js';
import { createStore } from '../store.js';

/** Query key root of the alert counts and reads. */
export const ALERTS_KEY = 'app-alerts';
/** The alert lists' ids (each its grid's id and its query key root). */
export const ALERT_LISTS = { apps: `${ALERTS_KEY}.shadow-it-apps`, visits: `${ALERTS_KEY}.shadow-it-visits`, users: `${ALERTS_KEY}.users` } as const;
/** Every query key root of the alerts: what a change (a custom SaaS, a link) makes stale. */
export const ALERT_QUERY_ROOTS = [ALERTS_KEY, ...Object.values(ALERT_LISTS)];
/** Query key of the ingestion token's status. */
export const TOKEN_KEY = 'app-alerts-ingestion-token';
export const ALERTS_SCOPE = 'pane:app-alerts';
export const ALERTS_BASE = '/software/alerts';
export const SHADOW_IT_APPS = `${ALERTS_BASE}/shadow-it/apps`;
export const SHADOW_IT_VISITS = `${ALERTS_BASE}/shadow-it/visit-histories`;

/** The list an alert page shows, as a CSV category (null: not an alert page). */
export function alertCategoryOf(path: string): AlertCsvCategory | null {
  if (path === SHADOW_IT_APPS) return 'SHADOW_IT';
  if (path === SHADOW_IT_VISITS) return 'SHADOW_IT_VISITS';
  const page = path.startsWith(`${ALERTS_BASE}/`) ? path.slice(ALERTS_BASE.length + 1) : '';
  return (ACCOUNT_ALERT_PAGES as Record<string, AlertCsvCategory>)[page] ?? null;
}

/** The ingestion-token dialog: null closed; {token: null} the status; {token} a token just made (shown once). */
export const tokenDialog = createStore<{ token: string | null } | null>(null);
export const openTokenDialog = (token: string | null = null) => tokenDialog.set({ token });

/** The custom-SaaS form on screen registers its submit here (command customSaas.save). */
export const customSaasForm = createStore<{ save: (() => void) | null }>({ save: null });
