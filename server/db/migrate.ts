// Applies server/db/migrations/*.sql in name order, each once, on PGlite and
// PostgreSQL alike. An advisory lock makes concurrent replicas wait for the
// first one instead of racing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './index.js';
import { syncReferenceData } from './reference-data.js';

export const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function migrate(db: Db): Promise<string[]> {
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(727100)`.execute(tx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
      tx,
    );
    const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(tx);
    const applied = new Set(done.rows.map((r) => r.name));
    const ran: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const text = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
      await sql.raw(text).execute(tx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(tx);
      ran.push(file);
    }
    await syncReferenceData(tx);
    return ran;
  });
}
