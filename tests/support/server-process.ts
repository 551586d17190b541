// The real server process as `npm start` runs it (tsx, every embedded
// default), on free ports and a data directory of the caller's: started,
// stopped with SIGTERM, started again on the same data.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePortSet } from '../../server/local/cognito-local.js';

export type Ports = { http: number; cognito: number; smtp: number; web: number };

/** Four different free ports (server/local/cognito-local.ts freePortSet). */
export async function freePorts(): Promise<Ports> {
  const [http, cognito, smtp, web] = (await freePortSet(4)) as [number, number, number, number];
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
