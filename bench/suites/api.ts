// Issue 5, point 3: the API at scale. One organisation with 1M equipment rows
// and 100k people (issue 7: the workforce list of those people too;
// BENCH_API_CASES=workforce measures only it, without the equipment seed), on PostgreSQL (a database of its own on the local server)
// and on PGlite (a data directory under .data/bench-pglite). For each list
// call: p50/p95/p99 through the real server process over loopback with a real
// token, beside the same statements run directly on the database (the
// handler's own functions inside one scoped transaction: "raw SQL"); then
// 100-row pages at 50 connections with autocannon.
//
// On PostgreSQL the API calls and the raw SQL are interleaved, call by call
// (their order alternating), so that both see the same machine: measured one
// after the other, minutes apart, their p95 moved by 30–50% between runs
// with the machine's load and the ratio of the two with them. And they are
// timed in rounds (--runs), each over every case: each figure is the median
// of the rounds' (below, "Timed in rounds"). The HTTP
// client runs on a thread of its own (bench/lib/http-worker.ts): the garbage
// of its response bodies is not collected inside the raw timings. PGlite
// has one connection, held by the server: its raw SQL is timed before the
// server starts.
//
// Data is seeded once and reused (seeding 1M rows takes minutes): the
// PostgreSQL database daicho_bench_api (daicho_bench_api_quick in quick mode)
// is kept between runs unless BENCH_API_DROP=1, which drops it at the end;
// BENCH_API_DB=name uses another database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { pino } from 'pino';
import { equipment } from '../../src/api/modules/equipment.js';
import { type DatabaseHandle, openDatabase } from '../../server/db/index.js';
import { migrate } from '../../server/db/migrate.js';
import { withScope } from '../../server/db/tenant.js';
import { freePort, startCognitoLocal } from '../../server/local/cognito-local.js';
import { ListCache } from '../../server/http/list-cache.js';
import { categoryCounts, listPage } from '../../server/modules/module/module.routes.js';
import { workforceCategoryCounts, workforcePage } from '../../server/modules/people/people.routes.js';
import { countWorkforce, listWorkforce, workforceQuery } from '../../src/api/contracts/people.js';
import type { Tx } from '../../server/db/tenant.js';
import { sql } from 'kysely';
import { seedScale, seedScaleEquipment } from '../../server/seed/scale.js';
import { signIn } from '../../tests/support/cognito.js';
import { BENCH_EMAIL, BENCH_PASSWORD, ensureBenchAccount, linkPoolUser } from '../lib/api-account.js';
import { startBenchServer, stopServer } from '../lib/api-server.js';
import { adminQuery, PG_ADMIN_URL } from '../lib/server-session.js';
import { startHttpWorker } from '../lib/http-worker.js';
import { type Budget, max, type Measure, min, percentile, round, type Suite, type SuiteOptions } from '../lib/measure.js';


interface Scenario {
  key: string;
  label: string;
  path: string;
  query: Record<string, string | number>;
  /** Budgets on PostgreSQL: p95 in ms, and API p95 / raw SQL p95. */
  p95?: number;
  ratio?: number;
  /** The handler's own statements (raw SQL); default: the equipment list's. */
  raw?: (tx: Tx) => Promise<unknown>;
  /** Timed after a write to a table the rows reference (an equipment type),
   * so that every row of the page is built: the server's kept rows are of
   * no use (server/http/list-cache.ts, "Rows, not only pages"). Otherwise
   * each call follows a write to one row of its page. */
  everyRow?: true;
}

/** Untimed rounds over every case before the timed calls: at least
 * WARM_ROUNDS, and as many as WARM_CALLS API calls take (below, "Warm the
 * server as a running one is"). */
const WARM_ROUNDS = Number(process.env.BENCH_API_WARM_ROUNDS ?? 10);
const WARM_CALLS = Number(process.env.BENCH_API_WARM_CALLS ?? 2000);

/** Which lists to measure: BENCH_API_CASES=equipment,workforce (default both). */
const CASES = (process.env.BENCH_API_CASES ?? 'equipment,workforce').split(',').map((c) => c.trim());
/** Which cases of those lists, by key (BENCH_API_KEYS=page100,people100;
 * default every case): one case measured again in a minute, not the lot. */
const KEYS = process.env.BENCH_API_KEYS?.split(',').map((k) => k.trim());

/** The workforce (issue 7, /v2/people) at 100k people, with the same budgets. */
function workforceScenarios(departmentId: string): Scenario[] {
  const path = listWorkforce.path;
  const page = (query: Record<string, string | number>) => (tx: Tx) => workforcePage(tx, workforceQuery.parse(query));
  const cases: Array<Omit<Scenario, 'raw' | 'path'>> = [
    { key: 'people100', label: 'workforce: first 100-row page', query: { pageSize: 100 }, p95: 20, ratio: 1.5 },
    { key: 'people1000', label: 'workforce: first 1000-row page', query: { pageSize: 1000 }, p95: 60, ratio: 1.5 },
    { key: 'peopleSort', label: 'workforce: 100-row page sorted by JOINED_ON desc', query: { pageSize: 100, sortColumn: 'JOINED_ON', sortOrder: 'desc' } },
    { key: 'peopleFilter', label: 'workforce: 100-row page of one department', query: { pageSize: 100, departmentIdIn: departmentId } },
    { key: 'peopleSearch', label: 'workforce: free-text search "佐藤 翔"', query: { pageSize: 100, freeText: '佐藤 翔' }, p95: 30, ratio: 1.5 },
  ];
  return [
    ...cases.map((c) => ({ ...c, path, raw: page(c.query) })),
    {
      key: 'peopleCount',
      label: 'workforce: category counts (GET /v2/people/count)',
      path: countWorkforce.path,
      query: {},
      raw: (tx: Tx) => workforceCategoryCounts(tx, workforceQuery.parse({})),
    },
  ];
}

function scenarios(rows: number): Scenario[] {
  const deepIndex = Math.min(9000, Math.max(0, Math.floor((rows * 0.9) / 100)));
  const list = equipment.api.collection;
  const out: Scenario[] = [
    { key: 'page100', label: 'first 100-row page', path: list, query: { pageIndex: 0, pageSize: 100 }, p95: 20, ratio: 1.5 },
    { key: 'page1000', label: 'first 1000-row page', path: list, query: { pageIndex: 0, pageSize: 1000 }, p95: 60, ratio: 1.5 },
    // The same pages after a write to a table every row reads (as the first
    // build of a URL, or a server that keeps nothing): each row built.
    { key: 'page100:all', label: 'first 100-row page, every row built', path: list, query: { pageIndex: 0, pageSize: 100 }, everyRow: true },
    { key: 'page1000:all', label: 'first 1000-row page, every row built', path: list, query: { pageIndex: 0, pageSize: 1000 }, everyRow: true },
    { key: 'deep', label: `deep page (pageIndex ${deepIndex}, 100 rows)`, path: list, query: { pageIndex: deepIndex, pageSize: 100 }, p95: 50 },
    // An asset-tag fragment (100 matching rows at 1M): the kind of search a
    // person types at a desk with the label in hand.
    { key: 'search', label: 'free-text search "GA-00012"', path: list, query: { pageIndex: 0, pageSize: 100, freeText: 'GA-00012' }, p95: 30, ratio: 1.5 },
    { key: 'search:all', label: 'free-text search "GA-00012", every row built', path: list, query: { pageIndex: 0, pageSize: 100, freeText: 'GA-00012' }, everyRow: true },
    // A person's name: matches through the assigned-person reference.
    { key: 'searchPerson', label: 'free-text search "佐藤 翔" (assigned person)', path: list, query: { pageIndex: 0, pageSize: 100, freeText: '佐藤 翔' } },
    // A place's name: one reference row, tens of thousands of rows counted.
    { key: 'searchPlace', label: 'free-text search "横浜支店" (placement place)', path: list, query: { pageIndex: 0, pageSize: 100, freeText: '横浜支店' } },
  ];
  for (const sortColumn of Object.keys(equipment.list.sort)) {
    out.push({ key: `sort:${sortColumn}`, label: `100-row page sorted by ${sortColumn}`, path: list, query: { pageIndex: 0, pageSize: 100, sortColumn } });
  }
  out.push({ key: 'count', label: 'count call (GET /v2/equipment-count)', path: equipment.api.count!, query: {} });
  return out;
}

/** Samples of one call, each the duration `once` gives: at least `n` (or
 * until `capMs` is spent, at least 5); `before` runs untimed ahead of each. */
async function sample(n: number, capMs: number, once: () => Promise<number>, before?: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  const start = performance.now();
  while (out.length < n && (out.length < 5 || performance.now() - start < capMs)) {
    await before?.();
    out.push(await once());
  }
  return out;
}

/** The duration of one run of `fn`, in this thread. */
const timed = (fn: () => Promise<unknown>) => async () => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};

const stats = (v: number[]) => ({ p50: percentile(v, 50), p95: percentile(v, 95), p99: percentile(v, 99), n: v.length });

interface Target {
  suite: 'api-postgres' | 'api-pglite';
  /** Raw SQL timed call by call between the API calls (the database takes a
   * second client while the server runs); otherwise before the server starts. */
  interleave: boolean;
  /** Opens the database in this process (not while the server runs, for PGlite). */
  open(): Promise<DatabaseHandle>;
  serverEnv: Record<string, string>;
  serverDataDir: string;
  budgets: boolean;
  note: string;
  /** A write, committed, that makes the next request of a cached list a
   * miss (PostgreSQL: the server shares the database; PGlite: its server
   * runs without the cache): to the equipment row `rowId` (one row of the
   * page then built again), or to an equipment type (every row of it). */
  invalidate?: (orgId: string, write: { rowId: string } | 'every row') => Promise<void>;
  cleanup(): Promise<void>;
}

async function pgTarget(opts: SuiteOptions): Promise<Target> {
  // BENCH_API_DB names another database (e.g. one holding only the people).
  const name = process.env.BENCH_API_DB ?? (opts.quick ? 'daicho_bench_api_quick' : 'daicho_bench_api');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_API_DB: not a plain database name: ${name}`);
  const exists = await adminQuery('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-bench-api-'));
  let bumper: pg.Client | null = null;
  return {
    suite: 'api-postgres',
    interleave: true,
    open: () => openDatabase({ databaseUrl: url.toString() }),
    serverEnv: { DATABASE_URL: url.toString() },
    async invalidate(orgId, write) {
      if (!bumper) {
        bumper = new pg.Client({ connectionString: url.toString() });
        await bumper.connect();
      }
      // A change as an operator's edit makes (a new row version, its
      // triggers: the list's data version moves on).
      if (write === 'every row') {
        await bumper.query(`UPDATE equipment_types SET updated_at = now() WHERE id = (SELECT id FROM equipment_types WHERE org_id = $1 ORDER BY id LIMIT 1)`, [orgId]);
      } else {
        await bumper.query(`UPDATE equipment SET updated_at = now() WHERE id = $1 AND org_id = $2`, [write.rowId, orgId]);
      }
    },
    serverDataDir: dataDir,
    budgets: true,
    note: `PostgreSQL ${url.host}/${name}, server pool of 10`,
    async cleanup() {
      await bumper?.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (process.env.BENCH_API_DROP === '1') {
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
  };
}

function pgliteTarget(opts: SuiteOptions): Target {
  // The server reads DATA_DIR/pglite; the cognito and mail data sit beside it.
  const dataDir = path.resolve('.data/bench-pglite', opts.quick ? 'quick' : 'full');
  return {
    suite: 'api-pglite',
    interleave: false,
    open: () => openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }),
    // The server holds PGlite's one connection: nothing else can bump a
    // version, so every page is built (the list cache is off).
    serverEnv: { LIST_CACHE_MB: '0' },
    serverDataDir: dataDir,
    budgets: false,
    note: `PGlite at ${path.relative('.', dataDir)}/pglite: one connection, every request queues on it; list cache off`,
    async cleanup() {
      if (process.env.BENCH_API_DROP === '1') fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measureTarget(t: Target, opts: SuiteOptions): Promise<Measure[]> {
  const size = opts.quick ? { people: 2_000, equipment: 20_000 } : { people: 100_000, equipment: 1_000_000 };
  // The p95 of 100 calls is their 5th slowest: between two runs of the same
  // code it moved by a third, and a ratio of two such figures by more. Of
  // 300 calls (in rounds, below) it is the 15th slowest. The time cap still
  // bounds slow cases.
  const samples = opts.quick ? 20 : Math.max(300, opts.runs * 60);
  const capMs = opts.quick ? 3_000 : 20_000;
  const log = (s: string) => opts.log(`[${t.suite}] ${s}`);

  // 1. Data, account, raw SQL (in this process).
  const cognitoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-bench-cognito-'));
  const cognito = await startCognitoLocal({ dataDir: cognitoDir, port: await freePort(), logger: pino({ level: 'silent' }) });
  const raw = new Map<string, ReturnType<typeof stats>>();
  // PGlite's server keeps nothing: there every page is built anyway.
  const list: Scenario[] = CASES.includes('equipment') ? scenarios(size.equipment).filter((s) => t.invalidate || !s.everyRow) : [];
  /** Each case's write before a timed call: to a row of its page. */
  const writeOf = new Map<string, { rowId: string } | 'every row'>();
  let orgId = '';
  let handle: DatabaseHandle | null = null;
  // The raw SQL of a list page is the server's: where the server builds a
  // page from the rows it kept of the last build (after a write to one of
  // them), so does the raw SQL, from its own last build of that page.
  const rawKept = new ListCache(512 << 20, 'bench-raw');
  let rawBuilds = 0;
  const queryOf = (s: Scenario) => ({ pageIndex: 0, pageSize: 100, orderDirection: 'asc' as const, ...s.query });
  const rawOf = (s: Scenario) => {
    const q = queryOf(s);
    if (s.raw) return (tx: Tx) => s.raw!(tx);
    if (s.key === 'count') return (tx: Tx) => categoryCounts(tx, equipment, q);
    const keeps = !!t.invalidate && !s.everyRow;
    return async (tx: Tx) => {
      const page = await listPage(tx, equipment, q, keeps ? rawKept.rows(s.key) : null);
      if (keeps) rawKept.set(s.key, String(++rawBuilds), page.bytes, page.rows);
    };
  };
  try {
    handle = await t.open();
    try {
      await migrate(handle.db);
      const t0 = performance.now();
      // The scale seed gives the people their lifecycle, units, job types and places.
      orgId = (await seedScale(handle.db, { people: size.people })).orgId;
      const eq = CASES.includes('equipment') ? await seedScaleEquipment(handle.db, { equipment: size.equipment, log }) : { equipment: 0 };
      log(`data: ${size.people} people, ${eq.equipment} equipment rows (${((performance.now() - t0) / 1000).toFixed(1)} s to seed or check)`);
      if (CASES.includes('workforce')) {
        const unit = await withScope(handle.db, { orgId }, async (tx) => (await sql<{ id: string }>`SELECT id FROM org_units WHERE code = 'S-U01'`.execute(tx)).rows[0]!.id);
        list.push(...workforceScenarios(unit));
      }
      if (KEYS) list.splice(0, list.length, ...list.filter((s) => KEYS.includes(s.key)));
      if (t.invalidate) {
        const firstRow = async (s: Scenario) =>
          withScope(handle!.db, { orgId }, async (tx) => (JSON.parse((await listPage(tx, equipment, queryOf(s))).text) as { items: { id: string }[] }).items[0]?.id);
        const fallback = list.length ? await firstRow(list[0]!) : undefined;
        for (const s of list) {
          const own = s.path === equipment.api.collection ? await firstRow(s) : undefined;
          const rowId = own ?? fallback;
          writeOf.set(s.key, s.everyRow ? 'every row' : rowId ? { rowId } : 'every row');
        }
      }
      const accountId = await ensureBenchAccount(handle.db, orgId);
      await linkPoolUser(handle.db, accountId, cognito);
      for (const s of t.interleave ? [] : list) {
        const once = rawOf(s);
        const v = await withScope(handle.db, { orgId }, async (tx) => {
          await once(tx); // warm
          return sample(samples, capMs, timed(() => once(tx)));
        });
        raw.set(s.key, stats(v));
        log(`raw SQL  ${s.label}: p50 ${round(stats(v).p50)} ms, p95 ${round(stats(v).p95)} ms (n=${v.length})`);
      }
    } finally {
      // PGlite: the server is about to open the same data directory.
      if (!t.interleave) {
        await handle.close();
        handle = null;
      }
    }

    // 2. The server process, a token, the API calls. The equipment list
    // keeps unchanged pages (server/http/list-cache.ts); every timed call
    // below is a miss: a write, untimed, comes before it. To one row of the
    // page (an operator's edit): the page is built by the database again,
    // that row in full, the others from the rows kept of the last build; or,
    // for the cases marked "every row built", to an equipment type, which
    // every row reads: each row built in full. The kept page and the 304
    // are measured after them.
    const server = await startBenchServer({ dataDir: t.serverDataDir, cognito, env: t.serverEnv });
    const out: Measure[] = [];
    const { accessToken } = await signIn({ ...cognito, email: BENCH_EMAIL, password: BENCH_PASSWORD });
    const headers = { authorization: `Bearer ${accessToken}` };
    const budget = (limit?: number): { budget?: Budget } => (t.budgets && limit !== undefined ? { budget: max(limit) } : {});
    const urlOf = (base: string, s: Scenario) => `${base}${s.path}?${new URLSearchParams(Object.entries(s.query).map(([k, v]) => [k, String(v)]))}`;
    const http = startHttpWorker();
    /** One timed GET (timed on the HTTP thread); its time, and its ETag. */
    const get = async (url: string, extra: Record<string, string> = {}, status = 200) => {
      const r = await http.get(url, { ...headers, ...extra });
      if (r.status !== status) throw new Error(`${url}: HTTP ${r.status} ${r.head}`);
      return r;
    };
    const caller = (url: string, extra: Record<string, string> = {}, status = 200) => async () => void (await get(url, extra, status));
    try {
      const invalidateFor = (s: Scenario) => (t.invalidate ? () => t.invalidate!(orgId, writeOf.get(s.key) ?? 'every row') : undefined);
      // Warm the server as a running one is: every case on the path it is
      // timed on (a miss), and on PostgreSQL its raw SQL as it is timed
      // (after a write of its own), so that neither V8's compiler tiers, in
      // the server and in this process, nor the pool's connections (their
      // catalog and plan caches) are still warming up while cases are
      // timed. Ten rounds were not enough: V8 gives a function to its
      // optimising compiler (TurboFan) only when it has run often, and a
      // function that runs once per request (listPage, pg's query queue)
      // got there after 400 to 600 requests. Each such compilation takes
      // 5 to 60 ms on one of V8's helper threads; on this machine's
      // scheduler a process woken meanwhile (the server, or PostgreSQL
      // answering it) often waited for that thread's turn on its CPU
      // while the other CPU stood idle, up to 2 ms (seen in a kernel
      // scheduler trace). With 10 rounds, the first 100-row page's API
      // p95 was 5.7 to 7.1 ms; with 2,000 calls first, 4.2 (docs/benchmarks.md,
      // thirty-first round). Hence WARM_CALLS API calls in all, over every
      // case in turn (the code most cases share gets hot with all of them).
      const warmRounds = opts.quick ? WARM_ROUNDS : Math.max(WARM_ROUNDS, Math.ceil(WARM_CALLS / Math.max(1, list.length)));
      const warmStart = performance.now();
      const warmRound = async (tx?: Tx) => {
        for (const s of list) {
          const invalidate = invalidateFor(s);
          const call = caller(urlOf(server.url, s));
          await invalidate?.();
          await call();
          // And the same page kept, as each case's first calls below and a
          // running server meet it: a response of another shape (headers,
          // its body from the list cache) first met in the timed calls
          // undid V8's optimised code of the HTTP layer there (26 "wrong
          // map" deoptimisations in the first round, each compiled again).
          await call();
          if (!tx) continue;
          await invalidate?.();
          await rawOf(s)(tx);
        }
      };
      for (let r = 0; r < warmRounds; r++) {
        if (t.interleave) await withScope(handle!.db, { orgId }, warmRound);
        else await warmRound();
      }
      log(`warm-up: ${warmRounds} rounds over ${list.length} cases (${round((performance.now() - warmStart) / 1000, 1)} s)`);
      // Timed in rounds (--runs, 5): each round measures every case in
      // turn, and each figure is the median over the rounds of that round's
      // percentile, as the grid takes the median of its runs. On a shared
      // virtual machine a neighbour's burst of a few seconds fattened the
      // tail of whichever case it fell on (one run's raw SQL p95 of the same
      // 100-row page was 11.1 ms, the next run's 17.9); spread over rounds,
      // it falls on one round of a few cases and the median passes it over.
      // The note gives every round's p95 and the p95 of all calls pooled.
      const rounds = opts.quick ? 1 : opts.runs;
      const perRound = Math.ceil(samples / rounds);
      const timedRounds = new Map<string, { api: number[][]; raw: number[][] }>(list.map((s) => [s.key, { api: [], raw: [] }]));
      for (let r = 0; r < rounds; r++) {
        for (const s of list) {
          const url = urlOf(server.url, s);
          const call = caller(url);
          const invalidate = invalidateFor(s);
          await call(); // warm
          await call();
          // Each timed call must be a miss: the equipment list's ETag (its
          // data version) differs every time.
          let lastTag: string | null = null;
          const miss = async () => {
            const res = await get(url);
            if (res.etag && res.etag === lastTag) throw new Error(`${url}: the same ETag twice, a kept page, not a miss`);
            lastTag = res.etag;
            return res.ms;
          };
          const acc = timedRounds.get(s.key)!;
          if (t.interleave) {
            // Call by call: API, raw SQL, raw SQL, API, API, raw SQL...
            // Each raw SQL call, like each API call, right after a write of
            // its own (untimed): both then build the page from rows kept of
            // their last build with the written row built again, and both
            // read the row version the write just made. Without it half the
            // raw SQL calls followed the other raw call with nothing written
            // in between (no row built, no new version read): 0.75 ms less
            // at p50 than one after a write on the first 100-row page (500
            // calls each, docs/benchmarks.md, twenty-second round).
            const once = rawOf(s);
            const both = await withScope(handle!.db, { orgId }, async (tx) => {
              await once(tx); // warm
              const timedRaw = timed(() => once(tx));
              const rawAfterWrite = async () => {
                await invalidate?.();
                return timedRaw();
              };
              const rawTimes: number[] = [];
              const a = await sample(perRound, (2 * capMs) / rounds, async () => {
                const apiFirst = rawTimes.length % 2 === 0;
                if (!apiFirst) rawTimes.push(await rawAfterWrite());
                await invalidate?.();
                const ms = await miss();
                if (apiFirst) rawTimes.push(await rawAfterWrite());
                return ms;
              });
              return { a, r: rawTimes };
            });
            acc.api.push(both.a);
            acc.raw.push(both.r);
          } else {
            acc.api.push(await sample(perRound, capMs / rounds, miss, invalidate));
          }
          const last = stats(acc.api[acc.api.length - 1]!);
          log(`round ${r + 1}/${rounds} ${s.label}: API p50 ${round(last.p50)} ms, p95 ${round(last.p95)} ms`);
        }
      }
      const medianOf = (v: number[]) => percentile(v, 50);
      for (const s of list) {
        const acc = timedRounds.get(s.key)!;
        const apiRounds = acc.api.map(stats);
        // PGlite: the raw SQL was timed once, before the server started.
        const rawRounds = t.interleave ? acc.raw.map(stats) : apiRounds.map(() => raw.get(s.key)!);
        const mid = (pick: (x: ReturnType<typeof stats>) => number, of: ReturnType<typeof stats>[]) => medianOf(of.map(pick));
        const pooled = { api: stats(acc.api.flat()), raw: t.interleave ? stats(acc.raw.flat()) : rawRounds[0]! };
        // p99: of all calls pooled (in a round of 60 it would be its slowest).
        const api = { p50: mid((x) => x.p50, apiRounds), p95: mid((x) => x.p95, apiRounds), p99: pooled.api.p99, n: pooled.api.n };
        const r = { p50: mid((x) => x.p50, rawRounds), p95: mid((x) => x.p95, rawRounds), p99: pooled.raw.p99, n: pooled.raw.n };
        const ratio = medianOf(apiRounds.map((x, i) => x.p95 / rawRounds[i]!.p95));
        log(`raw SQL  ${s.label}: p50 ${round(r.p50)} ms, p95 ${round(r.p95)} ms (median of ${rounds} rounds; all ${r.n} calls: p95 ${round(pooled.raw.p95)})`);
        log(`API      ${s.label}: p50 ${round(api.p50)} ms, p95 ${round(api.p95)} ms (median of ${rounds} rounds; all ${api.n} calls: p95 ${round(pooled.api.p95)}); ratio p95 ${round(ratio)}`);
        const spread = `p95 by round: API ${apiRounds.map((x) => round(x.p95, 1)).join(', ')} ms; raw SQL ${rawRounds.map((x) => round(x.p95, 1)).join(', ')} ms; all calls pooled: API p95 ${round(pooled.api.p95)}, raw SQL p95 ${round(pooled.raw.p95)} ms`;
        const reusesRows = !!t.invalidate && !s.everyRow && s.path === equipment.api.collection;
        const written = !t.invalidate ? '' : s.everyRow ? ' to an equipment type (every row built)' : reusesRows ? ' to one row of the page' : '';
        const note = `medians of ${rounds} rounds of ${perRound} sequential calls over loopback, each after a write${written} (raw SQL: ${t.interleave ? `interleaved with them, each after a write of its own${reusesRows ? ', the same statements from the same kept rows' : ''}` : `${r.n} calls timed before the server started`}); ${spread}; ${t.note}`;
        out.push(
          { suite: t.suite, name: `${s.label} p50`, value: round(api.p50), unit: 'ms', peers: { rawSql: round(r.p50) }, note },
          { suite: t.suite, name: `${s.label} p95`, value: round(api.p95), unit: 'ms', peers: { rawSql: round(r.p95) }, note, ...budget(s.p95) },
          { suite: t.suite, name: `${s.label} p99`, value: round(api.p99), unit: 'ms', peers: { rawSql: round(r.p99) }, note },
          {
            suite: t.suite,
            name: `${s.label} p95 ÷ raw SQL p95`,
            value: round(ratio),
            unit: 'ratio',
            note: `API (HTTP, token, scoped transaction, access, JSON) over the same statements run directly: the median of the ${rounds} rounds' ratios (by round: ${apiRounds.map((x, i) => round(x.p95 / rawRounds[i]!.p95)).join(', ')})`,
            ...budget(s.ratio),
          },
        );
      }
      if (!CASES.includes('equipment')) return out;

      // The first page again, nothing written in between: the kept page
      // (gzip: the client accepts it, and decompresses it as a browser does),
      // and a browser's revalidation (If-None-Match → 304, no body).
      const first = list[0]!;
      const url = urlOf(server.url, first);
      // And the kept 1000-row page, sent uncompressed as a built one is
      // (1.4 MB): the token, the caller's statement and the page's transfer,
      // no page statement; the part of the 1000-row page's API time that
      // its raw SQL has no counterpart of.
      const page1000 = list.find((s) => s.key === 'page1000');
      const url1000 = page1000 ? urlOf(server.url, page1000) : null;
      const identity = { 'accept-encoding': 'identity' };
      if (t.invalidate) {
        const etag = (await get(url)).etag ?? '';
        // Built and then found kept once before the warm-up call, so that
        // every timed call takes the look path (ListCache.misses).
        if (url1000) await get(url1000, identity);
        for (const [name, call] of [
          ['first 100-row page, unchanged since it was last built (kept page)', async () => (await get(url)).ms],
          ['first 100-row page revalidated by a browser (304)', async () => (await get(url, { 'if-none-match': etag }, 304)).ms],
          ...(url1000 ? ([['first 1000-row page, unchanged (kept page, sent uncompressed)', async () => (await get(url1000, identity)).ms]] as const) : []),
        ] as const) {
          await call();
          const v = stats(await sample(samples, capMs, call));
          log(`API      ${name}: p50 ${round(v.p50)} ms, p95 ${round(v.p95)} ms`);
          const note = `${v.n} sequential calls over loopback; ${t.note}`;
          out.push({ suite: t.suite, name: `${name} p50`, value: round(v.p50), unit: 'ms', note }, { suite: t.suite, name: `${name} p95`, value: round(v.p95), unit: 'ms', note });
        }
      }

      // 3. Throughput: 100-row pages, 50 connections. A server answers the
      // same page to every connection; the budget's figure is what it
      // does with its list cache (on by default), the other every page built.
      const duration = opts.quick ? 3 : 20;
      const measureLoad = async (base: string, label: string, what: string, withBudget: boolean) => {
        // Each request accepts gzip, as a browser's does: a kept page is
        // then sent compressed (server/http/list-cache.ts).
        const load = await autocannon({ url: urlOf(base, first), connections: 50, duration, headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } });
        const errors = load.errors + load.timeouts + load.non2xx;
        log(`load (${what}): ${round(load.requests.average)} req/s, ${errors} errors, p99 ${load.latency.p99} ms`);
        const loadNote = `autocannon, 50 connections for ${duration} s over loopback, first 100-row page, accepting gzip, ${what}; ${t.note}`;
        out.push(
          {
            suite: t.suite,
            name: `100-row pages at 50 connections${label}`,
            value: round(load.requests.average),
            unit: 'req/s',
            note: `${loadNote}; latency p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms`,
            ...(t.budgets && withBudget ? { budget: min(1500) } : {}),
          },
          { suite: t.suite, name: `errors at 50 connections${label}`, value: errors, unit: 'count', note: loadNote, ...(t.budgets ? { budget: max(0) } : {}) },
        );
      };
      if (t.invalidate) await measureLoad(server.url, '', 'list cache on (the default)', true);
      await stopServer(server.proc).catch(() => server.proc.kill('SIGKILL'));
      const cold = await startBenchServer({ dataDir: t.serverDataDir, cognito, env: { ...t.serverEnv, LIST_CACHE_MB: '0' } });
      try {
        await measureLoad(cold.url, ', every page built', 'list cache off (LIST_CACHE_MB=0)', !t.invalidate);
      } finally {
        await stopServer(cold.proc).catch(() => cold.proc.kill('SIGKILL'));
      }
    } finally {
      await http.stop();
      if (server.proc.exitCode === null && server.proc.signalCode === null) await stopServer(server.proc).catch(() => server.proc.kill('SIGKILL'));
    }
    return out;
  } finally {
    await handle?.close();
    await cognito.stop();
    fs.rmSync(cognitoDir, { recursive: true, force: true });
    await t.cleanup();
  }
}

/** BENCH_API_TARGETS=postgres (or pglite) measures one of the two. */
export const run: Suite = async (opts) => {
  const only = process.env.BENCH_API_TARGETS?.split(',').map((s) => s.trim());
  const out: Measure[] = [];
  if (!only || only.includes('postgres')) out.push(...(await measureTarget(await pgTarget(opts), opts)));
  if (!only || only.includes('pglite')) out.push(...(await measureTarget(pgliteTarget(opts), opts)));
  return out;
};
