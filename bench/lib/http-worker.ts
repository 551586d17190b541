// The API benchmark's HTTP client, on a thread of its own: each call is a
// GET of the whole body, timed inside the worker (below: from the request
// to its last byte). Its V8 heap is its own,
// so the garbage of megabyte response bodies is collected there and never
// inside the raw SQL timings that the main thread takes between calls (the
// two are interleaved, call by call: bench/suites/api.ts).
import { Worker } from 'node:worker_threads';

export interface HttpResult {
  ms: number;
  status: number;
  etag: string | null;
  /** The start of the body of an error response. */
  head: string;
}

// Plain JavaScript (evaluated as CommonJS): no TypeScript loader needed.
// node:http over one kept-alive connection, accepting gzip (as a browser
// does; the server sends nothing else). A call is timed from the request
// to the last byte of the response, as autocannon and wrk time one; the
// body is then decompressed, untimed, and decoded only when it is an error
// to report: what a client does with the bytes (1.4 MB of text to decode
// for a 1000-row page) is not the API's time, and its garbage, collected
// by V8's background threads, would only compete with the next timed call. fetch (undici), which read and decoded the body within the timed
// call before, cost 0.3–0.4 ms more per call at p50 and p95 on the 137 KB
// page, measured interleaved call by call in one run (docs/benchmarks.md,
// eighth round).
const SOURCE = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const zlib = require('node:zlib');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
parentPort.on('message', ({ id, url, headers }) => {
  const fail = (err) => parentPort.postMessage({ id, error: String(err && err.stack || err) });
  const t0 = performance.now();
  const req = http.get(url, { headers: { 'accept-encoding': 'gzip', ...headers }, agent }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('error', fail);
    res.on('end', () => {
      const ms = performance.now() - t0;
      const raw = Buffer.concat(chunks);
      const body = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
      const etag = res.headers.etag;
      parentPort.postMessage({ id, ms, status: res.statusCode, etag: typeof etag === 'string' ? etag : null, head: res.statusCode >= 300 ? body.subarray(0, 300).toString('utf8') : '' });
    });
  });
  req.on('error', fail);
});`;

export interface HttpWorker {
  /** One GET, timed from the request to the last byte of the response. */
  get(url: string, headers: Record<string, string>): Promise<HttpResult>;
  stop(): Promise<void>;
}

export function startHttpWorker(): HttpWorker {
  const worker = new Worker(SOURCE, { eval: true });
  const pending = new Map<number, { resolve: (r: HttpResult) => void; reject: (e: Error) => void }>();
  let next = 0;
  worker.on('message', (m: HttpResult & { id: number; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(new Error(m.error));
    else p.resolve(m);
  });
  worker.on('error', (err) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  });
  return {
    get: (url, headers) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, url, headers });
      }),
    stop: async () => {
      await worker.terminate();
    },
  };
}
