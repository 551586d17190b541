// Sign-in activity, month by month (0011_app_activity): what the overview's
// user growth, monthly active users and monthly cost read for past months.
// A connector tells only each account's last sign-in, so each refresh keeps
// a row per account for the current month (active or not, signed in this
// month or not) and marks the month of an earlier last sign-in (a refresh
// on the 1st still sees who signed in on the 31st). Months are calendar
// months in Japan time, like the rest of the console's dates.
import { sql } from 'kysely';
import type { Tx } from '../../db/tenant.js';

/** The first day of the current month in Asia/Tokyo, as a date. */
export const CURRENT_MONTH = sql`date_trunc('month', now() AT TIME ZONE 'Asia/Tokyo')::date`;
/** The instant the current month began in Asia/Tokyo. */
export const CURRENT_MONTH_START = sql`(date_trunc('month', now() AT TIME ZONE 'Asia/Tokyo') AT TIME ZONE 'Asia/Tokyo')`;

/** How far back a late-seen sign-in is recorded: the overview shows 12 months. */
const HISTORY_MONTHS = 12;

/**
 * Records the integrations' accounts as they are now into the month's
 * history, in one statement. Called inside the refresh's transaction after
 * the accounts are stored (and by the demo seed).
 */
export async function recordActivity(tx: Tx, integrationIds: readonly string[]): Promise<void> {
  if (!integrationIds.length) return;
  await sql`INSERT INTO app_user_months AS h (org_id, app_integration_id, month, external_id, is_active, signed_in)
    SELECT u.org_id, u.app_integration_id, x.month, u.external_id, x.is_active, x.signed_in
    FROM app_users u
    CROSS JOIN LATERAL (
      SELECT ${CURRENT_MONTH} AS month, u.is_active, coalesce(u.last_signed_in_at >= ${CURRENT_MONTH_START}, false) AS signed_in
      UNION ALL
      -- An earlier sign-in: the account was there, and active, that month.
      SELECT date_trunc('month', u.last_signed_in_at AT TIME ZONE 'Asia/Tokyo')::date, true, true
      WHERE u.last_signed_in_at < ${CURRENT_MONTH_START}
        AND u.last_signed_in_at >= ${CURRENT_MONTH_START} - make_interval(months => ${HISTORY_MONTHS})
    ) x
    WHERE u.app_integration_id = ANY(${[...integrationIds]}::uuid[])
    ON CONFLICT (app_integration_id, month, external_id) DO UPDATE
      SET is_active = h.is_active OR excluded.is_active, signed_in = h.signed_in OR excluded.signed_in, recorded_at = now()
      WHERE (excluded.is_active AND NOT h.is_active) OR (excluded.signed_in AND NOT h.signed_in)`.execute(tx);
}
