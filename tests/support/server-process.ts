// The real server process as `npm start` runs it (tsx, every embedded
// default), on free ports and a data directory of the caller's: started,
// stopped with SIGTERM, started again on the same data.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePortSet } from '../../server/local/cognito-local.js';

export type Ports = { http: number; cognito: number; smtp: number; web: number };

/** Ports for child servers: below Linux's ephemeral range (32768–60999,
 * from which outgoing connections and every `listen(0)` take theirs), in
 * blocks of 900, one per test worker. */
const PORT_BASE = 20_000;
const BLOCK = 900;
const BLOCKS = 13;

/**
 * Four different free loopback ports for a server process and its emulators.
 * A port chosen here is free only until the child listens on it: chosen with
 * `listen(0)`, another test worker's choice or any outgoing connection could
 * take it in between (seen in CI: MailDev's port, EADDRINUSE). So they come
 * from this worker's own block (VITEST_POOL_ID; else the process id) below the
 * ephemeral range (freePortSet: each checked by binding it, all held until
 * the four are chosen).
 */
export async function freePorts(): Promise<Ports> {
  const worker = Number(process.env.VITEST_POOL_ID ?? process.pid);
  const within = { start: PORT_BASE + (worker % BLOCKS) * BLOCK, size: BLOCK };
  const [http, cognito, smtp, web] = (await freePortSet(4, within)) as [number, number, number, number];
  return { http, cognito, smtp, web };
}

export interface ServerProcess {
  proc: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
}

/** Starts the server and waits for its banner: the demo sign-ins, or
 * `readyText` (a server on an external pool prints none). */
export async function startServer(o: { dataDir: string; ports: Ports; env?: Record<string, string>; readyText?: string; timeoutMs?: number; nodeArgs?: string[] }): Promise<ServerProcess> {
  const proc = spawn(process.execPath, [...(o.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve('.'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: o.dataDir,
      PORT: String(o.ports.http),
      COGNITO_LOCAL_PORT: String(o.ports.cognito),
      MAILDEV_SMTP_PORT: String(o.ports.smtp),
      MAILDEV_WEB_PORT: String(o.ports.web),
      LOG_LEVEL: 'warn',
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += String(d)));
  proc.stderr!.on('data', (d) => (out += String(d)));
  const deadline = Date.now() + (o.timeoutMs ?? 60_000);
  const ready = o.readyText ?? 'Demo sign-ins';
  while (!out.includes(ready)) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 200));
  return { proc, output: () => out };
}

/** SIGTERM, then its exit code (fails after `ms`). */
export async function stopServer(proc: ChildProcess, ms = 30_000): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  proc.kill('SIGTERM');
  return Promise.race([exited, new Promise<null>((_, reject) => setTimeout(() => reject(new Error(`no exit within ${ms / 1000} s`)), ms))]);
}
