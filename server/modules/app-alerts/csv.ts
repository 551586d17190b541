// The alert lists as CSV (GET /v2/app-alerts-csv): a source of the shared
// export (../module/csv.routes.ts registerCsvExport): the call answers a
// signed, 5-minute /v2/exports/{token} URL, which streams the file from the
// database in keyset batches, each its own short scoped transaction (UTF-8
// with BOM or Shift_JIS, headers in the caller's language). One source per
// category (its columns differ): 'app-alerts.<category>'.
import type { AccountAlertCategory, AlertCsvCategory, UnknownFilter } from '../../../src/api/contracts/app-alerts.js';
import { ACCOUNT_ALERT_CATEGORIES, CSV_CATEGORIES } from '../../../src/api/contracts/app-alerts.js';
import type { Locale } from '../../../src/api/contracts/common.js';
import type { AppUserRow } from '../../../src/api/contracts/software.js';
import type { CsvEncoding } from '../../csv/codec.js';
import type { AppDeps } from '../../deps.js';
import type { Tx } from '../../db/tenant.js';
import { t } from '../../http/i18n.js';
import type { AuthContext } from '../../http/route.js';
import { csvExportLink, registerCsvExport } from '../module/csv.routes.js';
import { type AccountCursor, accountAlertsAfter } from './alert-accounts.js';
import { listShadowItApps, visitsAfter } from './shadow-it.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

const sourceOf = (category: AlertCsvCategory) => `app-alerts.${category}`;

export const alertsFilename = (category: AlertCsvCategory) => `app-alerts-${category}-${todayInJapan()}.csv`;

export function alertsExport(deps: AppDeps, auth: AuthContext, locale: Locale, q: { category: AlertCsvCategory; encoding: CsvEncoding; unknown: UnknownFilter }) {
  const r = csvExportLink(deps, auth, locale, { source: sourceOf(q.category), mode: 'view', encoding: q.encoding, q: { category: q.category, unknown: q.unknown }, filename: alertsFilename(q.category) });
  return { url: r.url, mode: 'view' as const, filename: r.filename };
}

/** Japan time, to the minute: what a spreadsheet user reads (the API gives ISO instants). */
const jst = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
const when = (iso: string | null) => (iso ? jst.format(new Date(iso)) : '');

const ACCOUNT_COLUMNS = ['app', 'tenant', 'accountName', 'displayName', 'email', 'role', 'status', 'lastSignedInAt', 'person', 'workerNumber', 'workerEmail', 'assignedRole', 'rule', 'suggestedAction'] as const;
const APP_COLUMNS = ['name', 'category', 'websiteUrl', 'integratableAppId', 'countUniqueUser', 'count7DaysHistory', 'count30DaysHistory', 'lastVisitedAt', 'users'] as const;
const VISIT_COLUMNS = ['visitedAt', 'userName', 'userEmail', 'app', 'category', 'url', 'detectionTool'] as const;

const columnsOf = (c: AlertCsvCategory): readonly string[] => (c === 'SHADOW_IT' ? APP_COLUMNS : c === 'SHADOW_IT_VISITS' ? VISIT_COLUMNS : ACCOUNT_COLUMNS);
const isAccountCategory = (c: string): c is AccountAlertCategory => (ACCOUNT_ALERT_CATEGORIES as readonly string[]).includes(c);

function accountCells(loc: Locale, row: AppUserRow, tenant: string | null): string[] {
  return [
    row.appIntegration.appName,
    tenant ?? '',
    row.name ?? '',
    row.displayName ?? '',
    row.email ?? '',
    row.actualRoleName ?? '',
    row.statusName ?? (row.appUserId ? t(loc, row.isActive ? 'appAlerts:csv.active' : 'appAlerts:csv.inactive') : ''),
    when(row.lastSignedInAt),
    row.worker?.personName ?? '',
    row.workerNumber ?? '',
    row.worker?.workerEmail ?? '',
    row.worker?.assignedRoleName ?? '',
    t(loc, `appAlerts:rule.${row.ruleMatching}`),
    row.suggestedAction ? t(loc, `appAlerts:suggestedAction.${row.suggestedAction}`) : '',
  ];
}

/** One batch of a category's lines after `cursor` (JSON of the list's keyset; null from the start), cursor null when done. */
async function batch(tx: Tx, loc: Locale, q: { category: AlertCsvCategory; unknown: UnknownFilter }, cursor: string | null, limit: number) {
  const { category, unknown } = q;
  if (isAccountCategory(category)) {
    const b = await accountAlertsAfter(tx, category, cursor ? (JSON.parse(cursor) as AccountCursor) : null, limit);
    return { cells: b.items.map((x) => accountCells(loc, x.row, x.tenantName)), cursor: b.items.length < limit || !b.cursor ? null : JSON.stringify(b.cursor) };
  }
  if (category === 'SHADOW_IT') {
    // A few hundred apps at most: pages of the list itself, in its default order.
    const page = cursor ? Number(cursor) : 0;
    const b = await listShadowItApps(tx, { page, pageSize: limit, sortBy: 'count30DaysHistory', sortOrder: 'desc', unknown });
    const cells = b.items.map((a) => [
      a.name,
      t(loc, `software:enums.category.${a.category}`),
      a.websiteUrl,
      a.integratableAppId ?? '',
      String(a.countUniqueUser),
      String(a.count7DaysHistory),
      String(a.count30DaysHistory),
      when(a.lastVisitedAt),
      a.users.map((u) => u.email).join(' '),
    ]);
    return { cells, cursor: b.items.length < limit ? null : String(page + 1) };
  }
  const b = await visitsAfter(tx, cursor ? (JSON.parse(cursor) as { at: string; id: string }) : null, limit);
  const cells = b.items.map((v) => [when(v.visitedAt), v.user.name, v.user.email, v.traceableApp.name, t(loc, `software:enums.category.${v.category}`), v.url, v.detectionTool]);
  return { cells, cursor: b.items.length < limit || !b.cursor ? null : JSON.stringify(b.cursor) };
}

for (const category of CSV_CATEGORIES) {
  registerCsvExport({
    id: sourceOf(category),
    header: (loc) => columnsOf(category).map((k) => t(loc, `appAlerts:csv.columns.${k}`)),
    batch: (tx, grant, cursor, limit) => batch(tx, grant.loc, { category, unknown: (grant.q.unknown as UnknownFilter | undefined) ?? 'INCLUDE' }, cursor, limit),
  });
}
