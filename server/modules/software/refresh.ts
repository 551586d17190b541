// Refreshing an integration's accounts: a job on the queue 'app-refresh'
// (one unfinished per integration: singleton key 'app-refresh:<id>'). The run
// reads every account through the integration's connector first, then, in
// its one transaction, replaces what that connector had stored, matches the
// accounts to people and records the outcome. A connector failure is the
// refresh's outcome (refresh_error), not a job failure: the job ends DONE and
// the status says FAILED with the reason.
import { sql } from 'kysely';
import { REFRESH_MIN_INTERVAL_SECONDS } from '../../../src/api/contracts/software.js';
import { createScimConnector } from '../../connectors/scim.js';
import { type ConnectorAccount, ConnectorError } from '../../connectors/types.js';
import type { Tx } from '../../db/tenant.js';
import type { JobHandler } from '../../jobs/queue.js';
import { enqueue } from '../../jobs/queue.js';
import { matchAccounts } from './accounts.js';
import { recordActivity } from './activity.js';

export const APP_REFRESH_QUEUE = 'app-refresh';
const keyOf = (integrationId: string) => `app-refresh:${integrationId}`;

/** Whether any of the integrations has a refresh queued or running (one statement). */
export async function refreshInProgress(tx: Tx, ...integrationIds: string[]): Promise<boolean> {
  if (!integrationIds.length) return false;
  const r = await sql`SELECT 1 FROM jobs WHERE singleton_key = ANY(${integrationIds.map(keyOf)}::text[]) AND state IN ('QUEUED', 'RUNNING') LIMIT 1`.execute(tx);
  return r.rows.length > 0;
}

/** ENQUEUED, ALREADY_IN_PROGRESS, or RATE_LIMITED (asked less than a minute ago). */
export async function requestRefresh(tx: Tx, orgId: string, integrationId: string, o: { ignoreRateLimit?: boolean } = {}) {
  if (await refreshInProgress(tx, integrationId)) return 'ALREADY_IN_PROGRESS' as const;
  // Locks the integration's row: two requests at once enqueue one job.
  const row = (
    await sql<{ recent: boolean }>`SELECT refresh_requested_at > now() - make_interval(secs => ${REFRESH_MIN_INTERVAL_SECONDS}) AS recent
      FROM app_integrations WHERE id = ${integrationId} FOR UPDATE`.execute(tx)
  ).rows[0];
  if (row?.recent && !o.ignoreRateLimit) return 'RATE_LIMITED' as const;
  const jobId = await enqueue(tx, { orgId, queue: APP_REFRESH_QUEUE, payload: { integrationId }, singletonKey: keyOf(integrationId), maxAttempts: 3 });
  if (!jobId) return 'ALREADY_IN_PROGRESS' as const;
  await sql`UPDATE app_integrations SET refresh_requested_at = now() WHERE id = ${integrationId}`.execute(tx);
  return 'ENQUEUED' as const;
}

interface IntegrationRow {
  id: string;
  org_id: string;
  status: string;
  deleted_at: Date | null;
  connector: 'SCIM' | 'CSV';
  scim_base_url: string | null;
  scim_token: string | null;
}

async function readAll(connector: ReturnType<typeof createScimConnector>): Promise<ConnectorAccount[]> {
  const all: ConnectorAccount[] = [];
  for await (const page of connector.accounts(AbortSignal.timeout(5 * 60_000))) all.push(...page);
  return all;
}

/** Stores what the connector read: upserts by external id, removes the connector's accounts the tenant no longer has. */
async function store(tx: Tx, i: IntegrationRow, accounts: ConnectorAccount[]) {
  const rows = accounts.map((a) => ({
    external_id: a.externalId,
    user_name: a.userName,
    display_name: a.displayName,
    email: a.email,
    role_name: a.roleName,
    status_name: a.active ? 'Active' : 'Suspended',
    groups: a.groups,
    employee_number: a.employeeNumber,
    is_active: a.active,
    last_signed_in_at: a.lastSignedInAt,
    app_created_at: a.createdAt,
  }));
  await sql`DELETE FROM app_users WHERE app_integration_id = ${i.id} AND source = 'SCIM'
    AND NOT (external_id = ANY(${rows.map((r) => r.external_id)}::text[]))`.execute(tx);
  for (let k = 0; k < rows.length; k += 5000) {
    const chunk = rows.slice(k, k + 5000);
    await sql`INSERT INTO app_users (org_id, app_integration_id, external_id, user_name, display_name, email, role_name, status_name, groups,
        employee_number, is_active, last_signed_in_at, app_created_at, deactivated_at, source)
      SELECT ${i.org_id}, ${i.id}, x.external_id, x.user_name, x.display_name, x.email, x.role_name, x.status_name,
        coalesce(ARRAY(SELECT jsonb_array_elements_text(x.groups)), '{}'), x.employee_number, x.is_active,
        x.last_signed_in_at, x.app_created_at, CASE WHEN x.is_active THEN NULL ELSE now() END, 'SCIM'
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS x(external_id text, user_name text, display_name text, email text, role_name text,
        status_name text, groups jsonb, employee_number text, is_active boolean, last_signed_in_at timestamptz, app_created_at timestamptz)
      ON CONFLICT (app_integration_id, external_id) DO UPDATE SET
        user_name = excluded.user_name, display_name = excluded.display_name, email = excluded.email, role_name = excluded.role_name,
        status_name = excluded.status_name, groups = excluded.groups, employee_number = excluded.employee_number,
        is_active = excluded.is_active, last_signed_in_at = coalesce(excluded.last_signed_in_at, app_users.last_signed_in_at),
        app_created_at = coalesce(excluded.app_created_at, app_users.app_created_at),
        deactivated_at = CASE WHEN excluded.is_active THEN NULL ELSE coalesce(app_users.deactivated_at, now()) END,
        source = 'SCIM', updated_at = now()`.execute(tx);
  }
}

export function appRefreshJobHandler(o: { allowPrivateNetwork: boolean }): JobHandler {
  return async ({ tx, job }) => {
    const { integrationId } = job.payload as { integrationId: string };
    const i = (
      await sql<IntegrationRow>`SELECT id, org_id, status, deleted_at, connector, scim_base_url, scim_token FROM app_integrations WHERE id = ${integrationId}`.execute(tx)
    ).rows[0];
    if (!i || i.deleted_at || i.status !== 'ACTIVE') return { skipped: true };
    let error: string | null = null;
    if (i.connector === 'SCIM') {
      if (!i.scim_base_url || !i.scim_token) error = 'NOT_AUTHENTICATED';
      else {
        try {
          const accounts = await readAll(createScimConnector({ baseUrl: i.scim_base_url, token: i.scim_token, allowPrivateNetwork: o.allowPrivateNetwork }));
          await store(tx, i, accounts);
        } catch (err) {
          if (!(err instanceof ConnectorError)) throw err;
          error = err.code;
        }
      }
    }
    // CSV integrations: nothing to read; the accounts are matched again (people change).
    await matchAccounts(tx, i.id);
    // The month's sign-in history (the overview's user growth and monthly active users).
    await recordActivity(tx, [i.id]);
    await sql`UPDATE app_integrations SET refreshed_at = CASE WHEN ${error}::text IS NULL THEN now() ELSE refreshed_at END, refresh_error = ${error}, updated_at = now() WHERE id = ${i.id}`.execute(tx);
    return { error };
  };
}
