// CSV routes of every module with CSV columns:
//   GET  {csv}  → {url, mode, filename}: a signed, 5-minute download URL. The
//        browser follows it; GET /v2/exports/{token} streams the file from
//        the database in keyset batches (each its own short transaction, so
//        a long download never holds a connection).
//   POST {csv}  → dry run or import of an uploaded file (see ./csv.ts).
import crypto from 'node:crypto';
import type { Hono } from 'hono';
import { sql } from 'kysely';
import type { Locale } from '../../../src/api/contracts/common.js';
import { CSV_INLINE_ROWS, type CsvMode, type CsvRecord, csvImportJob, moduleContracts } from '../../../src/api/modules/contracts.js';
import type { ModuleDef } from '../../../src/api/modules/define.js';
import { MODULES } from '../../../src/api/modules/index.js';
import { csvLine, csvPreamble, encodeCsvChunk } from '../../csv/codec.js';
import type { AppDeps } from '../../deps.js';
import { type Tx, withScope } from '../../db/tenant.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { localeFromAcceptLanguage, t } from '../../http/i18n.js';
import { type AnyRoute, type AppEnv, defineRoute } from '../../http/route.js';
import { resolveSigningSecret } from '../../storage/local.js';
import { InvalidStorageKey, keyBelongsTo, readWithin, StorageNotFound, StorageTooLarge } from '../../storage/storage.js';
import { CSV_MAX_BYTES } from '../../../src/api/contracts/storage.js';
import { CSV_IMPORT_QUEUE, startImportJob } from './csv-job.js';
import { applyRows, checkFile, csvColumns, exportCells, exportSelect, headerLabel, pageOfChecked, readUpload } from './csv.js';
import { fromClause as fromFor, whereClause } from './sql.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

const EXPORT_TTL_MS = 5 * 60 * 1000;
const BATCH = 2000;

interface ExportGrant {
  m: string;
  org: string;
  acct: string;
  mode: CsvMode;
  enc: 'UTF-8' | 'Shift_JIS';
  loc: Locale;
  q: Record<string, unknown>;
  exp: number;
  name: string;
}

const secrets = new WeakMap<object, string>();
const secretOf = (deps: AppDeps) => {
  let s = secrets.get(deps.config);
  if (!s) secrets.set(deps.config, (s = resolveSigningSecret(deps.config)));
  return s;
};
const sign = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(`export:${payload}`).digest('base64url');

export function exportToken(deps: AppDeps, grant: ExportGrant): string {
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${payload}.${sign(secretOf(deps), payload)}`;
}

function readToken(deps: AppDeps, token: string): ExportGrant | 'invalid' | 'expired' {
  const [payload = '', sig = ''] = token.split('.');
  const want = Buffer.from(sign(secretOf(deps), payload));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !crypto.timingSafeEqual(want, got)) return 'invalid';
  const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ExportGrant;
  return grant.exp < Date.now() ? 'expired' : grant;
}

export const exportFilename = (m: ModuleDef, mode: CsvMode) => `${mode === 'edit-template' ? 'template-' : ''}${m.exportName ?? m.id}-export-${todayInJapan()}.csv`;

// ── Pieces every CSV import call shares (modules and bespoke imports) ─────

/** Reads an uploaded file of the caller's organisation, within the size
 * limit; a foreign, missing or too large key is a field error. */
export function uploadReader(deps: AppDeps, orgId: string, key: string): () => Promise<Uint8Array> {
  // Checked here, before any cache of parsed uploads is asked: keys are not secrets.
  if (!keyBelongsTo(key, orgId)) throw fieldError('uploadedFileKey', 'csv.fileNotFound');
  return () =>
    readWithin(deps.storage, key, CSV_MAX_BYTES).catch((err: unknown) => {
      if (err instanceof StorageTooLarge) throw fieldError('uploadedFileKey', 'csv.tooLarge');
      if (err instanceof StorageNotFound || err instanceof InvalidStorageKey) throw fieldError('uploadedFileKey', 'csv.fileNotFound');
      throw err;
    });
}

/** The records the caller asked to see: only the invalid ones (filterError), one page. */
export function pageOfRecords(all: CsvRecord[], b: { pageIndex?: number | undefined; pageSize?: number | undefined; filterError?: boolean | undefined }) {
  let records = b.filterError ? all.filter((r) => !r.isValid) : all;
  const recordCount = records.length;
  if (b.pageSize !== undefined) {
    const start = (b.pageIndex ?? 0) * b.pageSize;
    records = records.slice(start, start + b.pageSize);
  }
  return { records, recordCount };
}

/** One uploaded file imports once: true for the first import of the key,
 * false for a repeated call (a retry, a double submit), which writes nothing. */
export async function claimUpload(tx: Tx, o: { orgId: string; accountId: string; key: string; kind: string; rows: number }): Promise<boolean> {
  const first = await sql<{ upload_key: string }>`INSERT INTO csv_imports (org_id, upload_key, module, account_id, state, rows_done, rows_total)
    VALUES (${o.orgId}, ${o.key}, ${o.kind}, ${o.accountId}, 'done', ${o.rows}, ${o.rows})
    ON CONFLICT (org_id, upload_key) DO NOTHING RETURNING upload_key`.execute(tx);
  return first.rows.length > 0;
}

// ── Exports outside the module mechanism ────────────────────────────────────

/** A CSV download served by GET /v2/exports/{token} besides the modules'. */
export interface CsvExportSource {
  /** The grant's `m`: never a module id. */
  id: string;
  header(locale: Locale, mode: CsvMode): string[];
  /** The rows after `cursor` (null: from the start), at most `limit`, in the grant's scope; cursor null when done. */
  batch(tx: Tx, grant: { q: Record<string, unknown>; loc: Locale; mode: CsvMode }, cursor: string | null, limit: number): Promise<{ cells: string[][]; cursor: string | null }>;
}
const exportSources = new Map<string, CsvExportSource>();

/** Registers a source (at module load of its routes file). */
export function registerCsvExport(source: CsvExportSource): void {
  exportSources.set(source.id, source);
}

/** The signed 5-minute download link of a registered source's file. */
export function csvExportLink(
  deps: AppDeps,
  auth: { orgId: string; accountId: string },
  locale: Locale,
  o: { source: string; mode: CsvMode; encoding: 'UTF-8' | 'Shift_JIS'; q: Record<string, unknown>; filename: string },
): { url: string; mode: CsvMode; filename: string } {
  const token = exportToken(deps, { m: o.source, org: auth.orgId, acct: auth.accountId, mode: o.mode, enc: o.encoding, loc: locale, q: o.q, exp: Date.now() + EXPORT_TTL_MS, name: o.filename });
  return { url: `/v2/exports/${token}`, mode: o.mode, filename: o.filename };
}

export function csvRoutes(): AnyRoute[] {
  return MODULES.flatMap((m) => {
    const c = moduleContracts(m);
    if (!c.csvExport || !c.csvImport) return [];
    return [
      defineRoute(c.csvExport, async ({ query }, { auth, locale, deps }) => {
        const { mode, encoding, ...q } = query as Record<string, unknown> & { mode: CsvMode; encoding: 'UTF-8' | 'Shift_JIS' };
        const name = exportFilename(m, mode);
        const token = exportToken(deps, { m: m.id, org: auth.orgId, acct: auth.accountId, mode, enc: encoding, loc: locale, q, exp: Date.now() + EXPORT_TTL_MS, name });
        return { url: `/v2/exports/${token}`, mode, filename: name } as never;
      }) as AnyRoute,
      defineRoute(c.csvImport, async ({ body }, { tx, auth, locale, deps }) => {
        const b = body as { encoding: 'auto' | 'UTF-8' | 'Shift_JIS'; dryrun: boolean; uploadedFileKey: string; pageIndex?: number; pageSize?: number; filterError?: boolean };
        const file = await readUpload(m, locale, b.uploadedFileKey, b.encoding, uploadReader(deps, auth.orgId, b.uploadedFileKey));
        const checked = await checkFile(tx, m, locale, file);
        const { errors } = checked.result;
        const clean = errors.rows === 0 && errors.cells === 0 && errors.headers === 0;
        let imported = false;
        let jobId: string | null = null;
        if (!b.dryrun && clean && checked.rows.length > CSV_INLINE_ROWS) {
          // A large file: a background job with progress (./csv-job.ts).
          jobId = await startImportJob(tx, { orgId: auth.orgId, accountId: auth.accountId, module: m.id, key: b.uploadedFileKey, encoding: b.encoding, locale, total: checked.rows.length });
        } else if (!b.dryrun) {
          if (!clean) throw new AppError(400, 'VALIDATION_ERROR', 'csv.hasErrors');
          // One uploaded file imports once: a repeated call (a retry, a double
          // submit) finds its row and writes nothing more.
          if (await claimUpload(tx, { orgId: auth.orgId, accountId: auth.accountId, key: b.uploadedFileKey, kind: m.id, rows: checked.rows.length })) {
            await applyRows(tx, m, auth.orgId, file, checked.rows);
          }
          imported = true;
        }
        return { ...checked.result, ...pageOfChecked(checked, b), jobId, imported } as never;
      }) as AnyRoute,
    ];
  }).concat([
    defineRoute(csvImportJob, async ({ params }, { tx }) => {
      // The import any of its jobs belongs to (each chunk is a job; the wizard
      // holds the first one's id). RLS: only the caller's organisation;
      // a job that used up its attempts failed, whatever the import row says.
      const r = await sql<{ state: 'queued' | 'running' | 'done' | 'failed'; rows_done: number; rows_total: number; error: string | null; job_state: string | null; last_error: string | null }>`
        SELECT i.state, i.rows_done, i.rows_total, i.error, j.state AS job_state, j.last_error
        FROM jobs j0 JOIN csv_imports i ON i.upload_key = j0.payload->>'key'
        LEFT JOIN jobs j ON j.id = i.job_id
        WHERE j0.id = ${params.jobId}::bigint AND j0.queue = ${CSV_IMPORT_QUEUE}`.execute(tx);
      const row = r.rows[0];
      if (!row) throw notFound();
      const failed = row.state === 'failed' || row.job_state === 'FAILED';
      return {
        state: failed ? 'failed' : row.state,
        done: row.rows_done,
        total: row.rows_total,
        error: failed ? (row.error ?? row.last_error ?? 'failed') : null,
      };
    }) as AnyRoute,
  ]);
}

/** GET /v2/exports/{token}: the signed download the export call handed out. */
export function mountExports(app: Hono<AppEnv>, deps: AppDeps) {
  app.get('/v2/exports/:token', async (c) => {
    const grant = readToken(deps, c.req.param('token'));
    if (grant === 'invalid' || grant === 'expired') {
      const locale = localeFromAcceptLanguage(c.req.header('accept-language'));
      return c.json({ code: 'FORBIDDEN', message: t(locale, grant === 'expired' ? 'csv.linkExpired' : 'csv.linkInvalid') }, 403);
    }
    const m = MODULES.find((x) => x.id === grant.m);
    const source = m ? null : exportSources.get(grant.m);
    if (!m && !source) return c.json({ code: 'NOT_FOUND', message: 'Unknown module.' }, 404);
    const scope = { orgId: grant.org, accountId: grant.acct };
    let started = false;
    let finished = grant.mode === 'edit-template';
    let header: string[];
    /** The next batch of lines; sets `finished` with the last. */
    let next: () => Promise<string[][]>;
    if (m) {
      const columns = csvColumns(m, grant.mode);
      header = columns.map((f) => headerLabel(m, grant.loc, f));
      let cursor: { at: string; id: string } | null = null;
      next = async () => {
        const after: { at: string; id: string } | null = cursor;
        const rows = await withScope(deps.db, scope, async (tx) => {
          const where = whereClause(m, grant.q);
          const keyset = after ? sql`(m.created_at, m.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql`true`;
          const r = await sql<Record<string, unknown> & { _at: string; _id: string }>`SELECT ${exportSelect(m, columns)}, m.created_at::text AS _at, m.id::text AS _id
            FROM ${fromFor(m)} WHERE ${where} AND ${keyset} ORDER BY m.created_at, m.id LIMIT ${BATCH}`.execute(tx);
          return r.rows;
        });
        if (rows.length < BATCH) finished = true;
        const last = rows[rows.length - 1];
        if (last) cursor = { at: last._at, id: last._id };
        return rows.map((r) => exportCells(m, grant.loc, columns, r));
      };
    } else {
      const s = source!;
      header = s.header(grant.loc, grant.mode);
      let cursor: string | null = null;
      next = async () => {
        const after = cursor;
        const b = await withScope(deps.db, scope, (tx) => s.batch(tx, grant, after, BATCH));
        cursor = b.cursor;
        if (!b.cursor) finished = true;
        return b.cells;
      };
    }
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          if (!started) {
            started = true;
            const head = csvPreamble(grant.enc);
            if (head.length) controller.enqueue(head);
            controller.enqueue(encodeCsvChunk(csvLine(header), grant.enc));
            if (finished) controller.close();
            return;
          }
          if (finished) return controller.close();
          const text = (await next()).map((cells) => csvLine(cells)).join('');
          if (text) controller.enqueue(encodeCsvChunk(text, grant.enc));
          if (finished) controller.close();
        } catch (err) {
          deps.logger.error({ err }, 'csv export failed');
          controller.error(err);
        }
      },
    });
    const ascii = grant.name.replace(/[^\x20-\x7e]/g, '_');
    return new Response(stream, {
      headers: {
        'Content-Type': `text/csv; charset=${grant.enc === 'UTF-8' ? 'utf-8' : 'shift_jis'}`,
        'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(grant.name)}`,
        'Cache-Control': 'no-store',
      },
    });
  });
}
