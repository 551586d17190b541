// The real server for API tests: the Hono app over a real database (PGlite
// template or PostgreSQL), verifying real tokens from the cognito-local
// emulator that global-setup started, and mailing through its MailDev.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createApiClient } from '../../src/api/client.js';
import type { Area } from '../../src/api/contracts/define.js';
import { createApp } from '../../server/app.js';
import { createCognitoAdmin } from '../../server/auth/cognito-admin.js';
import { createCognitoVerifier } from '../../server/auth/verifier.js';
import { loadConfig } from '../../server/config.js';
import type { DatabaseHandle } from '../../server/db/index.js';
import type { MembershipKind, WorkerType } from '../../server/db/schema.js';
import { withScope } from '../../server/db/tenant.js';
import { Worker } from '../../server/jobs/queue.js';
import { jobHandlers } from '../../server/jobs/handlers.js';
import { createMailer } from '../../server/mail/mailer.js';
import { createStorage } from '../../server/storage/index.js';
import { signIn } from './cognito.js';
import { createOrganization, openTestDatabase } from './db.js';

export const TEST_ENV = {
  endpoint: 'DAICHO_TEST_COGNITO_ENDPOINT',
  poolId: 'DAICHO_TEST_COGNITO_POOL_ID',
  clientId: 'DAICHO_TEST_COGNITO_CLIENT_ID',
  issuer: 'DAICHO_TEST_COGNITO_ISSUER',
  jwksUrl: 'DAICHO_TEST_COGNITO_JWKS_URL',
  smtpUrl: 'DAICHO_TEST_SMTP_URL',
  maildevUrl: 'DAICHO_TEST_MAILDEV_URL',
} as const;

function env(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the API tests through vitest (tests/global-setup.ts).`);
  return v;
}

export const PASSWORD = 'Test-passw0rd!';

export interface TestAccount {
  accountId: string;
  personId: string;
  orgId: string;
  email: string;
  token: string;
}

/** `jwksUrl` replaces the pool's key URL the server verifies tokens with (an unreachable one, say). */
export async function createTestServer(opts: { jwksUrl?: string } = {}) {
  const cognito = {
    endpoint: env(TEST_ENV.endpoint),
    userPoolId: env(TEST_ENV.poolId),
    clientId: env(TEST_ENV.clientId),
    issuer: env(TEST_ENV.issuer),
    jwksUrl: env(TEST_ENV.jwksUrl),
  };
  // Own data directory per server: the local file storage and its signing secret.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-test-data-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    STORAGE_DRIVER: 'local',
    COGNITO_USER_POOL_ID: cognito.userPoolId,
    COGNITO_CLIENT_ID: cognito.clientId,
    COGNITO_ENDPOINT: cognito.endpoint,
    COGNITO_AUTH_FLOW: 'USER_PASSWORD_AUTH',
    COGNITO_TRUST_LOCAL_ISSUER: 'true',
    SMTP_URL: env(TEST_ENV.smtpUrl),
    PUBLIC_URL: 'http://127.0.0.1:8080',
    // The tests' SCIM tenants listen on loopback.
    CONNECTOR_ALLOW_PRIVATE_NETWORK: 'true',
  });
  const handle: DatabaseHandle = await openTestDatabase();
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const identity = createCognitoAdmin({ region: config.COGNITO_REGION, endpoint: cognito.endpoint, userPoolId: cognito.userPoolId });
  const verifier = createCognitoVerifier({ issuer: cognito.issuer, jwksUrl: opts.jwksUrl ?? cognito.jwksUrl, clientId: cognito.clientId });
  const storage = createStorage(config);
  const app = createApp({ config, db: handle.db, verifier, identity, logger, storage });
  const mailer = createMailer({ smtpUrl: env(TEST_ENV.smtpUrl), from: config.MAIL_FROM });
  // Only this file's organisations: on a shared PostgreSQL, parallel test
  // files must neither run nor be robbed of each other's jobs.
  const orgIds: string[] = [];
  const worker = new Worker({ db: handle.db, orgIds, handlers: jobHandlers({ mailer, storage, allowPrivateNetwork: config.CONNECTOR_ALLOW_PRIVATE_NETWORK }), logger });

  /** Fetch through the app in-process (no socket), like a browser would call it. */
  const fetchApp = async (input: string, init: RequestInit) => app.request(input, init);
  const client = (token?: string | null, locale?: string) =>
    createApiClient({
      baseUrl: 'http://localhost',
      fetch: fetchApp,
      getToken: () => token ?? null,
      ...(locale ? { getLocale: () => locale } : {}),
    });

  async function createOrg(name?: string): Promise<string> {
    const id = await createOrganization(handle.db, name);
    orgIds.push(id);
    return id;
  }

  /** A person, a worker record and, when areas are given, a role that grants
   * exactly those areas through a people group holding this person. */
  async function createAccount(opts: {
    orgId: string;
    kinds?: MembershipKind[];
    areas?: Area[];
    workerType?: WorkerType;
    locale?: 'ja-JP' | 'en-US';
    signIn?: boolean;
  }): Promise<TestAccount> {
    const email = `t-${crypto.randomUUID().slice(0, 12)}@daicho.test`;
    const kinds = opts.kinds ?? ['OPERATOR'];
    const ids = await withScope(handle.db, { orgId: opts.orgId }, async (tx) => {
      const person = await tx
        .insertInto('people')
        .values({ org_id: opts.orgId, family_name: 'テスト', given_name: email.slice(2, 8), email })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('workers')
        .values({ org_id: opts.orgId, person_id: person.id, worker_type: opts.workerType ?? 'EMPLOYEE', primary_email: email })
        .execute();
      const account = await tx
        .insertInto('accounts')
        .values({ org_id: opts.orgId, email, person_id: person.id, locale: opts.locale ?? 'ja-JP' })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const kind of kinds) await tx.insertInto('memberships').values({ org_id: opts.orgId, account_id: account.id, kind }).execute();
      if (opts.areas?.length) {
        const a = new Set(opts.areas);
        const pp = await tx
          .insertInto('product_permissions')
          .values({
            org_id: opts.orgId,
            name: `pp ${email}`,
            it: a.has('IT'),
            hr: a.has('HR'),
            ga: a.has('GA'),
            li: a.has('LI'),
            marketplace: a.has('MARKETPLACE'),
            settings: a.has('SETTINGS'),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const group = await tx.insertInto('people_groups').values({ org_id: opts.orgId, name: `g ${email}` }).returning('id').executeTakeFirstOrThrow();
        await tx
          .insertInto('people_group_overrides')
          .values({ org_id: opts.orgId, people_group_id: group.id, person_id: person.id, mode: 'INCLUDE' })
          .execute();
        const role = await tx.insertInto('roles').values({ org_id: opts.orgId, name: `r ${email}` }).returning('id').executeTakeFirstOrThrow();
        await tx.insertInto('role_product_permissions').values({ org_id: opts.orgId, role_id: role.id, product_permission_id: pp.id }).execute();
        await tx.insertInto('role_people_groups').values({ org_id: opts.orgId, role_id: role.id, people_group_id: group.id }).execute();
      }
      return { personId: person.id, accountId: account.id };
    });
    const { sub } = await identity.createUser({ email, password: PASSWORD, givenName: 'Test', familyName: 'User' });
    await handle.db.updateTable('accounts').set({ cognito_sub: sub }).where('id', '=', ids.accountId).execute();
    const token = opts.signIn === false ? '' : (await signIn({ ...cognito, email, password: PASSWORD })).accessToken;
    return { ...ids, orgId: opts.orgId, email, token };
  }

  return {
    app,
    db: handle.db,
    handle,
    config,
    cognito,
    identity,
    storage,
    worker,
    maildevUrl: env(TEST_ENV.maildevUrl),
    client,
    createOrg,
    createAccount,
    async close() {
      mailer.close();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;
