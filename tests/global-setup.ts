// Runs once before the API suite: builds the migrated PGlite template and
// starts the real local services every file shares (cognito-local, MailDev).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_ENV } from './support/app.js';
import { startTestCognito } from './support/cognito.js';
import { TEMPLATE_ENV, buildPgliteTemplate } from './support/db.js';
import { startTestMailDev } from './support/maildev.js';

export default async function setup() {
  // The AWS SDK's notice about Node 22 says nothing about our tests.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-test-'));
  const [cognito, maildev] = await Promise.all([
    startTestCognito(),
    startTestMailDev(),
    (async () => {
      if (process.env.DATABASE_URL) return;
      const file = path.join(dir, 'template.tar.gz');
      await buildPgliteTemplate(file);
      process.env[TEMPLATE_ENV] = file;
    })(),
  ]);
  Object.assign(process.env, {
    [TEST_ENV.endpoint]: cognito.endpoint,
    [TEST_ENV.poolId]: cognito.userPoolId,
    [TEST_ENV.clientId]: cognito.clientId,
    [TEST_ENV.issuer]: cognito.issuer,
    [TEST_ENV.jwksUrl]: cognito.jwksUrl,
    [TEST_ENV.smtpUrl]: maildev.smtpUrl,
    [TEST_ENV.maildevUrl]: maildev.webUrl,
  });
  return async () => {
    await Promise.all([cognito.stop(), maildev.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
