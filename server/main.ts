// `npm start`: everything Daicho needs on one machine with nothing installed.
// Unset COGNITO_USER_POOL_ID → the cognito-local emulator; unset SMTP_URL →
// MailDev; unset DATABASE_URL → embedded PGlite in .data/. Then migrations,
// the demo seed on an empty database, the job worker and the HTTP server.
import path from 'node:path';
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { createApp } from './app.js';
import { createCognitoAdmin } from './auth/cognito-admin.js';
import { createCognitoVerifier, issuerFromConfig } from './auth/verifier.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { migrate } from './db/migrate.js';
import { JOBS_CHANNEL, Worker } from './jobs/queue.js';
import { startCognitoLocal, type LocalCognito } from './local/cognito-local.js';
import { startMailDev, type LocalMailDev } from './local/maildev.js';
import { createMailer } from './mail/mailer.js';
import { jobHandlers } from './jobs/handlers.js';
import { DEMO_USERS, hasOrganization } from './seed/demo-users.js';
import { createStorage } from './storage/index.js';
import { tuneHeap } from './heap.js';

tuneHeap();

const config = loadConfig();
const logger = pino({ level: config.LOG_LEVEL });
const stops: Array<() => Promise<void>> = [];

async function main() {
  let local: LocalCognito | null = null;
  if (!config.COGNITO_USER_POOL_ID) {
    local = await startCognitoLocal({
      dataDir: path.join(config.dataDir, 'cognito'),
      port: config.COGNITO_LOCAL_PORT,
      logger: logger.child({ service: 'cognito-local' }),
    });
    stops.push(() => local!.stop());
    // The emulator signs with a key published in its package: trusted here only.
    config.COGNITO_USER_POOL_ID = local.userPoolId;
    config.COGNITO_CLIENT_ID = local.clientId;
    config.COGNITO_ENDPOINT = local.endpoint;
    config.COGNITO_REGION = local.region;
    config.COGNITO_AUTH_FLOW = 'USER_PASSWORD_AUTH';
    config.COGNITO_TRUST_LOCAL_ISSUER = true;
  }
  if (!config.COGNITO_CLIENT_ID) throw new Error('COGNITO_CLIENT_ID is required when COGNITO_USER_POOL_ID is set.');

  let maildev: LocalMailDev | null = null;
  if (!config.SMTP_URL) {
    maildev = await startMailDev({
      smtpPort: config.MAILDEV_SMTP_PORT,
      webPort: config.MAILDEV_WEB_PORT,
      dataDir: path.join(config.dataDir, 'maildev'),
      logger: logger.child({ service: 'maildev' }),
    });
    stops.push(() => maildev!.stop());
    config.SMTP_URL = maildev.smtpUrl;
  }

  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    onPoolError: (err) => logger.warn({ err }, 'database connection lost; the pool reconnects'),
  });
  stops.push(() => handle.close());
  const ran = await migrate(handle.db);
  if (ran.length) logger.info({ migrations: ran }, 'migrations applied');

  const identity = createCognitoAdmin({
    region: config.COGNITO_REGION,
    endpoint: config.COGNITO_ENDPOINT,
    userPoolId: config.COGNITO_USER_POOL_ID,
  });

  // The demo's generator (faker: 17 MB of heap the process would keep) is
  // loaded only when there is something to seed; seedDemo looks again under
  // its lock, for replicas starting together on an empty database.
  if (config.SEED === 'auto' && !(await hasOrganization(handle.db))) {
    const { seedDemo } = await import('./seed/demo.js');
    const seeded = await seedDemo(handle.db);
    if (seeded) logger.info({ orgId: seeded.orgId }, 'demo data seeded');
  }
  if (local) {
    // Demo sign-ins exist in the emulator's pool and point at their accounts,
    // even when one of the two data directories was reset.
    for (const u of DEMO_USERS) {
      const { sub } = await identity.createUser(u);
      await handle.db.updateTable('accounts').set({ cognito_sub: sub }).where('email', '=', u.email).execute();
    }
  }

  const { issuer, jwksUrl } = issuerFromConfig(config, local ?? undefined);
  const verifier = createCognitoVerifier({ issuer, jwksUrl, clientId: config.COGNITO_CLIENT_ID });
  // The pool's keys before the first request (and before the job worker
  // keeps the embedded database busy); unreachable now, they are fetched on
  // the first request instead.
  await verifier.warm?.().catch((err: unknown) => logger.warn({ err }, 'signing keys not fetched at start'));

  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const storage = createStorage(config);
  const worker = new Worker({
    db: handle.db,
    handlers: jobHandlers({ mailer, storage, allowPrivateNetwork: config.CONNECTOR_ALLOW_PRIVATE_NETWORK }),
    logger: logger.child({ service: 'jobs' }),
    pollMs: config.JOB_POLL_MS,
    listen: (onNotify) => handle.listen(JOBS_CHANNEL, onNotify),
  });
  worker.start();
  let workerStopped: Promise<void> | null = null;
  stops.unshift(async () => {
    await (workerStopped ?? worker.stop());
    mailer.close();
  });

  const app = createApp({
    config,
    db: handle.db,
    verifier,
    identity,
    logger,
    storage,
    // STATIC_DIR: another build of the console (parallel browser-test runs build their own).
    staticDir: path.resolve(process.env.STATIC_DIR ?? 'dist'),
  });
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  // Behind a load balancer (idle timeouts of ~60 s) a kept-alive connection
  // must outlive the balancer's, or a reused one is reset mid-request.
  const http = server as unknown as { keepAliveTimeout: number; headersTimeout: number };
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  // In-flight requests finish; new connections are refused; then the rest stops.
  stops.unshift(
    () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          resolve();
        }, 10_000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      }),
  );
  // First of all: the worker claims no new job (the one in hand finishes)
  // while the HTTP requests drain.
  stops.unshift(async () => {
    workerStopped = worker.stop();
  });

  const lines = [
    '',
    `  Daicho is running: ${config.publicUrl}`,
    `  Database: ${handle.kind === 'pglite' ? `embedded PGlite (${path.join(config.dataDir, 'pglite')})` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Identity: ${local ? `cognito-local emulator at ${local.endpoint} (pool ${local.userPoolId})` : `Cognito pool ${config.COGNITO_USER_POOL_ID}`}`,
    ...(maildev ? [`  Mail inbox (MailDev): ${maildev.webUrl}`] : []),
    ...(local
      ? ['', '  Demo sign-ins:', ...DEMO_USERS.map((u) => `    ${u.email.padEnd(30)} ${u.password.padEnd(16)} ${u.description}`)]
      : []),
    '',
  ];
  console.log(lines.join('\n'));
}

let stopping = false;
async function shutdown(signal: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  for (const stop of stops) {
    try {
      await stop();
    } catch (err) {
      logger.warn({ err }, 'error while stopping');
    }
  }
  process.exit(exitCode);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

main().catch(async (err) => {
  logger.fatal({ err }, 'failed to start');
  console.error(`\nDaicho failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  await shutdown('startup-failure', 1);
});
