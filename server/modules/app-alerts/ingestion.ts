// Visits in: the organisation's ingestion token (random, shown once, stored
// as SHA-256: a 256-bit token needs no slow hash) and the batch ingestion
// that the endpoint and the demo seed share.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { VisitEvent } from '../../../src/api/contracts/app-alerts.js';
import type { Tx } from '../../db/tenant.js';
import { traceableSlugOfUrl } from './traceable-apps.js';

const TOKEN_PREFIX = 'dsi_';
/** Visits more than this far in the future are clock errors: ignored. */
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');
export const newIngestionToken = () => `${TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
const hintOf = (token: string) => token.slice(0, 8);

export interface TokenRow {
  hint: string;
  created_at: Date;
}

export async function tokenStatus(tx: Tx): Promise<TokenRow | null> {
  const r = await sql<TokenRow>`SELECT hint, created_at FROM shadow_it_ingestion_tokens`.execute(tx);
  return r.rows[0] ?? null;
}

/** Stores `token` as the organisation's one ingestion token (replacing the previous one). */
export async function setIngestionToken(tx: Tx, orgId: string, accountId: string | null, token: string): Promise<TokenRow> {
  const r = await sql<TokenRow>`INSERT INTO shadow_it_ingestion_tokens (org_id, token_hash, hint, created_by)
    VALUES (${orgId}, ${hashToken(token)}, ${hintOf(token)}, ${accountId})
    ON CONFLICT (org_id) DO UPDATE SET token_hash = excluded.token_hash, hint = excluded.hint, created_by = excluded.created_by,
      created_at = now(), updated_at = now()
    RETURNING hint, created_at`.execute(tx);
  return r.rows[0]!;
}

/** The organisation a token belongs to (across organisations: the caller is not signed in), or null. */
export async function orgOfToken(tx: Tx, token: string): Promise<string | null> {
  if (token.length > 200) return null;
  const r = await sql<{ org_id: string | null }>`SELECT shadow_it_org_by_token(${hashToken(token)}) AS org_id`.execute(tx);
  return r.rows[0]?.org_id ?? null;
}

export interface IngestResult {
  accepted: number;
  duplicate: number;
  ignored: number;
}

/**
 * Stores the events whose host is a traceable app, once per eventId (a
 * repeat, in this batch or an earlier one, is a duplicate); each visit's
 * e-mail is matched to a person as accounts are (worker e-mail, current
 * worker first, else personal e-mail). Runs in the organisation's scope.
 */
export async function ingestVisits(tx: Tx, orgId: string, events: readonly VisitEvent[], now = Date.now()): Promise<IngestResult> {
  let ignored = 0;
  let repeated = 0;
  const seen = new Set<string>();
  const rows: { event_id: string; visited_at: string; user_email: string; url: string; detection_tool: string; slug: string }[] = [];
  for (const e of events) {
    const slug = traceableSlugOfUrl(e.url);
    const at = Date.parse(e.visitedAt);
    if (!slug || !Number.isFinite(at) || at > now + FUTURE_SLACK_MS) {
      ignored++;
      continue;
    }
    const eventId = e.eventId.trim();
    if (seen.has(eventId)) {
      repeated++;
      continue;
    }
    seen.add(eventId);
    rows.push({ event_id: eventId, visited_at: new Date(at).toISOString(), user_email: e.userEmail.trim().toLowerCase(), url: e.url, detection_tool: e.detectionTool.trim(), slug });
  }
  if (!rows.length) return { accepted: 0, duplicate: repeated, ignored };
  const r = await sql<{ id: string }>`
    INSERT INTO shadow_it_visits (org_id, event_id, visited_at, user_email, person_id, traceable_app_id, url, detection_tool)
    SELECT ${orgId}, x.event_id, x.visited_at, x.user_email, m.person_id, t.id, x.url, x.detection_tool
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(event_id text, visited_at timestamptz, user_email text, url text, detection_tool text, slug text)
    JOIN traceable_apps t ON t.slug = x.slug
    LEFT JOIN LATERAL (SELECT coalesce(
      (SELECT w.person_id FROM workers w WHERE lower(w.primary_email) = x.user_email
        ORDER BY (w.ended_on IS NULL OR w.ended_on >= current_date) DESC, w.started_on DESC NULLS LAST LIMIT 1),
      (SELECT p.id FROM people p WHERE lower(p.email) = x.user_email LIMIT 1)) AS person_id) m ON true
    ON CONFLICT (org_id, event_id) DO NOTHING
    RETURNING id`.execute(tx);
  const accepted = r.rows.length;
  return { accepted, duplicate: repeated + rows.length - accepted, ignored };
}
