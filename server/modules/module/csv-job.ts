// Large CSV imports as background jobs (queue 'csv-import'), all or nothing
// with visible progress:
//   - each run re-reads the file and re-checks its next CHUNK rows (the
//     database may have changed since the dry run), stages them into
//     csv_import_rows and commits with csv_imports.rows_done advanced: the
//     wizard's progress bar;
//   - the run that stages the last chunk also applies every staged row to the
//     module's table with two set-based statements, in that one transaction.
// A SIGTERM or crash at any point rolls back that run only: staged rows are
// not the module's rows, and the apply either commits whole or not at all.
// The job's lease then runs out and another worker continues from the last
// committed chunk.
import { sql } from 'kysely';
import type { Locale } from '../../../src/api/contracts/common.js';
import { moduleById } from '../../../src/api/modules/index.js';
import type { JobHandler } from '../../jobs/queue.js';
import { enqueue } from '../../jobs/queue.js';
import type { Tx } from '../../db/tenant.js';
import { t } from '../../http/i18n.js';
import { type FileStorage, readWithin } from '../../storage/storage.js';
import { CSV_MAX_BYTES } from '../../../src/api/contracts/storage.js';
import { type CheckResult, checkFile, readUpload } from './csv.js';
import { col } from './sql.js';

export const CSV_IMPORT_QUEUE = 'csv-import';
const CHUNK = 10_000;

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
  await sql`DELETE FROM csv_import_rows WHERE upload_key = ${key}`.execute(tx);
  await sql`UPDATE csv_imports SET state = 'failed', error = ${message}, updated_at = now() WHERE upload_key = ${key}`.execute(tx);
}

/** Column name → value of a checked row, for jsonb_populate_record. */
const columnsOf = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [col(k), v]));

export function csvImportJobHandler(storage: FileStorage): JobHandler {
  return async ({ tx, job }) => {
    const p = job.payload as unknown as Payload;
    const m = moduleById(p.module);
    const row = (
      await sql<{ state: string; encoding: 'auto' | 'UTF-8' | 'Shift_JIS'; locale: Locale; rows_total: number }>`SELECT state, encoding, locale, rows_total FROM csv_imports WHERE upload_key = ${p.key}`.execute(tx)
    ).rows[0];
    if (!m || !row || row.state === 'done' || row.state === 'failed') return { skipped: true };
    const locale = row.locale;

    const file = await readUpload(m, locale, p.key, row.encoding, () => readWithin(storage, p.key, CSV_MAX_BYTES));
    const total = file.rows.length;
    // Only this run's chunk is checked again (the database may have changed
    // since the dry run): each run costs the same, whatever the file's size.
    const checked: CheckResult = await checkFile(tx, m, locale, file, { from: p.from, to: p.from + CHUNK });
    const { errors } = checked.result;
    if (errors.rows || errors.cells || errors.headers) {
      await fail(tx, p.key, t(locale, 'csv.changedSinceCheck'));
      return { failed: true };
    }
    // Rows to write in this chunk (unchanged rows need nothing).
    const staged = checked.rows
      .map((r, i) => ({ seq: p.from + i, action: r.record.action, id: r.id, values: columnsOf(r.values) }))
      .filter((r) => r.action !== 'unchanged');
    if (staged.length) {
      await sql`INSERT INTO csv_import_rows (org_id, upload_key, seq, action, row_id, "values")
        SELECT ${job.org_id}, ${p.key}, (x->>'seq')::int, x->>'action', (x->>'id')::uuid, x->'values'
        FROM jsonb_array_elements(${JSON.stringify(staged)}::jsonb) x
        ON CONFLICT (org_id, upload_key, seq) DO NOTHING`.execute(tx);
    }
    const next = p.from + CHUNK;
    const done = Math.min(next, total);
    if (next < total) {
      await sql`UPDATE csv_imports SET state = 'running', rows_done = ${done}, updated_at = now() WHERE upload_key = ${p.key}`.execute(tx);
      const nextJob = await enqueue(tx, { orgId: job.org_id, queue: CSV_IMPORT_QUEUE, payload: { module: p.module, key: p.key, from: next }, singletonKey: `csv:${p.key}:${next}`, maxAttempts: 3 });
      // The wizard follows the import through its current job.
      if (nextJob) await sql`UPDATE csv_imports SET job_id = ${nextJob} WHERE upload_key = ${p.key}`.execute(tx);
      return { staged: done };
    }

    // The last chunk: apply everything staged, in this transaction.
    const fields = [...new Set(file.fields.filter((f): f is string => !!f && f !== 'id'))];
    const cols = fields.map((f) => sql.id(col(f)));
    const from = sql`csv_import_rows s, LATERAL jsonb_populate_record(NULL::${sql.table(m.table)}, s."values") r`;
    if (cols.length) {
      await sql`INSERT INTO ${sql.table(m.table)} (org_id, ${sql.join(cols)})
        SELECT s.org_id, ${sql.join(fields.map((f) => sql.ref(`r.${col(f)}`)))} FROM ${from}
        WHERE s.upload_key = ${p.key} AND s.action = 'create' ORDER BY s.seq`.execute(tx);
      await sql`UPDATE ${sql.table(m.table)} AS t SET updated_at = now(), ${sql.join(fields.map((f) => sql`${sql.id(col(f))} = ${sql.ref(`r.${col(f)}`)}`))}
        FROM ${from} WHERE s.upload_key = ${p.key} AND s.action = 'update' AND t.id = s.row_id`.execute(tx);
    }
    await sql`DELETE FROM csv_import_rows WHERE upload_key = ${p.key}`.execute(tx);
    await sql`UPDATE csv_imports SET state = 'done', rows_done = ${total}, updated_at = now() WHERE upload_key = ${p.key}`.execute(tx);
    // Thousands of new rows: fresh statistics now, not when autovacuum gets
    // there, or the next lists plan for the old row count (0006).
    await sql`SELECT refresh_table_stats(${m.table})`.execute(tx);
    return { imported: total };
  };
}
