// The PostgreSQL job queue: jobs exist only if their transaction commits,
// run in their organisation's scope, retry with backoff, survive a crashed
// worker (lease expiry), never run twice at once, and carry mail to SMTP.
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/index.js';
import { withScope } from '../../server/db/tenant.js';
import { enqueue, JOBS_CHANNEL, type JobHandler, Worker } from '../../server/jobs/queue.js';
import { createMailer, mailJobHandler } from '../../server/mail/mailer.js';
import { MAIL_QUEUE, queueMail } from '../../server/mail/outbox.js';
import { TEST_ENV } from '../support/app.js';
import { createOrganization, openTestDatabase } from '../support/db.js';
import { waitForMail } from '../support/maildev.js';

const logger = pino({ level: 'silent' });
let h: DatabaseHandle;
let orgA: string;
let orgB: string;

const job = (id: string) => h.db.selectFrom('jobs').where('id', '=', id).selectAll().executeTakeFirstOrThrow();
// Each test uses its own queue name, so parallel files on a shared PostgreSQL never meet.
const q = (name: string) => `test.${name}.${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  h = await openTestDatabase();
  [orgA, orgB] = [await createOrganization(h.db, 'Jobs A'), await createOrganization(h.db, 'Jobs B')];
  await withScope(h.db, { orgId: orgB }, (tx) => tx.insertInto('people').values({ org_id: orgB, family_name: 'B', given_name: 'secret' }).execute());
  await withScope(h.db, { orgId: orgA }, (tx) => tx.insertInto('people').values({ org_id: orgA, family_name: 'A', given_name: 'own' }).execute());
});
afterAll(() => h?.close());

describe('job queue', () => {
  it('a job enqueued in a rolled-back transaction does not exist', async () => {
    const queue = q('rollback');
    await expect(
      withScope(h.db, { orgId: orgA }, async (tx) => {
        await enqueue(tx, { orgId: orgA, queue });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await h.db.selectFrom('jobs').where('queue', '=', queue).selectAll().execute()).toEqual([]);
  });

  it("runs the handler in the job's organisation and records its result", async () => {
    const queue = q('scope');
    const id = (await withScope(h.db, { orgId: orgA }, (tx) => enqueue(tx, { orgId: orgA, queue, payload: { n: 2 } })))!;
    const handler: JobHandler = async ({ tx, job }) => {
      const names = await tx.selectFrom('people').select('given_name').execute();
      return { seen: names.map((n) => n.given_name), doubled: Number(job.payload.n) * 2 };
    };
    const worker = new Worker({ db: h.db, handlers: { [queue]: handler }, logger });
    expect(await worker.drain()).toBe(1);
    const done = await job(id);
    expect(done.state).toBe('DONE');
    expect(done.result).toEqual({ seen: ['own'], doubled: 4 });
    expect(done.finished_at).not.toBeNull();
  });

  it('retries a failing job with backoff, then marks it FAILED', async () => {
    const queue = q('fail');
    const id = (await withScope(h.db, { orgId: orgA }, (tx) => enqueue(tx, { orgId: orgA, queue, maxAttempts: 3 })))!;
    let calls = 0;
    const worker = new Worker({
      db: h.db,
      handlers: {
        [queue]: async () => {
          calls++;
          throw new Error(`boom ${calls}`);
        },
      },
      logger,
    });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = Date.now();
      expect(await worker.drain()).toBe(1);
      const j = await job(id);
      expect(j.attempts).toBe(attempt);
      expect(j.last_error).toBe(`boom ${attempt}`);
      if (attempt < 3) {
        expect(j.state).toBe('QUEUED');
        expect(new Date(j.run_at).getTime()).toBeGreaterThanOrEqual(before + 2 ** attempt * 1000 - 50);
        expect(await worker.drain()).toBe(0); // not due yet
        await h.db.updateTable('jobs').set({ run_at: new Date() }).where('id', '=', id).execute();
      } else {
        expect(j.state).toBe('FAILED');
      }
    }
    expect(calls).toBe(3);
  });

  it("a live lease keeps other workers off; an expired one (a crashed worker) is taken over", async () => {
    const queue = q('lease');
    const id = (await withScope(h.db, { orgId: orgA }, (tx) => enqueue(tx, { orgId: orgA, queue })))!;
    // A worker claims the job and "crashes" before finishing.
    const claimed = await withScope(h.db, { orgId: null }, (tx) =>
      sql`SELECT * FROM claim_jobs(${[queue]}::text[], 'crashed-worker', 1, 300)`.execute(tx),
    );
    expect(claimed.rows).toHaveLength(1);
    let runs = 0;
    const survivor = new Worker({ db: h.db, handlers: { [queue]: async () => void runs++ }, logger });
    expect(await survivor.drain()).toBe(0);
    expect((await job(id)).locked_by).toBe('crashed-worker');

    await h.db.updateTable('jobs').set({ locked_until: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    expect(await survivor.drain()).toBe(1);
    expect(runs).toBe(1);
    expect(await job(id)).toMatchObject({ state: 'DONE', attempts: 2 });
  });

  it("a run whose lease was taken over keeps none of its writes", async () => {
    const queue = q('lost');
    const id = (await withScope(h.db, { orgId: orgA }, (tx) => enqueue(tx, { orgId: orgA, queue })))!;
    const worker = new Worker({
      db: h.db,
      logger,
      handlers: {
        [queue]: async ({ tx }) => {
          await tx.insertInto('people').values({ org_id: orgA, family_name: 'lost', given_name: queue }).execute();
          // Meanwhile another worker took the job over after our lease ran out.
          await tx.updateTable('jobs').set({ locked_by: 'another-worker' }).where('id', '=', id).execute();
        },
      },
    });
    await worker.drain();
    const rows = await h.db.selectFrom('people').where('given_name', '=', queue).select('id').execute();
    expect(rows).toEqual([]);
    expect(await job(id)).toMatchObject({ state: 'QUEUED', last_error: 'lease lost to another worker' });
  });

  it('a job whose worker died on its last attempt fails instead of running again', async () => {
    const queue = q('dead');
    const id = (await withScope(h.db, { orgId: orgA }, (tx) => enqueue(tx, { orgId: orgA, queue, maxAttempts: 2 })))!;
    await h.db
      .updateTable('jobs')
      .set({ state: 'RUNNING', attempts: 2, locked_by: 'dead-worker', locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    let ran = false;
    await new Worker({ db: h.db, logger, handlers: { [queue]: async () => void (ran = true) } }).drain();
    expect(ran).toBe(false);
    expect(await job(id)).toMatchObject({ state: 'FAILED', attempts: 3 });
  });

  it('keeps singleton keys per organisation', async () => {
    const queue = q('single-org');
    const key = `nightly:${queue}`;
    expect(await withScope(h.db, { orgId: orgA }, (tx) => enqueue(tx, { orgId: orgA, queue, singletonKey: key }))).not.toBeNull();
    expect(await withScope(h.db, { orgId: orgB }, (tx) => enqueue(tx, { orgId: orgB, queue, singletonKey: key }))).not.toBeNull();
  });

  it('keeps one unfinished job per singleton key', async () => {
    const queue = q('single');
    const key = `refresh:${queue}`;
    const first = await withScope(h.db, { orgId: orgA }, (tx) => enqueue(tx, { orgId: orgA, queue, singletonKey: key }));
    const second = await withScope(h.db, { orgId: orgA }, (tx) => enqueue(tx, { orgId: orgA, queue, singletonKey: key }));
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await new Worker({ db: h.db, handlers: { [queue]: async () => undefined }, logger }).drain();
    const third = await withScope(h.db, { orgId: orgA }, (tx) => enqueue(tx, { orgId: orgA, queue, singletonKey: key }));
    expect(third).not.toBeNull();
  });

  it('start() polls in the background and stop() ends it', async () => {
    const queue = q('poll');
    const ran: string[] = [];
    const worker = new Worker({ db: h.db, handlers: { [queue]: async ({ job }) => void ran.push(job.id) }, logger, pollMs: 50 });
    worker.start();
    const id = (await withScope(h.db, { orgId: orgA }, (tx) => enqueue(tx, { orgId: orgA, queue })))!;
    for (let i = 0; i < 100 && ran.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await worker.stop();
    expect(ran).toEqual([id]);
  });

  it('a committed enqueue wakes a listening worker at once; a rolled-back one does not', async () => {
    const queue = q('wake');
    const ran: string[] = [];
    let wakeUps = 0;
    // A poll far beyond the test: only the wake-up can run the job in time.
    const worker = new Worker({
      db: h.db,
      handlers: { [queue]: async ({ job }) => void ran.push(job.id) },
      logger,
      pollMs: 600_000,
      // Only this test's queue counts: other files enqueue on a shared PostgreSQL.
      listen: (onNotify) => h.listen(JOBS_CHANNEL, (payload) => (payload === queue && wakeUps++, onNotify(payload))),
    });
    worker.start();
    // The first drain (at start) is over once the worker waits: give it a moment.
    await new Promise((r) => setTimeout(r, 300));
    await expect(
      withScope(h.db, { orgId: orgA }, async (tx) => {
        await enqueue(tx, { orgId: orgA, queue });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await new Promise((r) => setTimeout(r, 300));
    expect(wakeUps).toBe(0);
    const t0 = performance.now();
    const id = (await withScope(h.db, { orgId: orgA }, (tx) => enqueue(tx, { orgId: orgA, queue })))!;
    for (let i = 0; i < 100 && ran.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const waited = performance.now() - t0;
    await worker.stop();
    expect(ran).toEqual([id]);
    expect(waited).toBeLessThan(1500);
    expect(wakeUps).toBeGreaterThan(0);
  });

  it('carries mail from the transaction to SMTP, UTF-8 intact', async () => {
    const mailer = createMailer({ smtpUrl: process.env[TEST_ENV.smtpUrl]!, from: 'Daicho <no-reply@daicho.local>' });
    const to = `jobs-${Date.now()}@daicho.test`;
    await withScope(h.db, { orgId: orgA }, (tx) => queueMail(tx, orgA, { to, subject: '台帳のお知らせ', text: '本文です。' }));
    // Only this file's mail job: other files' mail on a shared database is theirs.
    const worker = new Worker({ db: h.db, handlers: { [MAIL_QUEUE]: mailJobHandler(mailer) }, logger });
    await worker.drain();
    const mail = await waitForMail(process.env[TEST_ENV.maildevUrl]!, (m) => m.to.includes(to));
    expect(mail.subject).toBe('台帳のお知らせ');
    expect(mail.text.trim()).toBe('本文です。');
    mailer.close();
  });
});
