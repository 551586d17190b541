// One code path for both databases: Kysely over a `pg` Pool, which talks to
// PostgreSQL when DATABASE_URL is set and to embedded PGlite otherwise
// (through PGlite's node-postgres adapter, a single connection).
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { CLIENT_MARK, type Lead, sendLead } from './lead.js';
import { ROW_BYTES_MARK, runRowBytes, runRowBytesAsQuery } from './row-bytes.js';
import type { Database } from './schema.js';

// `date` columns stay 'YYYY-MM-DD' strings: no time zone shifts.
pg.types.setTypeParser(1082, (v) => v);

export type Db = Kysely<Database>;

/** pg's Client, except that a message of several statements (the simple
 * protocol: a query without parameters) resolves to its last statement's
 * result instead of an array of them. Kysely reads `rows` off the result it
 * is given, so a message such as `BEGIN; SELECT …` can open a transaction
 * and read in one round trip (server/auth/access.ts, inCallerTransaction). */
class Client extends pg.Client {
  /** A statement marked by rowBytes (./row-bytes.ts) runs as COPY … TO
   * STDOUT, its values read as bytes; PGlite's client runs it as a query. */
  readonly rowBytesByCopy: boolean = true;
  /** Statements to send ahead of this connection's next one (./lead.ts). */
  lead: Lead | null = null;
  /** A read's transaction end held back (endAfter). */
  private tail: string | null = null;
  /**
   * Ends a read's transaction after the code now running has finished: the
   * COMMIT goes out once this turn of the event loop is over (setImmediate),
   * so a response written in this turn goes to its client first, without
   * the COMMIT's write ahead of it (0.03 ms on a 100-row page's answer:
   * docs/benchmarks.md, thirty-ninth round). The connection may
   * go back to the pool meanwhile: its next user's checkout sends the
   * COMMIT first (openDatabase: the pool's 'acquire'), so nothing of theirs
   * can run inside this transaction. Its result is not waited for, as a
   * read's COMMIT was not before: a read writes nothing, and a COMMIT that
   * never arrives (a closed connection) rolls back nothing of consequence.
   */
  endAfter(statement: 'COMMIT' | 'ROLLBACK'): void {
    this.sendTail();
    this.tail = statement;
    setImmediate(() => this.sendTail());
  }
  /** Sends the held-back end, if any, ahead of anything sent after. */
  sendTail(): void {
    const t = this.tail;
    if (t === null) return;
    this.tail = null;
    (query as (this: pg.Client, text: string) => Promise<unknown>).call(this, t).catch(() => {});
  }
}
class PgliteClient extends Client {
  override readonly rowBytesByCopy = false;
}
const query = pg.Client.prototype.query;
Client.prototype.query = function (this: Client, ...args: unknown[]) {
  const run = query as (...a: unknown[]) => unknown;
  if (args[0] === CLIENT_MARK) return Promise.resolve({ command: 'SELECT', rowCount: 1, rows: [{ client: this }] });
  const marked = typeof args[0] === 'string' && args[0].startsWith(ROW_BYTES_MARK);
  const lead = this.lead;
  this.lead = null;
  // A row-bytes statement run by COPY takes the lead into its own message
  // (one round trip); anything else is queued after it, the lead sent
  // alone (pg runs a client's queries in the order they were asked for).
  const leadRides = marked && this.rowBytesByCopy;
  if (lead && !leadRides) void sendLead(this, lead);
  if (marked) {
    const text = (args[0] as string).slice(ROW_BYTES_MARK.length);
    const params = Array.isArray(args[1]) ? (args[1] as unknown[]) : [];
    if (leadRides) return runRowBytes(this, text, params, lead);
    return runRowBytesAsQuery((t, p) => run.call(this, t, p) as Promise<unknown>, text, params);
  }
  const out = run.apply(this, args);
  return out instanceof Promise ? out.then((r: unknown) => (Array.isArray(r) ? r[r.length - 1] : r)) : out;
} as typeof query;

/** A connection's next user first ends its last user's read (Client.endAfter):
 * pg-pool emits 'acquire' before it hands the connection over. */
const sendTailOnCheckout = (client: pg.PoolClient) => (client as unknown as Client).sendTail();

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  pglite?: PGlite;
  /** Calls `onNotify` with the payload of each NOTIFY on `channel` until the
   * returned function is called. PostgreSQL: a connection of its own, kept
   * open (reconnected after a loss, then one call with payload null, since
   * notifications sent meanwhile are gone); PGlite: its own LISTEN. */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A dedicated PostgreSQL connection that LISTENs on `channel`, reconnecting
 * (at most once a second) whenever it is lost. */
async function listenPostgres(connectionString: string, channel: string, onNotify: (payload: string | null) => void, onError?: (err: Error) => void): Promise<() => Promise<void>> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    const lost = (err?: Error) => {
      if (err) onError?.(err);
      if (client !== c) return;
      client = null;
      void c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void reconnect(), 1000);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
  };
  const reconnect = async () => {
    retry = null;
    try {
      await connect();
      onNotify(null);
    } catch (err) {
      onError?.(err as Error);
      if (!closed) retry = setTimeout(() => void reconnect(), 1000);
    }
  };
  await connect();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory, or 'memory://'. */
  pgliteDir?: string;
  /** A PGlite data-dir dump (tar.gz) to start from: the migrated test template. */
  pgliteTemplate?: Blob | File;
  poolSize?: number;
  /** How long a pooled connection beyond the kept ones may idle before it
   * closes (ms; default pg-pool's 10 s). */
  poolIdleMs?: number;
  onPoolError?: (err: Error) => void;
}

/**
 * The first statement of every pooled PostgreSQL connection: one 4 MiB
 * value, made and freed, so that its backend stops handing memory back to
 * the kernel after every statement.
 *
 * A backend's memory comes from glibc's malloc, which maps a large block
 * (over 128 kB at first) on its own and unmaps it when freed, and trims
 * the heap whenever over 128 kB lie free at its top. A 1000-row page's
 * statement takes about 4 MB and gives it back each time, so the next one
 * faults the same pages in again, zeroed: ~1,080 page faults a call, at
 * about 25 µs a fault on the bench machine. Freeing a mapped block of up
 * to 32 MiB raises both thresholds for the rest of the process's life
 * (here: mmap 4 MiB, trim 8 MiB); the backend then keeps and reuses its
 * memory. The workforce's 1000-row page, the 21st and 24th of 25 calls on
 * one connection after this statement with a block of 0 / 1 / 2 / 4 / 16
 * MiB: ~1,080 / 660 / 426 / 0–1 / 0–1 faults a call, 38–56 / 38 / 31–33 /
 * 22–24 / 23–34 ms (docs/benchmarks.md, twenty-third round). The bench's raw SQL, on a
 * backend whose earlier statements (migrations, the seed's checks) had
 * most likely moved the same thresholds, ran the same statement 15–30%
 * faster than the server's backends: the gap earlier rounds could not
 * explain.
 *
 * What it costs: the block's pages faulted in once per new connection (28
 * ms for 4 MiB on the bench machine, 150 for 16), and a backend may keep up
 * to 8 MiB of free heap instead of returning it. The value is built from
 * 4 kB pieces and measured by octet_length: repeat() of one character and
 * length() walk it byte by byte. Without glibc's malloc (musl) the
 * statement only allocates and frees.
 */
export const BACKEND_MALLOC_WARM_UP = `SELECT octet_length(repeat(repeat('x', 4096), ${(4 << 20) / 4096})) AS warm`;

/**
 * Pooled connections kept open however long they idle (pg-pool's `min`; the
 * others close after its default 10 s idle). A new connection costs its
 * first request the connection itself, the warm-up above and the backend's
 * cold catalog caches: on the bench machine a 100-row page's transaction
 * after 11 s of quiet took 29–58 ms on a new connection, against 12–18 ms
 * on a kept one (docs/benchmarks.md, twenty-fourth round). A console used by a
 * few people at a time (a request, then reading for a while) hit that on
 * nearly every request; two kept connections serve its requests in turn.
 * Per replica, so what a managed database must allow is `min` × replicas
 * idle connections, within `max` × replicas in all.
 */
export const POOL_KEPT_CONNECTIONS = 2;

export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    // jit off: the planner's cost estimates on million-row tables (a sort by
    // a joined label, a count) trigger JIT compilation that costs more than
    // the short OLTP statements it would speed up.
    const max = opts.poolSize ?? 10;
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max, min: Math.min(POOL_KEPT_CONNECTIONS, max), ...(opts.poolIdleMs ? { idleTimeoutMillis: opts.poolIdleMs } : {}), options: '-c jit=off', Client });
    // A connection killed by the server (pg_terminate_backend, failover) is
    // dropped from the pool; the next query gets a fresh one.
    // pg emits 'error' on the Client itself, also while it is checked out
    // (mid-request, mid-job), when the pool has taken its own listener off;
    // an 'error' event without a listener would crash the process. So every
    // client gets a listener for its whole life: the query in flight fails
    // on its own, the transaction's ROLLBACK fails on the dead client, and the
    // pool discards it on release (it is no longer queryable).
    pool.on('connect', (client) => {
      client.on('error', (err) => opts.onPoolError?.(err));
      // Queued on the new client before its first user's statement.
      client.query(BACKEND_MALLOC_WARM_UP).catch(() => {});
    });
    // Idle clients: the pool removes them and re-emits here; already logged
    // by the client's own listener above.
    pool.on('error', () => {});
    pool.on('acquire', sendTailOnCheckout);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const url = opts.databaseUrl;
    return { db, kind: 'postgres', listen: (channel, onNotify) => listenPostgres(url, channel, onNotify, opts.onPoolError), close: () => db.destroy() };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const pglite = new PGlite(dir, {
    extensions: { pg_trgm },
    ...(opts.pgliteTemplate ? { loadDataDir: opts.pgliteTemplate } : {}),
  });
  await pglite.waitReady;
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, Client: PgliteClient } as pg.PoolConfig);
  pool.on('acquire', sendTailOnCheckout);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    pglite,
    listen: (channel, onNotify) => pglite.listen(channel, (payload) => onNotify(payload)),
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
