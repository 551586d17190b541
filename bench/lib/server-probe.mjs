// A probe for the measured server process, loaded before its own code:
//   BENCH_SERVER_NODE_ARGS="--import $PWD/bench/lib/server-probe.mjs"
// It records, with absolute times (ms since the epoch, performance clock):
// - every HTTP request: its URL, from the request's arrival to the last byte
//   handed to the socket;
// - every statement sent through pg's Client (the pool's connections): its
//   first characters, from the call to its result (COPY: to its last data),
//   and the backend that ran it (its process id);
// - every garbage collection of the main thread (perf_hooks 'gc' entries).
// On exit it writes them to $DAICHO_PROBE_DIR (default: the system's temp
// directory) as probe-<pid>.json; `npx tsx bench/probe-report.ts <files>`
// splits each sequential request's time into the database's, the garbage
// collector's and the rest (docs/benchmarks.md, fifteenth round).
// Plain JavaScript: it is loaded before tsx is.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';

const pg = createRequire(path.join(process.cwd(), 'package.json'))('pg');
const T0 = performance.timeOrigin;
const now = () => T0 + performance.now();
const gcs = [];
const requests = [];
const statements = [];

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ s: T0 + e.startTime, d: e.duration, kind: e.detail?.kind ?? null });
}).observe({ entryTypes: ['gc'] });

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'request') {
    const s = now();
    res.once('finish', () => requests.push({ url: req.url, s, d: now() - s }));
  }
  return emit.apply(this, arguments);
};

// The server's Client (server/db/index.ts) wraps this method when it loads,
// after this file: every statement passes here. A COPY is a "submittable"
// whose `done` settles with its data.
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (first, ...rest) {
  const s = now();
  const text = String(typeof first === 'string' ? first : (first?.text ?? 'submittable')).slice(0, 60).replace(/\s+/g, ' ');
  const out = query.call(this, first, ...rest);
  const settled = out && typeof out.then === 'function' ? out : out?.done;
  if (settled && typeof settled.then === 'function') {
    const record = () => statements.push({ text, s, d: now() - s, pid: this.processID });
    settled.then(record, record);
  }
  return out;
};

process.on('exit', () => {
  const dir = process.env.DAICHO_PROBE_DIR || os.tmpdir();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `probe-${process.pid}.json`), JSON.stringify({ gcs, requests, statements }));
});
