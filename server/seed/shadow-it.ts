// Demo shadow IT: a few hundred visits over the last 30 days from demo
// people (and a few private addresses no person has: the unknown users) to
// traceable SaaS, some of them marketplace apps the demo may have
// integrated, most not. They go in through the real ingestion
// (server/modules/app-alerts/ingestion.ts), so matching and idempotency are
// the endpoint's. Deterministic for a seed, relative to today.
//
// The demo organisation's ingestion token is DEMO_INGESTION_TOKEN (README):
// a public value, for trying the endpoint with curl on a local demo only.
import { sql } from 'kysely';
import type { VisitEvent } from '../../src/api/contracts/app-alerts.js';
import type { Tx } from '../db/tenant.js';
import { ingestVisits, setIngestionToken } from '../modules/app-alerts/ingestion.js';
import { TRACEABLE_APPS } from '../modules/app-alerts/traceable-apps.js';

export const DEMO_INGESTION_TOKEN = 'dsi_demo-shadow-it-ingestion-token';

/** Slug → how often it is visited, relative. */
const POPULARITY: Readonly<Record<string, number>> = {
  'chatgpt-com': 90,
  'deepl-com': 50,
  canva: 40,
  notion: 35,
  slack: 30,
  'claude-ai': 25,
  'gigafile-nu': 20,
  zoom: 20,
  'wetransfer-com': 15,
  dropbox: 15,
  'ilovepdf-com': 12,
  trello: 10,
  figma: 10,
};
const PATHS = ['/', '/home', '/login', '/dashboard', '/share/3f9c', '/files', '/settings'];
const PRIVATE_ADDRESSES = ['k.tanaka.home@gmail.com', 'yumi-s@outlook.jp', 'guest.designer@icloud.com'];
const TOOLS = ['browser-extension', 'proxy-log'] as const;

/** mulberry32: a small deterministic generator. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedShadowIt(tx: Tx, orgId: string, seed: number, opts: { visits?: number; now?: number } = {}): Promise<void> {
  const now = opts.now ?? Date.now();
  const rnd = random(seed ^ 0x5eed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  await setIngestionToken(tx, orgId, null, DEMO_INGESTION_TOKEN);

  // Current employees' work e-mails: each visits a few favourite apps.
  const people = (
    await sql<{ email: string }>`SELECT DISTINCT lower(w.primary_email) AS email FROM workers w
      WHERE w.primary_email IS NOT NULL AND (w.ended_on IS NULL OR w.ended_on >= current_date) ORDER BY 1`.execute(tx)
  ).rows.map((r) => r.email);
  const users = [...people.filter(() => rnd() < 0.45), ...PRIVATE_ADDRESSES];
  const apps = TRACEABLE_APPS.filter((a) => POPULARITY[a.slug]);
  const total = apps.reduce((n, a) => n + POPULARITY[a.slug]!, 0);
  const weighted = () => {
    let x = rnd() * total;
    for (const a of apps) if ((x -= POPULARITY[a.slug]!) < 0) return a;
    return apps[apps.length - 1]!;
  };

  const events: VisitEvent[] = [];
  const count = opts.visits ?? 420;
  for (let i = 0; i < count; i++) {
    const app = weighted();
    // Working hours in Japan (09:00–19:00 JST = 00:00–10:00 UTC) on one of the last 30 days.
    const day = Math.floor(rnd() * 30);
    const at = new Date(now - day * 86_400_000);
    at.setUTCHours(Math.floor(rnd() * 10), Math.floor(rnd() * 60), Math.floor(rnd() * 60), 0);
    if (at.getTime() > now) at.setTime(at.getTime() - 86_400_000);
    events.push({
      eventId: `demo-${seed}-${i}`,
      visitedAt: at.toISOString(),
      userEmail: pick(users),
      url: `https://${pick(app.domains)}${pick(PATHS)}`,
      detectionTool: pick(TOOLS),
    });
  }
  await ingestVisits(tx, orgId, events, now);
}
