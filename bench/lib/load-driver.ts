// The load of the load-and-faults suite: `connections` callers over
// loopback, each doing one request at a time, and the ledger of what the
// server answered and which writes it acknowledged.
import crypto from 'node:crypto';
import { equipment } from '../../src/api/modules/equipment.js';
import { type httpClient, type HttpResult, sleep } from './load-support.js';

export type Http = ReturnType<typeof httpClient>;

export interface Sample {
  kind: string;
  start: number;
  end: number;
  ok: boolean;
  status: number;
  error?: string | undefined;
}

/** What the load saw and which writes the server acknowledged. */
export class Ledger {
  samples: Sample[] = [];
  /** ids of creates answered 2xx. */
  created: string[] = [];
  /** id → the record's last PATCH attempt: its memo and whether it was acknowledged. */
  lastPatch = new Map<string, { memo: string; acked: boolean }>();
  /** Ids any caller may read. */
  known: string[] = [];
}

export type Id = { id: string };
const isId = (b: unknown): b is Id => !!b && typeof b === 'object' && typeof (b as Id).id === 'string';

/**
 * `connections` callers, each doing one request at a time for `seconds`:
 * 30% list pages, 20% gets, 10% counts, 25% creates, 15% PATCHes of the
 * caller's own records (so a record's last PATCH is well defined).
 */
export async function drive(http: Http, ledger: Ledger, o: { seconds: number; connections: number; tag: string; t0: number; rng: () => number }) {
  const until = Date.now() + o.seconds * 1000;
  const sorts = ['NAME', 'CREATED_AT', 'MODEL', 'ASSET_TAG'];
  const caller = async (n: number) => {
    const own: string[] = [];
    let seq = 0;
    // Bounded by time, and by count as a backstop.
    for (let i = 0; i < 1_000_000 && Date.now() < until; i++) {
      const r = o.rng();
      let kind: string;
      let res: HttpResult;
      const start = Date.now() - o.t0;
      if (r < 0.3) {
        kind = 'list';
        const q = new URLSearchParams({ pageSize: '50', pageIndex: String(Math.floor(o.rng() * 4)), sortColumn: sorts[Math.floor(o.rng() * sorts.length)]! });
        if (o.rng() < 0.2) q.set('freeText', `load-${o.tag}`);
        res = await http.request('GET', `${equipment.api.collection}?${q}`);
      } else if (r < 0.5 && ledger.known.length) {
        kind = 'get';
        const id = ledger.known[Math.floor(o.rng() * ledger.known.length)]!;
        res = await http.request('GET', equipment.api.item.replace('{equipmentId}', id));
      } else if (r < 0.6) {
        kind = 'count';
        res = await http.request('GET', equipment.api.count!);
      } else if (r < 0.85 || !own.length) {
        kind = 'create';
        res = await http.request('POST', equipment.api.collection, { name: `load-${o.tag}-${n}-${seq++}`, memo: 'v0', usageStatus: 'IN_USE' });
        if (res.status >= 200 && res.status < 300 && isId(res.body)) {
          ledger.created.push(res.body.id);
          ledger.known.push(res.body.id);
          own.push(res.body.id);
        }
      } else {
        kind = 'patch';
        const id = own[Math.floor(o.rng() * own.length)]!;
        const memo = `v${seq++}-${crypto.randomUUID().slice(0, 8)}`;
        res = await http.request('PATCH', equipment.api.item.replace('{equipmentId}', id), { memo });
        ledger.lastPatch.set(id, { memo, acked: res.status >= 200 && res.status < 300 });
      }
      const ok = res.status >= 200 && res.status < 300;
      ledger.samples.push({ kind, start, end: Date.now() - o.t0, ok, status: res.status, error: ok ? undefined : (res.error ?? JSON.stringify(res.body)?.slice(0, 200)) });
      // No answer at all (the server refusing connections): do not spin.
      if (res.status === 0) await sleep(50);
    }
  };
  await Promise.all(Array.from({ length: o.connections }, (_, n) => caller(n)));
}

/** Seeded PRNG (mulberry32): the same mix every run. */
export { rng } from '../../server/seed/equipment.js';

