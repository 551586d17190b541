// Lifecycle transitions (spec 4: offered → offer accepted → joining → active
// → new hire → leaving → alumni): one call per step. It sets the stage's
// date on the worker (STAGE_DATE_COLUMN) and records a worker_lifecycle_events
// row, in the request's one transaction; both are in the audit trail. The
// stage on any date is worker_stage(w, d) (0012).
import { sql } from 'kysely';
import * as P from '../../../src/api/contracts/person.js';
import { STAGE_DATE_COLUMN, TRANSITION_STAGES, type TransitionStage } from '../../../src/api/contracts/people-lifecycle.js';
import type { Locale } from '../../../src/api/contracts/common.js';
import type { Tx } from '../../db/tenant.js';
import { AppError } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { defineRoute } from '../../http/route.js';
import { actorNames, datesOf, iso, personOf, workerOf, workerSummary } from './shared.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

interface EventRow {
  id: string;
  worker_id: string;
  worker_type: P.WorkerSummary['workerType'];
  stage: TransitionStage;
  effective_on: string;
  note: string | null;
  created_at: Date;
  recorded_by: string | null;
}

async function eventsOut(tx: Tx, rows: readonly EventRow[]): Promise<P.LifecycleEvent[]> {
  const names = await actorNames(tx, rows.map((r) => r.recorded_by));
  return rows.map((r) => ({
    eventId: r.id,
    workerId: r.worker_id,
    workerType: r.worker_type,
    stage: r.stage,
    effectiveOn: r.effective_on,
    note: r.note,
    recordedAt: iso(r.created_at)!,
    recordedBy: r.recorded_by ? { accountId: r.recorded_by, name: names.get(r.recorded_by) ?? '' } : null,
  }));
}

const eventSelect = sql`SELECT e.id, e.worker_id, w.worker_type, e.stage, e.effective_on, e.note, e.created_at, e.recorded_by
  FROM worker_lifecycle_events e JOIN workers w ON w.id = e.worker_id`;

/** A refused transition: 400 with the message under the field it concerns, in the caller's language. */
function refuse(locale: Locale, field: 'stage' | 'effectiveOn', key: string, vars: Record<string, string> = {}): AppError {
  return new AppError(400, 'VALIDATION_ERROR', 'VALIDATION_ERROR', {}, { [field]: [t(locale, key, vars)] });
}

export const lifecycleRoutes = () => [
  defineRoute(P.recordLifecycle, async ({ params, body }, { tx, locale }) => {
    const w = await workerOf(tx, params.workerId);
    const dates = datesOf(w);
    const recorded = P.recordedStage(dates);
    const stageName = (s: TransitionStage) => t(locale, `common:stages.${s}`);
    if (!P.nextStages(dates).includes(body.stage)) {
      if (recorded && TRANSITION_STAGES.indexOf(body.stage) <= TRANSITION_STAGES.indexOf(recorded)) {
        throw refuse(locale, 'stage', 'person:lifecycle.alreadyPast', { stage: stageName(body.stage), recorded: stageName(recorded) });
      }
      // Leaving and alumni follow the joining date.
      throw refuse(locale, 'stage', 'person:lifecycle.needsActive', { stage: stageName(body.stage) });
    }
    const effectiveOn = body.effectiveOn ?? todayInJapan();
    // Not before the latest date already recorded (the stage this one follows).
    if (recorded) {
      const previous = dates[P.STAGE_DATE_FIELD[recorded]]!;
      if (effectiveOn < previous) {
        throw refuse(locale, 'effectiveOn', 'person:lifecycle.beforePrevious', { date: previous, stage: stageName(recorded) });
      }
    }
    await sql`UPDATE workers SET ${sql.ref(STAGE_DATE_COLUMN[body.stage])} = ${effectiveOn}::date, updated_at = now() WHERE id = ${w.id}`.execute(tx);
    const note = body.note?.trim() || null;
    const inserted = (
      await sql<{ id: string }>`INSERT INTO worker_lifecycle_events (org_id, worker_id, stage, effective_on, note)
        SELECT org_id, id, ${body.stage}, ${effectiveOn}::date, ${note} FROM workers WHERE id = ${w.id} RETURNING id`.execute(tx)
    ).rows[0]!;
    const event = (await sql<EventRow>`${eventSelect} WHERE e.id = ${inserted.id}`.execute(tx)).rows;
    return { worker: workerSummary(await workerOf(tx, w.id)), event: (await eventsOut(tx, event))[0]! };
  }),

  defineRoute(P.getLifecycle, async ({ params, query }, { tx }) => {
    const p = await personOf(tx, params.personId);
    const asOf = query.asOf ?? todayInJapan();
    const workers = (
      await sql<{ id: string; worker_type: P.WorkerSummary['workerType']; worker_number: string | null; stage: P.WorkerSummary['stage'] }>`
        SELECT w.id, w.worker_type, w.worker_number, worker_stage(w, ${asOf}::date) AS stage FROM workers w WHERE w.person_id = ${p.id}
        ORDER BY w.started_on DESC NULLS FIRST, w.created_at DESC, w.id`.execute(tx)
    ).rows;
    const events = (await sql<EventRow>`${eventSelect} WHERE w.person_id = ${p.id} ORDER BY e.effective_on DESC, e.created_at DESC, e.id`.execute(tx)).rows;
    return {
      asOf,
      workers: workers.map((w) => ({ workerId: w.id, workerType: w.worker_type, workerNumber: w.worker_number, stage: w.stage })),
      events: await eventsOut(tx, events),
    };
  }),
];
