// `npm run migrate`: applies the migrations the configured database lacks
// (DATABASE_URL, else the PGlite directory under DATA_DIR) and nothing else;
// `npm start` and `npm run seed` do the same before they begin.
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { migrate } from '../db/migrate.js';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, 'pglite') });
try {
  const where = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${path.join(config.dataDir, 'pglite')}`;
  const ran = await migrate(handle.db);
  console.log(`Database: ${where}\n${ran.length ? `Migrations applied: ${ran.join(', ')}` : 'Migrations: up to date'}`);
} finally {
  await handle.close();
}
