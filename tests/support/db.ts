// A database for one test file. PGlite (default): a fresh in-memory instance
// loaded from the migrated template that global-setup dumped once (a new
// cluster costs ~7 s; loading the dump well under one). PostgreSQL (when
// DATABASE_URL is set, as in CI's second pass): the shared test database,
// migrated once; tests isolate themselves by creating their own organisation.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { type Db, type DatabaseHandle, openDatabase } from '../../server/db/index.js';
import { migrate } from '../../server/db/migrate.js';

export const TEMPLATE_ENV = 'DAICHO_TEST_PGLITE_TEMPLATE';

export async function buildPgliteTemplate(file: string): Promise<void> {
  const h = await openDatabase({});
  await migrate(h.db);
  const dump = await h.pglite!.dumpDataDir('gzip');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await h.close();
}

/** A new organisation (tests on a shared database keep to their own); its id. */
export async function createOrganization(db: Db, name = `Org ${crypto.randomUUID().slice(0, 8)}`): Promise<string> {
  return (await db.insertInto('organizations').values({ name, feature_flags: '{}' }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.DATABASE_URL) {
    const h = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 5 });
    await migrate(h.db);
    return h;
  }
  const file = process.env[TEMPLATE_ENV];
  if (file && fs.existsSync(file)) {
    const blob = new Blob([fs.readFileSync(file)]);
    return openDatabase({ pgliteTemplate: blob });
  }
  // Run without global setup (a single file from an editor): migrate here.
  const h = await openDatabase({});
  await migrate(h.db);
  return h;
}
