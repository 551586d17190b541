// Large CSV imports as background jobs (queue 'csv-import'), all or nothing
// with visible progress:
//   - each run re-reads the file and re-checks its next CHUNK rows (the
//     database may have changed since the dry run), stages them as one row
//     of csv_import_chunks (its creates and updates as two JSON arrays, each
//     create with its new id) and commits with csv_imports.rows_done
//     advanced: the wizard's progress bar;
//   - the run that stages the last chunk also applies every staged row to the
//     module's table with two set-based statements (one INSERT, one UPDATE,
//     audited per record by the statement triggers of migration 0019), in
//     that one transaction.
// A SIGTERM or crash at any point rolls back that run only: staged rows are
// not the module's rows, and the apply either commits whole or not at all.
// The job's lease then runs out and another worker continues from the last
// committed chunk.
//
// Each run logs what its steps took (info level: read, check, stage, write,
// clean, analyze in ms). The last one writes the new rows' search keys to
// the GIN pending lists without merging them (IMPORT_PENDING_LIST_LIMIT) and
// queues that merge, in bulk, after its commit (PENDING_LISTS_QUEUE).
import { sql } from 'kysely';
import type { Locale } from '../../../src/api/contracts/common.js';
import { moduleById } from '../../../src/api/modules/index.js';
import type { JobHandler } from '../../jobs/queue.js';
import { enqueue } from '../../jobs/queue.js';
import type { Tx } from '../../db/tenant.js';
import { t } from '../../http/i18n.js';
import { type FileStorage, readWithin } from '../../storage/storage.js';
import { CSV_MAX_BYTES } from '../../../src/api/contracts/storage.js';
import { type CheckResult, checkFile, importFields, readUpload, rowsToWrite, writeRows } from './csv.js';

export const CSV_IMPORT_QUEUE = 'csv-import';
/** The GIN pending list an import's write may fill before merging it (kB,
 * 1 GB): more than the keys of the largest file (CSV_MAX_BYTES, 10 MB; 100,000
 * rows left ~51 MB of pending pages). Until the merge job has run (~1 s at
 * 100,000 rows, starting at the commit), searches read that pending list
 * whole (slower, the same rows found), and another write to the table may
 * do the merge itself, as any insert past the default 4 MB would. */
export const IMPORT_PENDING_LIST_LIMIT = 1024 * 1024;
/** File rows each run of an import checks and stages. */
export const CSV_IMPORT_CHUNK = 10_000;

interface Payload {
  module: string;
  key: string;
  from: number;
}

/** Starts the job of a checked file (once per uploaded key); returns its id. */
export async function startImportJob(tx: Tx, o: { orgId: string; accountId: string; module: string; key: string; encoding: string; locale: Locale; total: number }): Promise<string> {
  const fresh = await sql<{ upload_key: string }>`INSERT INTO csv_imports (org_id, upload_key, module, account_id, encoding, locale, state, rows_total)
    VALUES (${o.orgId}, ${o.key}, ${o.module}, ${o.accountId}, ${o.encoding}, ${o.locale}, 'queued', ${o.total})
    ON CONFLICT (org_id, upload_key) DO NOTHING RETURNING upload_key`.execute(tx);
  if (!fresh.rows.length) {
    const existing = await sql<{ job_id: string | null }>`SELECT job_id FROM csv_imports WHERE upload_key = ${o.key}`.execute(tx);
    return String(existing.rows[0]?.job_id ?? '');
  }
  const jobId = await enqueue(tx, { orgId: o.orgId, queue: CSV_IMPORT_QUEUE, payload: { module: o.module, key: o.key, from: 0 }, singletonKey: `csv:${o.key}:0`, maxAttempts: 3 });
  await sql`UPDATE csv_imports SET job_id = ${jobId} WHERE upload_key = ${o.key}`.execute(tx);
  return jobId ?? '';
}

async function fail(tx: Tx, key: string, message: string) {
  await sql`DELETE FROM csv_import_chunks WHERE upload_key = ${key}`.execute(tx);
  await sql`UPDATE csv_imports SET state = 'failed', error = ${message}, updated_at = now() WHERE upload_key = ${key}`.execute(tx);
}

/** Milliseconds per step, for the run's log line. */
function stopwatch() {
  const ms: Record<string, number> = {};
  let at = performance.now();
  return {
    ms,
    lap(step: string) {
      const now = performance.now();
      ms[step] = Math.round(now - at);
      at = now;
    },
  };
}

export function csvImportJobHandler(storage: FileStorage): JobHandler {
  return async ({ tx, job, logger }) => {
    const p = job.payload as unknown as Payload;
    const m = moduleById(p.module);
    const row = (
      await sql<{ state: string; encoding: 'auto' | 'UTF-8' | 'Shift_JIS'; locale: Locale; rows_total: number }>`SELECT state, encoding, locale, rows_total FROM csv_imports WHERE upload_key = ${p.key}`.execute(tx)
    ).rows[0];
    if (!m || !row || row.state === 'done' || row.state === 'failed') return { skipped: true };
    const locale = row.locale;
    const watch = stopwatch();

    // Every earlier chunk must be staged: an import that a previous version
    // of this code was staging (elsewhere) cannot be completed.
    const earlier = await sql<{ n: number }>`SELECT coalesce(sum(rows), 0)::int AS n FROM csv_import_chunks WHERE upload_key = ${p.key} AND seq < ${p.from}`.execute(tx);
    if (Number(earlier.rows[0]?.n ?? 0) !== p.from) {
      await fail(tx, p.key, t(locale, 'csv.changedSinceCheck'));
      return { failed: true };
    }

    const file = await readUpload(m, locale, p.key, row.encoding, () => readWithin(storage, p.key, CSV_MAX_BYTES));
    const total = file.rows.length;
    watch.lap('read');
    // Only this run's chunk is checked again (the database may have changed
    // since the dry run): each run costs the same, whatever the file's size.
    const checked: CheckResult = await checkFile(tx, m, locale, file, { from: p.from, to: p.from + CSV_IMPORT_CHUNK });
    const { errors } = checked.result;
    if (errors.rows || errors.cells || errors.headers) {
      await fail(tx, p.key, t(locale, 'csv.changedSinceCheck'));
      return { failed: true };
    }
    watch.lap('check');
    const fields = importFields(m, file);
    const { creates, updates } = rowsToWrite(fields, checked.rows);
    await sql`INSERT INTO csv_import_chunks (org_id, upload_key, seq, rows, creates, updates)
      VALUES (${job.org_id}, ${p.key}, ${p.from}, ${checked.rows.length}, ${creates}::json, ${updates}::json)
      ON CONFLICT (org_id, upload_key, seq) DO NOTHING`.execute(tx);
    watch.lap('stage');

    const next = p.from + CSV_IMPORT_CHUNK;
    const done = Math.min(next, total);
    if (next < total) {
      await sql`UPDATE csv_imports SET state = 'running', rows_done = ${done}, updated_at = now() WHERE upload_key = ${p.key}`.execute(tx);
      const nextJob = await enqueue(tx, { orgId: job.org_id, queue: CSV_IMPORT_QUEUE, payload: { module: p.module, key: p.key, from: next }, singletonKey: `csv:${p.key}:${next}`, maxAttempts: 3 });
      // The wizard follows the import through its current job.
      if (nextJob) await sql`UPDATE csv_imports SET job_id = ${nextJob} WHERE upload_key = ${p.key}`.execute(tx);
      logger.info({ key: p.key, from: p.from, ms: watch.ms }, 'csv import chunk staged');
      return { staged: done };
    }

    // The last chunk: apply everything staged, in this transaction. Chunks in
    // file order, each array in its order: rows are inserted in the order of
    // their (time-ordered) ids.
    const staged = await sql<{ creates: boolean; updates: boolean }>`SELECT bool_or(creates IS NOT NULL) AS creates, bool_or(updates IS NOT NULL) AS updates
      FROM csv_import_chunks WHERE upload_key = ${p.key}`.execute(tx);
    const from = (column: 'creates' | 'updates') =>
      sql`(SELECT ${sql.ref(column)} AS a FROM csv_import_chunks WHERE upload_key = ${p.key} AND ${sql.ref(column)} IS NOT NULL ORDER BY seq) c
        CROSS JOIN LATERAL json_populate_recordset(NULL::${sql.table(m.table)}, c.a) AS r`;
    // The search keys of every new row go to the GIN pending lists whole,
    // not merged into the indexes each time a list passes the default 4 MB:
    // the merge runs once, in bulk, after the commit (pendingListsJobHandler).
    // At 100,000 rows the write went from 11.4 to 9.5 s, for a 1.0 s merge
    // after it (docs/benchmarks.md, twelfth round).
    await sql`SET LOCAL gin_pending_list_limit = ${sql.lit(IMPORT_PENDING_LIST_LIMIT)}`.execute(tx);
    const { bulk } = await writeRows(tx, m, job.org_id, fields, { creates: staged.rows[0]?.creates ? from('creates') : null, updates: staged.rows[0]?.updates ? from('updates') : null });
    watch.lap('write');
    await sql`DELETE FROM csv_import_chunks WHERE upload_key = ${p.key}`.execute(tx);
    await sql`UPDATE csv_imports SET state = 'done', rows_done = ${total}, updated_at = now() WHERE upload_key = ${p.key}`.execute(tx);
    watch.lap('clean');
    // Thousands of new rows: fresh statistics in this transaction, so that no
    // list is ever planned for the old row count once they are visible (see
    // migration 0029), from a small sample (0037); their search keys into the
    // GIN indexes, then the full sample, by a job of its own that starts the
    // moment this commits (pendingListsJobHandler).
    await sql`SELECT analyze_table_sample(${m.table})`.execute(tx);
    await enqueuePendingLists(tx, job.org_id, m.table);
    watch.lap('analyze');
    logger.info({ key: p.key, from: p.from, ms: watch.ms, bulk }, 'csv import applied');
    return { imported: total };
  };
}

/** The GIN pending lists of a table after a bulk write (queue 'gin-pending-lists'). */
export const PENDING_LISTS_QUEUE = 'gin-pending-lists';

/** One job per bulk write (no singleton key: one already running may have read the table before this write committed). */
const enqueuePendingLists = (tx: Tx, orgId: string, table: string) => enqueue(tx, { orgId, queue: PENDING_LISTS_QUEUE, payload: { table }, maxAttempts: 3 });

/**
 * Moves the keys a bulk write left in the table's GIN pending lists into the
 * indexes (clean_pending_lists, 0029): every search reads the pending list
 * whole (up to gin_pending_list_limit, 4 MB; 2.8 MB of it added 2.4 ms to a
 * tag search), and an insert-only table is not vacuumed until a fifth of it
 * is new. Then the table's statistics from the full sample (analyze_table),
 * where the write's own transaction took a small one (0037). Run after the
 * write's commit, which does not wait for it.
 */
export function pendingListsJobHandler(): JobHandler {
  return async ({ tx, job, logger }) => {
    const table = String((job.payload as { table?: unknown }).table ?? '');
    const watch = stopwatch();
    await sql`SELECT clean_pending_lists(${table})`.execute(tx);
    watch.lap('merge');
    await sql`SELECT analyze_table(${table})`.execute(tx);
    watch.lap('analyze');
    logger.info({ table, ms: watch.ms }, 'pending lists cleaned, statistics taken');
    return { table };
  };
}
