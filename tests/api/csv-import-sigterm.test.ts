// A SIGTERM during a large CSV import leaves nothing half-written. The real
// server process as `npm start` runs it (PGlite on disk, cognito-local,
// MailDev) is stopped with SIGTERM twice: once with the import mid-way (a
// chunk staged, more to come), once right after the import call answered.
// Each time it exits, the data directory it leaves (read directly, the
// server gone) holds none or all of the file's rows and only committed
// chunks staged, with no job left holding a lease; started again on that
// directory, the list shows none or all of the rows at every look, never a
// part, and finally all of them, once.
// The assertions hold whether the stopping worker ends after the run in hand
// (the import resumes after the restart) or, as it does today, runs every
// remaining chunk and the apply before it exits (done on disk already).
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client.js';
import { getAuthConfig } from '../../src/api/contracts/auth.js';
import { presignImportCsv } from '../../src/api/contracts/storage.js';
import { CSV_INLINE_ROWS, csvImportJob, moduleContracts } from '../../src/api/modules/contracts.js';
import { equipment } from '../../src/api/modules/equipment.js';
import { CSV_IMPORT_CHUNK, CSV_IMPORT_QUEUE } from '../../server/modules/module/csv-job.js';
import { DEMO_USERS } from '../../server/seed/demo-users.js';
import { signIn } from '../support/cognito.js';
import { freePorts, type Ports, startServer, stopServer } from '../support/server-process.js';

// Enough chunks (10,000 rows each) that a look finds the import mid-way.
const ROWS = 35_000;
const eq = moduleContracts(equipment);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-sigterm-'));
let child: ChildProcess | null = null;
let printed: () => string = () => '';
const timeline: string[] = [];
const t0 = Date.now();
const mark = (what: string) => timeline.push(`${((Date.now() - t0) / 1000).toFixed(1)}s ${what}`);

async function start(ports: Ports) {
  // A loaded machine (CI beside other work) can take over a minute to start the server.
  const server = await startServer({ dataDir, ports, env: { JOB_POLL_MS: '200' }, timeoutMs: 150_000 });
  child = server.proc;
  printed = server.output;
  return server;
}
const stop = (proc: ChildProcess) => stopServer(proc);

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.info(timeline.join('\n'));
  // What the last server printed (warnings and errors): the cause of a failed look.
  const out = printed().split('\n').filter((l) => !/^\s*$/.test(l));
  console.info(out.slice(-60).join('\n'));
});

const fileOf = (marker: string, n: number) =>
  ['Equipment,Usage status', ...Array.from({ length: n }, (_, i) => `${marker} ${i + 1},In use`)].join('\r\n') + '\r\n';

/** Signed in as the printed demo admin (every area, GA included). */
async function client(base: string, output: string) {
  const admin = DEMO_USERS.find((u) => u.email === 'admin@daicho.example')!;
  const password = output.match(/admin@daicho\.example\s+(\S+)/)![1]!;
  const auth = await createApiClient({ baseUrl: base })(getAuthConfig);
  const tokens = await signIn({ endpoint: auth.endpoint!, userPoolId: auth.userPoolId, clientId: auth.clientId, email: admin.email, password });
  return createApiClient({ baseUrl: base, getToken: () => tokens.accessToken });
}
type Api = Awaited<ReturnType<typeof client>>;

/** The real flow: presigned URL, PUT of the file, the import call (not a dry run) → a background job. */
async function startImport(api: Api, marker: string): Promise<{ jobId: string; key: string }> {
  const { url, key } = await api(presignImportCsv, { query: { filename: `${marker}.csv` } });
  const put = await fetch(url, { method: 'PUT', body: Buffer.from(fileOf(marker, ROWS), 'utf8'), headers: { 'content-type': 'text/csv' } });
  expect(put.status, await put.clone().text()).toBe(200);
  const started = await api(eq.csvImport!, { body: { uploadedFileKey: key, dryrun: false, pageSize: 1 } as never });
  expect(started.errors).toEqual({ rows: 0, cells: 0, headers: 0 });
  expect(started.summary.create).toBe(ROWS);
  expect(started.imported).toBe(false);
  expect(started.jobId).toMatch(/^\d+$/);
  return { jobId: started.jobId!, key };
}

/** One look through the API: the job's progress, then how many of the file's rows the list has. */
async function look(api: Api, jobId: string, marker: string) {
  const status = await api(csvImportJob, { params: { jobId } });
  const count = (await api(eq.list, { query: { freeText: marker, pageSize: 1 } as never })).count;
  expect(status.error, 'the import failed').toBeNull();
  expect(status.total).toBe(ROWS);
  // Never half-written: none of the rows, or all of them.
  expect([0, ROWS], `${count} of ${ROWS} rows in the list (import ${status.state}, ${status.done} done)`).toContain(count);
  // Done only with every row there (the status is read first: done stays done).
  if (status.state === 'done') expect(count).toBe(ROWS);
  return { ...status, count };
}

/** Looks until the import is done, asserting at every look; the distinct states seen. */
async function untilDone(api: Api, jobId: string, marker: string, ms: number) {
  const deadline = Date.now() + ms;
  const seen: string[] = [];
  for (;;) {
    const l = await look(api, jobId, marker);
    const s = `${l.state} ${l.done}/${l.total} (${l.count} listed)`;
    if (seen.at(-1) !== s) seen.push(s);
    if (l.state === 'done') return { last: l, seen };
    if (Date.now() > deadline) throw new Error(`import not done within ${ms} ms: ${seen.join(' → ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * What a stopped server left on disk, read with PGlite directly (one process
 * at a time: only after the server exited). As the superuser: no RLS.
 */
async function onDisk(marker: string, key: string) {
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    await db.waitReady;
    const one = async <T>(q: string, params: unknown[]) => (await db.query<T>(q, params)).rows[0]!;
    const listed = Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM equipment WHERE name LIKE $1`, [`${marker} %`])).n);
    const imp = await one<{ state: string; rows_done: number; rows_total: number }>(`SELECT state, rows_done, rows_total FROM csv_imports WHERE upload_key = $1`, [key]);
    // Staged: the file rows the committed chunks cover (one csv_import_chunks row per chunk).
    const staged = Number((await one<{ n: number }>(`SELECT coalesce(sum(rows), 0)::int AS n FROM csv_import_chunks WHERE upload_key = $1`, [key])).n);
    const jobs = (
      await db.query<{ state: string; leased: boolean }>(`SELECT state, locked_until > now() AS leased FROM jobs WHERE queue = $1 AND payload->>'key' = $2 ORDER BY id`, [CSV_IMPORT_QUEUE, key])
    ).rows;
    return { listed, ...imp, staged, jobs: jobs.map((j) => `${j.state}${j.leased ? ' (leased)' : ''}`) };
  } finally {
    await db.close();
  }
}

/** Nothing half-written on disk: all rows applied and nothing staged, or none applied and only whole chunks staged. */
function expectWhole(disk: Awaited<ReturnType<typeof onDisk>>) {
  expect(disk.rows_total).toBe(ROWS);
  expect(disk.state).not.toBe('failed');
  if (disk.state === 'done') {
    expect(disk).toMatchObject({ listed: ROWS, rows_done: ROWS, staged: 0 });
  } else {
    expect(disk.listed).toBe(0);
    // Staged rows are exactly the committed chunks the progress counts (every row is a create).
    expect(disk.staged).toBe(disk.rows_done);
  }
  // The run in hand finished or rolled back: no job is left RUNNING under a
  // lease that would hold the import up after a restart.
  expect(disk.jobs.filter((j) => j.startsWith('RUNNING'))).toEqual([]);
}

describe('SIGTERM during a large CSV import', () => {
  it('leaves nothing half-written, and the import completes once the server is back', { timeout: 360_000 }, async () => {
    expect(ROWS).toBeGreaterThan(CSV_INLINE_ROWS);
    const ports: Ports = await freePorts();
    const base = `http://127.0.0.1:${ports.http}`;

    // 1. SIGTERM mid-way: at least one chunk staged, more to come.
    let server = await start(ports);
    mark('started');
    let api = await client(base, server.output());
    const mid = { marker: `sigterm-mid-${crypto.randomUUID().slice(0, 8)}`, jobId: '', key: '' };
    Object.assign(mid, await startImport(api, mid.marker));
    mark(`import posted (job ${mid.jobId})`);
    const deadline = Date.now() + 40_000;
    for (;;) {
      const l = await look(api, mid.jobId, mid.marker);
      expect(l.state, 'the import finished before a look found it mid-way').not.toBe('done');
      // Mid-way with at least one more chunk to stage before the last run
      // applies them all: the status and the list are read one after the
      // other, so a look at the last chunk's eve could read "running" and
      // then, the apply committed in between, every row listed.
      if (l.state === 'running' && l.done > 0 && l.done + CSV_IMPORT_CHUNK < l.total) {
        expect(l.count).toBe(0);
        mark(`mid-way: ${l.done}/${l.total}, ${l.count} listed → SIGTERM`);
        break;
      }
      if (Date.now() > deadline) throw new Error('the import never got mid-way');
      await new Promise((r) => setTimeout(r, 20));
    }
    let at = Date.now();
    expect(await stop(server.proc)).toBe(0);
    mark(`exited with 0, ${Date.now() - at} ms after SIGTERM`);
    let disk = await onDisk(mid.marker, mid.key);
    mark(`on disk: ${JSON.stringify(disk)}`);
    expectWhole(disk);

    server = await start(ports);
    mark('restarted');
    api = await client(base, server.output());
    const midDone = await untilDone(api, mid.jobId, mid.marker, 40_000);
    mark(`after restart: ${midDone.seen.join(' → ')}`);
    expect(midDone.last).toEqual({ state: 'done', done: ROWS, total: ROWS, error: null, count: ROWS });

    // 2. SIGTERM as soon as the import call answered (the job queued, its first run maybe in flight).
    const early = { marker: `sigterm-early-${crypto.randomUUID().slice(0, 8)}`, jobId: '', key: '' };
    Object.assign(early, await startImport(api, early.marker));
    at = Date.now();
    expect(await stop(server.proc)).toBe(0);
    mark(`import posted (job ${early.jobId}) → SIGTERM; exited with 0 ${Date.now() - at} ms later`);
    disk = await onDisk(early.marker, early.key);
    mark(`on disk: ${JSON.stringify(disk)}`);
    expectWhole(disk);

    server = await start(ports);
    mark('restarted');
    api = await client(base, server.output());
    const earlyDone = await untilDone(api, early.jobId, early.marker, 40_000);
    mark(`after restart: ${earlyDone.seen.join(' → ')}`);
    expect(earlyDone.last).toEqual({ state: 'done', done: ROWS, total: ROWS, error: null, count: ROWS });
    // The first import is still there once, whole.
    expect((await look(api, mid.jobId, mid.marker)).count).toBe(ROWS);

    at = Date.now();
    expect(await stop(server.proc)).toBe(0);
    mark(`stopped in ${Date.now() - at} ms`);
  });
});
