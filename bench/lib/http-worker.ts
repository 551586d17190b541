// The API benchmark's HTTP client, on a thread of its own: each call is a
// fetch of the whole body, timed inside the worker. Its V8 heap is its own,
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
const SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ id, url, headers }) => {
  try {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.text();
    const ms = performance.now() - t0;
    parentPort.postMessage({ id, ms, status: res.status, etag: res.headers.get('etag'), head: res.status >= 300 ? body.slice(0, 300) : '' });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.stack || err) });
  }
});`;

export interface HttpWorker {
  /** One GET, timed from the request to the last byte of the body read. */
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
