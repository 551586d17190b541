// A PostgreSQL-backed job queue. Jobs are rows (table jobs); any replica's
// worker claims ready ones with FOR UPDATE SKIP LOCKED (claim_jobs), runs the
// handler in a transaction scoped to the job's organisation, and records the
// outcome. A crashed worker's lease runs out and another replica retries it.
// Nothing about a job is held in memory between polls.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/index.js';
import type { Job } from '../db/schema.js';
import { type Tx, withScope } from '../db/tenant.js';

export interface EnqueueInput {
  orgId: string;
  queue: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  /** At most one unfinished job per key within the organisation; a second enqueue returns null. */
  singletonKey?: string;
  maxAttempts?: number;
}

/** Adds a job inside the caller's transaction: it exists only if that commits. */
export async function enqueue(tx: Tx, input: EnqueueInput): Promise<string | null> {
  const row = await tx
    .insertInto('jobs')
    .values({
      org_id: input.orgId,
      queue: input.queue,
      payload: JSON.stringify(input.payload ?? {}),
      run_at: input.runAt ?? new Date(),
      singleton_key: input.singletonKey ?? null,
      max_attempts: input.maxAttempts ?? 5,
      locked_by: null,
      locked_until: null,
      progress: null,
      result: null,
      last_error: null,
      finished_at: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['org_id', 'singleton_key'])
        .where('singleton_key', 'is not', null)
        .where('state', 'in', ['QUEUED', 'RUNNING'])
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface JobContext {
  tx: Tx;
  job: Job;
  logger: Logger;
}

export type JobHandler = (ctx: JobContext) => Promise<Record<string, unknown> | undefined | void>;

export interface WorkerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  logger: Logger;
  pollMs?: number;
  leaseSeconds?: number;
  batchSize?: number;
  /** Claim only these organisations' jobs (read at every claim); every organisation when absent. */
  orgIds?: readonly string[];
  /** Subscribes to the queue's wake-ups (NOTIFY on JOBS_CHANNEL, migration
   * 0027: jobs were enqueued and committed; the payload names their queue,
   * null when unknown), returning the unsubscribe; the worker then runs a
   * new job of its queues at once instead of at its next poll. Without it
   * (or while it is down) the poll alone finds jobs. */
  listen?: (onNotify: (queue: string | null) => void) => Promise<() => Promise<void>>;
}

/** The channel every enqueue notifies on commit (migration 0027). */
export const JOBS_CHANNEL = 'daicho_jobs';

/** fn, tried up to `times` times `ms` apart; the last error is thrown. */
async function retry<T>(times: number, ms: number, fn: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= times) throw err;
      await new Promise((r) => setTimeout(r, ms));
    }
  }
}

/** Retry delay after the n-th failed attempt: 2, 4, 8 ... seconds, capped at 5 minutes. */
export const backoffSeconds = (attempt: number) => Math.min(300, 2 ** attempt);

export class Worker {
  readonly id = `worker-${crypto.randomUUID()}`;
  private stopped = true;
  /** Set by stop(): no new job is claimed. */
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** A wake-up came while the worker was not waiting: drain again before sleeping. */
  private poked = false;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly opts: WorkerOptions) {}

  /** Claims and runs ready jobs until none is left; returns how many ran. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      // Stopping: the job in hand has finished; the rest stays queued for the
      // next worker (a chunked job such as a large CSV import continues there).
      if (this.stopping) return total;
      const n = await this.runBatch();
      total += n;
      if (n === 0) return total;
      // Let requests in between jobs. On PGlite a query resolves without
      // going through the event loop's I/O phase, so a chain of jobs (a large
      // import's chunks) would hold off every HTTP request until the last one
      // ends: a request needs several turns of the loop (socket, token check)
      // before it queues for the one connection, which then serves it first.
      await new Promise<void>((resolve) => setTimeout(resolve, 10));
    }
  }

  async runBatch(): Promise<number> {
    const { db, handlers } = this.opts;
    const queues = Object.keys(handlers);
    const orgs = this.opts.orgIds ? [...this.opts.orgIds] : null;
    const claimed = await withScope(db, { orgId: null }, async (tx) => {
      const r = await sql<Job>`SELECT * FROM claim_jobs(${queues}::text[], ${this.id}, ${this.opts.batchSize ?? 1}, ${this.opts.leaseSeconds ?? 300}, ${orgs}::uuid[])`.execute(
        tx,
      );
      return r.rows;
    });
    for (const job of claimed) await this.runOne(job);
    return claimed.length;
  }

  private async runOne(job: Job): Promise<void> {
    const { db, handlers, logger } = this.opts;
    const handler = handlers[job.queue];
    const log = logger.child({ jobId: job.id, queue: job.queue });
    try {
      if (!handler) throw new Error(`no handler for queue ${job.queue}`);
      // Claimed past its last attempt only because a worker died holding it.
      if (job.attempts > job.max_attempts) throw new Error('worker lost the job on its last attempt (lease expired)');
      await withScope(db, { orgId: job.org_id, requestId: `job-${job.id}` }, async (tx) => {
        const result = await handler({ tx, job, logger: log });
        const done = await tx
          .updateTable('jobs')
          .set({ state: 'DONE', result: JSON.stringify(result ?? null), finished_at: new Date(), locked_by: null, locked_until: null })
          .where('id', '=', job.id)
          .where('locked_by', '=', this.id)
          .executeTakeFirst();
        // Our lease ran out and another worker took the job over: undo this run's writes.
        if (Number(done.numUpdatedRows) === 0) throw new Error('lease lost to another worker');
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = job.attempts >= job.max_attempts;
      log.warn({ err, attempt: job.attempts, final }, 'job failed');
      // Recording the outcome is retried a few times: when the run failed
      // because the database connection was cut, the pool may hand out
      // another connection cut at the same moment and not yet noticed. Left
      // unrecorded, the job would sit RUNNING until its lease runs out.
      await retry(3, 250, () =>
        withScope(db, { orgId: job.org_id }, (tx) =>
          tx
            .updateTable('jobs')
            .set({
              state: final ? 'FAILED' : 'QUEUED',
              last_error: message.slice(0, 2000),
              run_at: new Date(Date.now() + backoffSeconds(job.attempts) * 1000),
              finished_at: final ? new Date() : null,
              locked_by: null,
              locked_until: null,
            })
            .where('id', '=', job.id)
            .where('locked_by', '=', this.id)
            .execute(),
        ),
      );
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    const pollMs = this.opts.pollMs ?? 1000;
    const poke = (queue: string | null) => {
      if (queue !== null && !Object.hasOwn(this.opts.handlers, queue)) return;
      this.poked = true;
      this.wake?.();
    };
    this.loop = (async () => {
      if (this.opts.listen) {
        try {
          this.unlisten = await this.opts.listen(poke);
        } catch (err) {
          this.opts.logger.warn({ err }, 'job wake-ups unavailable: polling only');
        }
      }
      while (!this.stopped) {
        this.poked = false;
        try {
          await this.drain();
        } catch (err) {
          this.opts.logger.error({ err }, 'job poll failed');
        }
        if (this.stopped) break;
        if (this.poked) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          this.wake = () => {
            clearTimeout(timer);
            this.wake = null;
            resolve();
          };
        });
        this.wake = null;
      }
      const unlisten = this.unlisten;
      this.unlisten = null;
      await unlisten?.().catch((err: unknown) => this.opts.logger.warn({ err }, 'job wake-ups: unlisten failed'));
    })();
  }

  /** Finishes the job in hand, then stops polling. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    this.wake?.();
    await this.loop;
  }
}
