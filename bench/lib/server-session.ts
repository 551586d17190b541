// The real server process for a benchmark: started as `npm start` runs it
// (tests/support/server-process.ts), on PostgreSQL (a database of its own in
// the local server, dropped afterwards) or on PGlite (a data directory of its
// own), signed in as the printed demo admin, with its memory sampled.
// BENCH_SERVER_NODE_ARGS reaches every measured server (this one and the api
// suite's, bench/lib/api-server.ts): see measuredServerOptions.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApiClient } from '../../src/api/client.js';
import { getAuthConfig } from '../../src/api/contracts/auth.js';
import { DEMO_USERS } from '../../server/seed/demo-users.js';
import { signIn } from '../../tests/support/cognito.js';
import { freePorts, startServer, stopServer } from '../../tests/support/server-process.js';

export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchServer {
  base: string;
  proc: ChildProcess;
  /** Typed API client signed in as the demo admin (every area). */
  api: ReturnType<typeof createApiClient>;
  token: string;
  /** The database URL (PostgreSQL) or null (PGlite). */
  databaseUrl: string | null;
  /** What the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** A CHECKPOINT of the whole PostgreSQL server, before a timed write: the
 * write-ahead log the earlier suites left is flushed first, so that it
 * does not bring the next checkpoint forward into the measure. A
 * checkpoint the measured write's own log starts still counts. Needs a
 * superuser (BENCH_PG_URL's user; `postgres` here); without one it
 * returns false and the measure goes on as it is. */
export async function checkpoint(): Promise<boolean> {
  return adminQuery('CHECKPOINT').then(
    () => true,
    () => false,
  );
}

/** One statement on a connection of its own as the admin (BENCH_PG_URL). */
export async function adminQuery(text: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    return await admin.query(text, params);
  } finally {
    await admin.end();
  }
}

/** A database of its own in the local PostgreSQL; the returned function drops it. */
export async function createDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * What every measured server process gets from the benchmark's environment:
 * BENCH_SERVER_NODE_ARGS as Node options (a CPU profile,
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`; the probe,
 * `--import $PWD/bench/lib/server-probe.mjs`) and DAICHO_PROBE_DIR, where
 * the probe writes. A suite's own options come after these.
 */
export function measuredServerOptions(): { nodeArgs: string[]; env: Record<string, string> } {
  return {
    nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    env: process.env.DAICHO_PROBE_DIR ? { DAICHO_PROBE_DIR: process.env.DAICHO_PROBE_DIR } : {},
  };
}

export async function startBenchServer(o: { databaseUrl?: string; env?: Record<string, string>; nodeArgs?: string[] }): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-bench-'));
  const ports = await freePorts();
  const measured = measuredServerOptions();
  const server = await startServer({
    dataDir,
    ports,
    nodeArgs: [...measured.nodeArgs, ...(o.nodeArgs ?? [])],
    env: { JOB_POLL_MS: '200', ...measured.env, ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}), ...o.env },
  });
  const base = `http://127.0.0.1:${ports.http}`;
  const admin = DEMO_USERS.find((u) => u.key === 'admin')!;
  const password = server.output().match(/admin@daicho\.example\s+(\S+)/)?.[1] ?? admin.password;
  const auth = await createApiClient({ baseUrl: base })(getAuthConfig);
  const tokens = await signIn({ endpoint: auth.endpoint!, userPoolId: auth.userPoolId, clientId: auth.clientId, email: admin.email, password });
  return {
    base,
    proc: server.proc,
    api: createApiClient({ baseUrl: base, getToken: () => tokens.accessToken }),
    token: tokens.accessToken,
    databaseUrl: o.databaseUrl ?? null,
    output: server.output,
    async stop() {
      if (server.proc.exitCode === null) await stopServer(server.proc).catch(() => server.proc.kill('SIGKILL'));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)\s+kB/)?.[1] ?? NaN);
  return kb / 1024;
}

/** Samples a process's RSS every `ms` until stopped; returns the peak and the first sample. */
export function sampleRss(pid: number, ms = 100) {
  const first = rssMb(pid);
  let peak = first;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process is gone: keep what was seen
    }
  }, ms);
  return {
    baseline: first,
    stop: () => {
      clearInterval(timer);
      try {
        peak = Math.max(peak, rssMb(pid));
      } catch {
        // gone
      }
      return { baseline: first, peak, growth: peak - first };
    },
  };
}
