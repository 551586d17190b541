// Where a measured server's request time goes, from the files
// bench/lib/server-probe.mjs wrote: `npx tsx bench/probe-report.ts <probe-*.json>`.
//
// Per URL with at least --min requests (100) that ran alone (the api
// suite's sequential calls, not its autocannon phases; bench/lib/probe-split.ts):
// the server's time from arrival to the last byte, the time spent waiting on
// its statements, the rest (HTTP, token, JSON, building the SQL: the
// process's own work), the main thread's collection inside the span, each
// statement kind's time, and which part grew in the slowest twentieth
// against the fastest half (the rest split by where it falls: before the
// first statement, between statements, after the last).
import fs from 'node:fs';
import { percentile } from './lib/measure.js';
import { type Probe, splitRequests, statementKind } from './lib/probe-split.js';

const args = process.argv.slice(2);
const minAt = args.indexOf('--min');
const min = minAt >= 0 ? Number(args.splice(minAt, 2)[1]) : 100;
if (!args.length) {
  console.error('usage: npx tsx bench/probe-report.ts [--min 100] <probe-*.json>...');
  process.exit(2);
}

const fmt = (v: number) => v.toFixed(2).padStart(7);
const line = (name: string, v: number[]) => console.log(`  ${name.padEnd(34)} p50 ${fmt(percentile(v, 50))}  p95 ${fmt(percentile(v, 95))}  max ${fmt(Math.max(...v))} ms`);

for (const file of args) {
  const probe = JSON.parse(fs.readFileSync(file, 'utf8')) as Probe;
  console.log(`${file}: ${probe.requests.length} requests, ${probe.statements.length} statements, ${probe.gcs.length} collections`);
  for (const [url, split] of splitRequests(probe)) {
    if (split.length < min) continue;
    console.log(`\n${url} (${split.length} requests)`);
    line('server, arrival to last byte', split.map((x) => x.total));
    line('waiting on statements', split.map((x) => x.db));
    line('the rest (HTTP, token, JSON, SQL)', split.map((x) => x.rest));
    line('main-thread GC inside the span', split.map((x) => x.gc));
    const kinds = new Map<string, number[]>();
    for (const x of split) for (const q of x.statements) kinds.set(statementKind(q.text), [...(kinds.get(statementKind(q.text)) ?? []), q.d]);
    for (const [k, v] of kinds) if (v.length >= split.length / 2) line(`  ${k.slice(0, 32)}`, v);
    const p95 = percentile(split.map((x) => x.total), 95);
    const slow = split.filter((x) => x.total >= p95);
    const mean = (f: (x: (typeof split)[number]) => number, of: typeof split) => (of.reduce((a, x) => a + f(x), 0) / of.length).toFixed(2);
    console.log(`  slowest 5% (${slow.length}), means: statements ${mean((x) => x.db, slow)}, rest ${mean((x) => x.rest, slow)}, gc ${mean((x) => x.gc, slow)} ms; all: ${mean((x) => x.db, split)}, ${mean((x) => x.rest, split)}, ${mean((x) => x.gc, split)}`);
    // The rest by where it falls, and each statement kind's wait: in the
    // slowest twentieth against the fastest half.
    const fast = [...split].sort((a, b) => a.total - b.total).slice(0, Math.ceil(split.length / 2));
    const where = (of: typeof split) =>
      `before the first statement ${mean((x) => x.before, of)}, between ${mean((x) => x.between, of)}, after the last ${mean((x) => x.after, of)}, ` +
      [...kinds.keys()]
        .filter((k) => kinds.get(k)!.length >= split.length / 2)
        .map((k) => `${k.slice(0, 20)} ${mean((x) => x.statements.filter((q) => statementKind(q.text) === k).reduce((a, q) => a + q.d, 0), of)}`)
        .join(', ');
    console.log(`  fastest half, means (ms): ${where(fast)}`);
    console.log(`  slowest 5%, means (ms):   ${where(slow)}`);
  }
}
