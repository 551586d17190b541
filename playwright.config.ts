// Browser tests against the real server started with every embedded default
// (its own PGlite data dir, cognito-local and MailDev on test ports), one
// server a worker (tests/e2e/servers.ts), driven in the system Chromium
// (scripts/ensure-chromium.mjs finds or installs it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_WORKERS, e2eServer } from './tests/e2e/servers.js';

// Workers re-read this file: the data dir is chosen once, in the main process.
process.env.DAICHO_E2E_DATA ??= fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-e2e-'));
const dataRoot = process.env.DAICHO_E2E_DATA;

export default defineConfig({
  testDir: 'tests/e2e',
  // Files in parallel, one worker a server (tests/e2e/servers.ts); a file's
  // tests run in order in one worker.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  // Two workers, their servers and browsers share two cores: a long scenario
  // took 50 s of a minute, and a wait of 5 s is not long under that load.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // baseURL: the worker's own server (tests/e2e/support.ts).
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => {
    const server = e2eServer(slot);
    return {
      command: 'node --import tsx server/main.ts',
      url: `${server.base}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        DATA_DIR: path.join(dataRoot, `server-${slot}`),
        PORT: String(server.port),
        COGNITO_LOCAL_PORT: String(server.cognitoPort),
        MAILDEV_SMTP_PORT: String(server.smtpPort),
        MAILDEV_WEB_PORT: String(server.maildevWebPort),
        LOG_LEVEL: 'warn',
        // Parallel runs on one machine build the console into their own directory.
        ...(process.env.DAICHO_E2E_STATIC ? { STATIC_DIR: process.env.DAICHO_E2E_STATIC } : {}),
        // The SCIM service of the refresh scenario listens on loopback.
        CONNECTOR_ALLOW_PRIVATE_NETWORK: 'true',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
    };
  }),
});
