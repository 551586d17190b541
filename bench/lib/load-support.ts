// Helpers of the load-and-faults suite (bench/suites/load.ts): a scratch
// PostgreSQL database, a keep-alive HTTP client over loopback with a fixed
// number of sockets, and a sampler of a process's resident memory.
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';

export const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const dbUrl = (name: string) => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A client on the admin database (the caller ends it). */
export async function adminClient(database = 'postgres'): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: dbUrl(database) });
  // A client of ours must not crash the bench if the server side goes away.
  c.on('error', () => {});
  await c.connect();
  return c;
}

export async function createDatabase(name: string): Promise<void> {
  const c = await adminClient();
  try {
    await c.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await c.end();
  }
}

/** Drops the database, ending whatever is still connected to it. */
export async function dropDatabase(name: string): Promise<void> {
  const c = await adminClient();
  try {
    await c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
    await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)}`);
  } finally {
    await c.end();
  }
}

/** Ends every connection of `database` except the caller's; how many. */
export async function terminateBackends(admin: pg.Client, database: string): Promise<number> {
  const r = await admin.query<{ n: number }>(
    `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [database],
  );
  return r.rows[0]?.n ?? 0;
}

export interface HttpResult {
  status: number;
  body: unknown;
  /** Set when no HTTP answer came (reset, refused, timeout). */
  error?: string;
}

/**
 * JSON over loopback with keep-alive and at most `sockets` connections
 * (one per concurrent caller). No response parsing beyond JSON.parse: the
 * bench process shares the 2 cores with the server.
 */
export function httpClient(base: string, token: string, sockets: number, timeoutMs = 10_000) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  const url = new URL(base);
  const request = (method: string, path: string, body?: unknown): Promise<HttpResult> =>
    new Promise((resolve) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          timeout: timeoutMs,
          headers: {
            accept: 'application/json',
            authorization: `Bearer ${token}`,
            ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () => {
            let parsed: unknown;
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              parsed = null;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', (err) => resolve({ status: 0, body: null, error: err.message }));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
      req.on('error', (err) => resolve({ status: 0, body: null, error: err.message }));
      req.end(payload);
    });
  return { request, close: () => agent.destroy() };
}

/** Resident set size of a process in MB (Linux /proc), or NaN once it is gone. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Samples rssMb(pid) every `everyMs` until stopped: [ms since start, MB][]. */
export function sampleRss(pid: number, everyMs = 1000) {
  const t0 = Date.now();
  const samples: Array<[number, number]> = [[0, rssMb(pid)]];
  const timer = setInterval(() => samples.push([Date.now() - t0, rssMb(pid)]), everyMs);
  return {
    samples,
    /** The last sample at or before `ms` after the start. */
    at: (ms: number) => samples.filter(([t]) => t <= ms).at(-1)?.[1] ?? NaN,
    stop: () => {
      clearInterval(timer);
      samples.push([Date.now() - t0, rssMb(pid)]);
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
