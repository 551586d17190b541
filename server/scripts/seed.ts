// `npm run seed`: migrates the configured database (DATABASE_URL, else the
// PGlite directory under DATA_DIR) and seeds the demo organisation when the
// database is empty. `npm run seed -- --scale N`: an organisation with N
// people instead, for performance work; `--equipment N` adds (tops up to) N
// equipment rows to that organisation, e.g.
// `npm run seed -- --scale 100000 --equipment 1000000`.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { migrate } from '../db/migrate.js';
import { withScope } from '../db/tenant.js';
import { seedDemo } from '../seed/demo.js';
import { DEMO_ORG_NAME, DEMO_USERS } from '../seed/demo-users.js';
import { SCALE_ORG_NAME, seedScale, seedScaleEquipment } from '../seed/scale.js';

const USAGE = `Usage: npm run seed -- [--scale N] [--equipment N] [--org NAME] [--seed S]
  (no option)   seed the demo organisation into an empty database
  --scale N     create or top up an organisation with N people and workers
  --equipment N create or top up N equipment rows in that organisation
                (with its types, items and places; assigned to its workers)
  --org NAME    the organisation --scale and --equipment use (default "${SCALE_ORG_NAME}")
  --seed S      faker seed of the demo data (integer)`;

class UsageError extends Error {}

function args() {
  try {
    return parseArgs({
      options: {
        scale: { type: 'string' },
        equipment: { type: 'string' },
        org: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
}

async function main(): Promise<number> {
  const values = args();
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const int = (name: string, v: string | undefined): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v.replace(/_/g, ''));
    if (!Number.isSafeInteger(n) || n < 0) throw new UsageError(`--${name} must be a non-negative integer, got "${v}".\n${USAGE}`);
    return n;
  };
  const scale = int('scale', values.scale);
  const seed = int('seed', values.seed);
  const equipment = int('equipment', values.equipment);

  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const where = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${path.join(config.dataDir, 'pglite')}`;
    console.log(`Database: ${where}`);
    const ran = await migrate(handle.db);
    console.log(ran.length ? `Migrations applied: ${ran.join(', ')}` : 'Migrations: up to date');

    if (scale !== undefined || equipment !== undefined) {
      const t0 = performance.now();
      const org = values.org ? { orgName: values.org } : {};
      const r = await seedScale(handle.db, { people: scale ?? 0, ...org });
      let eq: Awaited<ReturnType<typeof seedScaleEquipment>> | null = null;
      if (equipment !== undefined) {
        eq = await seedScaleEquipment(handle.db, { equipment, ...org, log: (line) => console.log(`  ${line}`) });
      }
      const secs = (performance.now() - t0) / 1000;
      const counts = await withScope(handle.db, { orgId: r.orgId }, async (tx) => ({
        people: Number((await tx.selectFrom('people').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
        workers: Number((await tx.selectFrom('workers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
      }));
      console.log(`Scale organisation "${values.org ?? SCALE_ORG_NAME}" (${r.orgId}):`);
      console.log(`  people  ${counts.people.toLocaleString('en-US')}`);
      console.log(`  workers ${counts.workers.toLocaleString('en-US')}`);
      if (eq) console.log(`  equipment ${eq.equipment.toLocaleString('en-US')}${eq.triggersOff ? '' : ' (audit trigger on: the role may not turn it off)'}`);
      console.log(`  took    ${secs.toFixed(2)} s`);
      return 0;
    }

    const seeded = await seedDemo(handle.db, seed === undefined ? {} : { seed });
    if (!seeded) {
      console.log('The database already holds an organisation: demo seed skipped (nothing written).');
      return 0;
    }
    const counts = await withScope(handle.db, { orgId: seeded.orgId }, async (tx) => {
      const out: Record<string, number> = {};
      for (const t of ['people', 'workers', 'people_groups', 'roles', 'product_permissions', 'accounts', 'invitations'] as const) {
        const r = await tx.selectFrom(t).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
        out[t] = Number(r.n);
      }
      return out;
    });
    console.log(`Demo organisation "${DEMO_ORG_NAME}" (${seeded.orgId}):`);
    for (const [t, n] of Object.entries(counts)) console.log(`  ${t.padEnd(20)} ${n}`);
    console.log('Demo sign-ins (created in the identity pool by `npm start`):');
    for (const a of seeded.accounts) {
      const u = DEMO_USERS.find((d) => d.key === a.key)!;
      console.log(`  ${a.email.padEnd(28)} ${a.password}  ${u.description}`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof UsageError ? err.message : err);
    process.exit(1);
  },
);
