// The real server process for the API benchmark: `server/main.ts` as
// `npm start` runs it (tsx), on free loopback ports, against a cognito-local
// pool the benchmark started itself (so the benchmark's user can be linked to
// its account before the server opens the database: PGlite has one
// connection), through tests/support/server-process.ts, waiting for the
// server's own banner (an external pool prints no demo sign-ins).
// BENCH_SERVER_NODE_ARGS adds Node options (a CPU profile, say; the probe of
// bench/lib/server-probe.mjs, which writes to DAICHO_PROBE_DIR), as for every
// measured server (measuredServerOptions).
import type { ChildProcess } from 'node:child_process';
import type { LocalCognito } from '../../server/local/cognito-local.js';
import { freePorts, startServer } from '../../tests/support/server-process.js';
import { measuredServerOptions } from './server-session.js';

export { stopServer } from '../../tests/support/server-process.js';

export interface BenchServer {
  proc: ChildProcess;
  url: string;
  output(): string;
}

export async function startBenchServer(o: { dataDir: string; cognito: LocalCognito; env?: Record<string, string> }): Promise<BenchServer> {
  const ports = await freePorts();
  const measured = measuredServerOptions();
  const server = await startServer({
    dataDir: o.dataDir,
    ports,
    readyText: 'Daicho is running',
    timeoutMs: 120_000,
    nodeArgs: measured.nodeArgs,
    env: {
      SEED: 'off',
      HOST: '127.0.0.1',
      COGNITO_USER_POOL_ID: o.cognito.userPoolId,
      COGNITO_CLIENT_ID: o.cognito.clientId,
      COGNITO_ENDPOINT: o.cognito.endpoint,
      COGNITO_REGION: o.cognito.region,
      COGNITO_AUTH_FLOW: 'USER_PASSWORD_AUTH',
      COGNITO_TRUST_LOCAL_ISSUER: 'true',
      ...measured.env,
      ...o.env,
    },
  });
  return { proc: server.proc, url: `http://127.0.0.1:${ports.http}`, output: server.output };
}
