// The history tab (changes to the person's own rows: the person, their
// workers, their departments and positions, their family) and the activity
// tab (what the person did through their accounts, plus their workers'
// lifecycle steps), paged, latest first, from the audit trail.
import { sql } from 'kysely';
import * as P from '../../../src/api/contracts/person.js';
import type { Tx } from '../../db/tenant.js';
import { defineRoute } from '../../http/route.js';
import { type AuditRow, actorNames, changesOf, iso, labelsOf, personOf, referencedIds } from './shared.js';

const SUBJECT: Record<string, P.HistoryEntry['subject']> = {
  people: 'person',
  workers: 'worker',
  worker_assignments: 'assignment',
  family_members: 'family',
};
/** Keys that only say whose row it is. */
const OWNER_KEYS = ['person_id', 'worker_id'];

/** A row's name for the reader, from what the trail holds. */
function recordLabel(r: AuditRow): string | null {
  for (const side of [r.after, r.before]) {
    for (const k of ['name', 'family_name', 'user_name', 'email', 'code']) {
      const v = side[k];
      if (typeof v === 'string' && v) return k === 'family_name' && typeof side.given_name === 'string' ? `${v} ${side.given_name}` : v;
    }
  }
  return null;
}

const page = (q: { pageIndex: number; pageSize: number }) => ({ limit: q.pageSize, offset: q.pageIndex * q.pageSize });

async function historyEntries(tx: Tx, personId: string, rows: readonly AuditRow[]): Promise<P.HistoryEntry[]> {
  const workerTypes = new Map(
    (await sql<{ id: string; worker_type: P.WorkerSummary['workerType'] }>`SELECT id, worker_type FROM workers WHERE person_id = ${personId}`.execute(tx)).rows.map((w) => [w.id, w.worker_type]),
  );
  // Family members and assignments are named by their row (its insert names them all).
  const familyIds = rows.filter((r) => r.table_name === 'family_members').map((r) => r.record_id);
  const assignmentIds = rows.filter((r) => r.table_name === 'worker_assignments').map((r) => r.record_id);
  const inserts = familyIds.length + assignmentIds.length
    ? (
        await sql<{ record_id: string; after: Record<string, unknown> }>`SELECT record_id, after FROM audit_log
          WHERE action = 'INSERT' AND table_name IN ('family_members', 'worker_assignments') AND record_id = ANY(${[...familyIds, ...assignmentIds]}::text[])`.execute(tx)
      ).rows
    : [];
  const inserted = new Map(inserts.map((r) => [r.record_id, r.after]));
  const labels = await labelsOf(tx, [...referencedIds(rows), ...inserts.map((r) => String(r.after.unit_id ?? ''))]);
  const actors = await actorNames(tx, rows.map((r) => r.actor_account_id));
  return rows.map((r) => {
    const subject = SUBJECT[r.table_name] ?? 'person';
    const row = { ...(inserted.get(r.record_id) ?? {}), ...r.before, ...r.after };
    const workerId = subject === 'worker' ? r.record_id : subject === 'assignment' ? String(row.worker_id ?? '') : '';
    const subjectLabel =
      subject === 'family'
        ? [row.family_name, row.given_name].filter((x) => typeof x === 'string').join(' ') || null
        : subject === 'assignment'
          ? (labels.get(String(row.unit_id ?? '')) ?? null)
          : null;
    return {
      id: r.id,
      at: iso(r.at)!,
      action: r.action,
      subject,
      recordId: r.record_id,
      workerType: workerTypes.get(workerId) ?? null,
      subjectLabel,
      actor: r.actor_account_id ? { accountId: r.actor_account_id, name: actors.get(r.actor_account_id) ?? '' } : null,
      changes: changesOf(r, labels, OWNER_KEYS),
    };
  });
}

export const auditRoutes = () => [
  defineRoute(P.listPersonHistory, async ({ params, query }, { tx }) => {
    const p = await personOf(tx, params.personId);
    const { limit, offset } = page(query);
    const keys = sql`person_history_records(${p.id}::uuid)`;
    const count = (
      await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log a JOIN ${keys} k ON a.table_name = k.table_name AND a.record_id = k.record_id`.execute(tx)
    ).rows[0]!;
    const rows = (
      await sql<AuditRow>`SELECT a.id::text, a.at, a.table_name, a.record_id, a.action, a.before, a.after, a.actor_account_id
        FROM audit_log a JOIN ${keys} k ON a.table_name = k.table_name AND a.record_id = k.record_id
        ORDER BY a.at DESC, a.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(tx)
    ).rows;
    return { items: await historyEntries(tx, p.id, rows), count: Number(count.n) };
  }),

  defineRoute(P.listPersonActivity, async ({ params, query }, { tx }) => {
    const p = await personOf(tx, params.personId);
    const { limit, offset } = page(query);
    const accounts = (await sql<{ id: string }>`SELECT id FROM accounts WHERE person_id = ${p.id}`.execute(tx)).rows.map((a) => a.id);
    // Both sources as one ordered list: (kind, id, at).
    const source = sql`(
      SELECT 'CHANGE' AS kind, a.id::text AS id, a.at, a.id AS tiebreak FROM audit_log a
      WHERE a.actor_account_id = ANY(${accounts}::uuid[])
      UNION ALL
      SELECT 'LIFECYCLE', e.id::text, e.created_at, 0 FROM worker_lifecycle_events e JOIN workers w ON w.id = e.worker_id WHERE w.person_id = ${p.id}
    ) s`;
    const count = (await sql<{ n: string }>`SELECT count(*) AS n FROM ${source}`.execute(tx)).rows[0]!;
    const refs = (
      await sql<{ kind: 'CHANGE' | 'LIFECYCLE'; id: string }>`SELECT kind, id FROM ${source} ORDER BY at DESC, tiebreak DESC, id DESC LIMIT ${limit} OFFSET ${offset}`.execute(tx)
    ).rows;
    const changeIds = refs.filter((r) => r.kind === 'CHANGE').map((r) => r.id);
    const eventIds = refs.filter((r) => r.kind === 'LIFECYCLE').map((r) => r.id);
    const changes = changeIds.length
      ? (
          await sql<AuditRow>`SELECT id::text, at, table_name, record_id, action, before, after, actor_account_id FROM audit_log WHERE id = ANY(${changeIds}::bigint[])`.execute(tx)
        ).rows
      : [];
    const events = eventIds.length
      ? (
          await sql<{ id: string; worker_id: string; worker_type: P.WorkerSummary['workerType']; stage: P.LifecycleEvent['stage']; effective_on: string; note: string | null; created_at: Date; recorded_by: string | null }>`
            SELECT e.id, e.worker_id, w.worker_type, e.stage, e.effective_on, e.note, e.created_at, e.recorded_by
            FROM worker_lifecycle_events e JOIN workers w ON w.id = e.worker_id WHERE e.id = ANY(${eventIds}::uuid[])`.execute(tx)
        ).rows
      : [];
    // Records are named by what they are called now, else by what the trail holds.
    const labels = await labelsOf(tx, [...referencedIds(changes), ...changes.map((c) => c.record_id)]);
    const actors = await actorNames(tx, events.map((e) => e.recorded_by));
    const changeById = new Map(changes.map((c) => [c.id, c]));
    const eventById = new Map(events.map((e) => [e.id, e]));
    const items = refs.map((ref): P.ActivityEntry => {
      if (ref.kind === 'CHANGE') {
        const c = changeById.get(ref.id)!;
        return {
          id: `change:${c.id}`,
          at: iso(c.at)!,
          kind: 'CHANGE',
          table: c.table_name,
          action: c.action,
          recordId: c.record_id,
          recordLabel: labels.get(c.record_id) ?? recordLabel(c),
          changes: changesOf(c, labels),
          lifecycle: null,
        };
      }
      const e = eventById.get(ref.id)!;
      return {
        id: `lifecycle:${e.id}`,
        at: iso(e.created_at)!,
        kind: 'LIFECYCLE',
        table: null,
        action: null,
        recordId: null,
        recordLabel: null,
        changes: [],
        lifecycle: {
          workerId: e.worker_id,
          workerType: e.worker_type,
          stage: e.stage,
          effectiveOn: e.effective_on,
          note: e.note,
          recordedBy: e.recorded_by ? { accountId: e.recorded_by, name: actors.get(e.recorded_by) ?? '' } : null,
        },
      };
    });
    return { items, count: Number(count.n) };
  }),
];
