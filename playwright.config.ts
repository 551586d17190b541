// Browser tests against the real server started with every embedded default
// (its own PGlite data dir, cognito-local and MailDev on test ports), driven
// in the system Chromium (scripts/ensure-chromium.mjs finds or installs it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Workers re-read this file: the data dir is chosen once, in the main process.
process.env.DAICHO_E2E_DATA ??= fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-e2e-'));
const port = Number(process.env.DAICHO_E2E_PORT ?? 18080);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
  },
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR: process.env.DAICHO_E2E_DATA,
      PORT: String(port),
      COGNITO_LOCAL_PORT: String(port + 1149),
      MAILDEV_SMTP_PORT: String(port + 1),
      MAILDEV_WEB_PORT: String(port + 2),
      LOG_LEVEL: 'warn',
      // Parallel runs on one machine build the console into their own directory.
      ...(process.env.DAICHO_E2E_STATIC ? { STATIC_DIR: process.env.DAICHO_E2E_STATIC } : {}),
      // The SCIM service of the refresh scenario listens on loopback.
      CONNECTOR_ALLOW_PRIVATE_NETWORK: 'true',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
  },
});
