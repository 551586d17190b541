// Shared by the browser suites (grid, palette): build the bench-only pages
// with bench/vite.config.ts into a temporary directory, serve them from
// 127.0.0.1 (node:http), launch the system Chromium (never a downloaded one)
// and install the in-page probe (rAF frame times, long animation frames,
// key press latency).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const configFile = path.join(here, '..', 'vite.config.ts');

let built: Promise<string> | null = null;
/** Builds bench/pages once per process; resolves to the output directory. */
export function buildPages(log: (line: string) => void): Promise<string> {
  built ??= (async () => {
    const { build } = await import('vite');
    const { BENCH_PAGES_OUT } = (await import(configFile)) as { BENCH_PAGES_OUT: string };
    log(`bench pages: building into ${BENCH_PAGES_OUT}`);
    await build({ configFile, logLevel: 'warn' });
    return BENCH_PAGES_OUT;
  })();
  return built;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.wasm': 'application/wasm' };

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

export function serveStatic(dir: string): Promise<StaticServer> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = path.join(dir, path.normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, ''));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    // Cross-origin isolated (COOP and COEP; everything here is same-origin):
    // the page's clocks, rAF's timestamps among them, then tick in 5 µs
    // instead of 100 µs with random jitter. Without it an idle page's frame
    // times, all one 60 Hz interval (16.67 ms), read 16.5–16.8 ms, and
    // their p95 16.8 (docs/benchmarks.md, twentieth round): the grid's
    // budget (≤ 16.7) would be decided by the clock's rounding.
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A new page of a fresh context at 1280×800, loaded and ready (window.__ready). */
export async function openPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  // A page that draws message keys instead of words measures the wrong work
  // (each miss is a console warning: once 6 ms of every key press).
  const missing: string[] = [];
  page.on('console', (m) => {
    if (m.text().startsWith('[i18n] missing message')) missing.push(m.text());
  });
  await page.goto(url);
  await page.waitForFunction(() => (window as { __ready?: boolean; __error?: string }).__ready || (window as { __error?: string }).__error, null, { timeout: 120_000 });
  const error = await page.evaluate(() => (window as { __error?: string }).__error);
  if (error) throw new Error(`${url}: ${error}`);
  if (!(await page.evaluate(() => self.crossOriginIsolated))) throw new Error(`${url}: not cross-origin isolated; its frame times would be rounded to 100 µs (serveStatic)`);
  if (missing.length) throw new Error(`${url}: ${missing.length} missing messages, e.g. ${missing[0]}`);
  return page;
}

export interface ProbeResult {
  /** requestAnimationFrame deltas, ms. */
  frames: number[];
  /** long-animation-frame durations, ms. */
  loaf: number[];
  /** Per key press: keydown timeStamp → the paint after it (rAF, then a task), ms; the Event Timing duration when larger. */
  keys: number[];
}

/** Starts recording in the page (window.__probe). */
export const probeStart = (page: Page) => page.evaluate('window.__probe.start()');
export const probeStop = (page: Page) => page.evaluate('window.__probe.stop()') as Promise<ProbeResult>;

// Plain JavaScript, installed before the page's own scripts: it must not
// depend on anything a TypeScript compiler adds to a function's text.
const PROBE = `
(() => {
  const p = { recording: false, frames: [], loaf: [], keys: [], timing: new Map(), pending: [] };
  p.start = () => {
    p.frames = []; p.loaf = []; p.keys = []; p.timing = new Map(); p.recording = true;
    let last = -1;
    const loop = (ts) => {
      if (!p.recording) return;
      if (last >= 0) p.frames.push(ts - last);
      last = ts;
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  };
  p.stop = () => {
    p.recording = false;
    const keys = p.keys.map((k) => Math.max(k.paint, p.timing.get(k.ts) || 0));
    return { frames: p.frames, loaf: p.loaf, keys };
  };
  const after = (cb) => requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => cb(performance.now()); c.port2.postMessage(0); });
  addEventListener('keydown', (e) => {
    if (!p.recording) return;
    const entry = { ts: e.timeStamp, paint: 0 };
    p.keys.push(entry);
    after((now) => (entry.paint = now - e.timeStamp));
  }, true);
  try {
    new PerformanceObserver((list) => { if (p.recording) for (const e of list.getEntries()) p.loaf.push(e.duration); }).observe({ type: 'long-animation-frame' });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      if (!p.recording) return;
      for (const e of list.getEntries()) if (e.name === 'keydown') p.timing.set(e.startTime, Math.max(p.timing.get(e.startTime) || 0, e.duration));
    }).observe({ type: 'event', durationThreshold: 16 });
  } catch {}
  window.__probe = p;
})();
`;

/** CDP Performance.getMetrics as a name → value map. */
export async function cdpMetrics(session: { send(m: 'Performance.getMetrics'): Promise<{ metrics: { name: string; value: number }[] }> }): Promise<Record<string, number>> {
  const { metrics } = await session.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
