// MailDev for `npm start` and the tests: catches every mail the server sends
// (SMTP) and shows it in a web inbox, mails kept in a directory. It runs in
// a process of its own (./maildev-child.mjs), as cognito-local does: the
// API process then holds only the API, in `npm start` as in production
// (MailDev and its inbox are 37 MB of heap, which every major collection
// of a busy server would mark again). The child exits with this process,
// even when this one is killed outright (exit-with-parent.cjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';

export interface LocalMailDev {
  smtpUrl: string;
  webUrl: string;
  stop(): Promise<void>;
}

/** How long MailDev may take to listen before the start gives up. */
const START_TIMEOUT_MS = 30_000;

export async function startMailDev(opts: {
  smtpPort: number;
  webPort: number;
  dataDir: string;
  logger: Logger;
  host?: string;
}): Promise<LocalMailDev> {
  const host = opts.host ?? '127.0.0.1';
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const watchdog = fileURLToPath(new URL('./exit-with-parent.cjs', import.meta.url));
  const script = fileURLToPath(new URL('./maildev-child.mjs', import.meta.url));
  const child = spawn(process.execPath, ['-r', watchdog, script], {
    env: {
      PATH: process.env.PATH,
      MAILDEV_HOST: host,
      MAILDEV_SMTP_PORT: String(opts.smtpPort),
      MAILDEV_WEB_PORT: String(opts.webPort),
      MAILDEV_DIR: opts.dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const collect = (d: Buffer) => {
    const s = String(d);
    output = (output + s).slice(-4000);
    for (const line of s.split('\n')) if (line.trim()) opts.logger.debug(line.trim());
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };

  const failed = (why: string) =>
    new Error(
      `MailDev could not listen on ${host}:${opts.smtpPort} (SMTP) and ${host}:${opts.webPort} (web): ${why}. ` +
        'Set MAILDEV_SMTP_PORT/MAILDEV_WEB_PORT, or SMTP_URL to use another mail server.',
    );
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(failed(`no answer in ${START_TIMEOUT_MS / 1000} s${output ? `\n${output}` : ''}`)), START_TIMEOUT_MS);
      child.once('message', (m: { ready?: boolean; error?: string }) => {
        clearTimeout(timer);
        if (m.ready) resolve();
        else reject(failed(m.error ?? 'unknown error'));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(failed(`it exited (${signal ?? code})${output ? `\n${output}` : ''}`));
      });
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(failed(err.message));
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
  opts.logger.debug({ smtpPort: opts.smtpPort, webPort: opts.webPort, pid: child.pid }, 'MailDev started');
  return {
    smtpUrl: `smtp://${host}:${opts.smtpPort}`,
    webUrl: `http://${host}:${opts.webPort}`,
    stop,
  };
}
