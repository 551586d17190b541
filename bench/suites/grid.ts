// Grid suite (issue 5, point 1): the product's DataGrid beside AG Grid
// Community and a plain non-virtualized table, on the same 1000 equipment
// rows × 25 columns, in headless system Chromium with a CDP session.
//
// Each run opens every grid in a fresh page (the order rotates per run), at
// CPU throttling 1× and 4×: 5 s of mouse wheel (120 px every 16 ms over the
// grid) with rAF frame times and long animation frames recorded, then 200
// presses of `j` with keydown → next paint per press; CDP Performance
// metrics around the scroll. Figures are medians over the runs.
//
// The page is a bench page (bench/pages/grid.tsx) mounting the real DataGrid
// with ListPane's props and the console's styles, not the /equipment route:
// the equipment list declares 8 columns (spec 3) and the issue asks for ≥ 20,
// so the bench builds columns for every equipment field with the console's
// own gridColumns().
import type { Page } from '@playwright/test';
import { max, type Measure, median, percentile, round, type Suite } from '../lib/measure.js';
import { buildPages, cdpMetrics, launchBrowser, openPage, probeStart, probeStop, serveStatic, sleep } from '../lib/browser-harness.js';

const IMPLS = ['ours', 'agGrid', 'plainTable'] as const;
type Impl = (typeof IMPLS)[number];
const THROTTLES = [1, 4] as const;
const ROWS = 1000;

interface Sample {
  scrollP50: number;
  scrollP95: number;
  scrollP99: number;
  over25: number;
  loafCount: number;
  loafMax: number;
  keyP95: number;
  domNodes: number;
  layoutCount: number;
  recalcStyleCount: number;
  scriptDuration: number;
}

const GRID_SELECTOR: Record<Impl, string> = { ours: '[role="grid"]', agGrid: '.bench-ag', plainTable: '.bench-plain' };

async function measureOnce(page: Page, impl: Impl, throttle: number, o: { scrollMs: number; keys: number }): Promise<Sample> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  const box = await page.locator(GRID_SELECTOR[impl]).first().boundingBox();
  if (!box) throw new Error(`${impl}: no grid on the page`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await sleep(300);

  // Scroll by wheel; down the page, and back up when the rows run out.
  const before = await cdpMetrics(cdp);
  await probeStart(page);
  const end = Date.now() + o.scrollMs;
  for (let i = 0; Date.now() < end; i++) {
    const down = Math.floor(i / 220) % 2 === 0;
    await page.mouse.wheel(0, down ? 120 : -120);
    await sleep(16);
  }
  await sleep(100);
  const scroll = await probeStop(page);
  const after = await cdpMetrics(cdp);

  // Back to the top, the grid focused, then `j` through the rows.
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('*')) if (el.scrollTop) el.scrollTop = 0;
  });
  if (impl === 'ours') await page.locator('[role="grid"]').focus();
  await sleep(200);
  await probeStart(page);
  for (let i = 0; i < o.keys; i++) {
    await page.keyboard.press('j');
    await sleep(16);
  }
  await sleep(200);
  const keys = await probeStop(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  if (keys.keys.length < o.keys) throw new Error(`${impl}: ${keys.keys.length} of ${o.keys} key presses seen`);

  const frames = scroll.frames;
  return {
    scrollP50: percentile(frames, 50),
    scrollP95: percentile(frames, 95),
    scrollP99: percentile(frames, 99),
    over25: (100 * frames.filter((f) => f > 25).length) / Math.max(1, frames.length),
    loafCount: scroll.loaf.length,
    loafMax: scroll.loaf.length ? Math.max(...scroll.loaf) : 0,
    keyP95: percentile(keys.keys, 95),
    domNodes,
    layoutCount: (after.LayoutCount ?? 0) - (before.LayoutCount ?? 0),
    recalcStyleCount: (after.RecalcStyleCount ?? 0) - (before.RecalcStyleCount ?? 0),
    scriptDuration: 1000 * ((after.ScriptDuration ?? 0) - (before.ScriptDuration ?? 0)),
  };
}

const FIGURES: { key: keyof Sample; name: string; unit: Measure['unit']; budget?: Measure['budget']; throttled?: boolean }[] = [
  { key: 'scrollP50', name: 'scroll p50 frame time', unit: 'ms' },
  { key: 'scrollP95', name: 'scroll p95 frame time', unit: 'ms', budget: max(16.7) },
  { key: 'scrollP99', name: 'scroll p99 frame time', unit: 'ms' },
  { key: 'over25', name: 'scroll frames over 25 ms', unit: '%' },
  { key: 'loafCount', name: 'scroll long animation frames', unit: 'count' },
  { key: 'loafMax', name: 'scroll longest animation frame', unit: 'ms' },
  { key: 'keyP95', name: 'key press event p95', unit: 'ms', budget: max(50) },
  { key: 'layoutCount', name: 'scroll LayoutCount delta', unit: 'count' },
  { key: 'recalcStyleCount', name: 'scroll RecalcStyleCount delta', unit: 'count' },
  { key: 'scriptDuration', name: 'scroll ScriptDuration delta', unit: 'ms' },
];

export const run: Suite = async (opts) => {
  const runs = opts.quick ? 1 : Math.max(1, opts.runs);
  const o = opts.quick ? { scrollMs: 1500, keys: 50 } : { scrollMs: 5000, keys: 200 };
  const dir = await buildPages(opts.log);
  const server = await serveStatic(dir);
  const browser = await launchBrowser();
  const samples = new Map<string, Sample[]>();
  try {
    for (let r = 0; r < runs; r++) {
      const order = IMPLS.map((_, i) => IMPLS[(i + r) % IMPLS.length]!);
      for (const impl of order) {
        for (const throttle of THROTTLES) {
          const page = await openPage(browser, `${server.origin}/grid.html?impl=${impl}&rows=${ROWS}`);
          try {
            const s = await measureOnce(page, impl, throttle, o);
            opts.log(`grid run ${r + 1}/${runs} ${impl} ${throttle}×: scroll p95 ${round(s.scrollP95, 1)} ms, key p95 ${round(s.keyP95, 1)} ms, ${s.domNodes} elements`);
            const k = `${impl}|${throttle}`;
            samples.set(k, [...(samples.get(k) ?? []), s]);
          } finally {
            await page.context().close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }

  const med = (impl: Impl, throttle: number, key: keyof Sample) => round(median((samples.get(`${impl}|${throttle}`) ?? []).map((s) => s[key])), 2);
  const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 2) : NaN);
  const note = (extra = '') => `median of ${runs} run(s); 1000 rows × 25 columns; bench page with the real DataGrid${extra}`;
  const out: Measure[] = [];
  const describe = (impl: Impl, throttle: number, key: keyof Sample) => {
    const v = med(impl, throttle, key);
    return { v, agGrid: med('agGrid', throttle, key), plainTable: med('plainTable', throttle, key) };
  };

  const dom = describe('ours', 1, 'domNodes');
  out.push({
    suite: 'grid',
    name: 'DOM elements, 1000-row page',
    value: dom.v,
    unit: 'count',
    budget: max(2500),
    peers: { agGrid: dom.agGrid, plainTable: dom.plainTable },
    note: note(`; elements in the document; ratio to AG Grid ${ratio(dom.v, dom.agGrid)}, to the plain table ${ratio(dom.v, dom.plainTable)}`),
  });
  for (const throttle of THROTTLES) {
    const suffix = throttle === 1 ? '' : ` (${throttle}× CPU)`;
    for (const f of FIGURES) {
      const d = describe('ours', throttle, f.key);
      const m: Measure = {
        suite: 'grid',
        name: f.name + suffix,
        value: d.v,
        unit: f.unit,
        peers: { agGrid: d.agGrid, plainTable: d.plainTable },
        note: note(`; ratio to AG Grid ${ratio(d.v, d.agGrid)}, to the plain table ${ratio(d.v, d.plainTable)}`),
      };
      // Budgets hold without throttling (issue 5); throttled figures are reported.
      if (f.budget && throttle === 1) m.budget = f.budget;
      out.push(m);
    }
    // Below AG Grid's p95 in the same run: the ratio of the medians.
    const ours = med('ours', throttle, 'scrollP95');
    const ag = med('agGrid', throttle, 'scrollP95');
    const m: Measure = {
      suite: 'grid',
      name: `scroll p95 / AG Grid p95${suffix}`,
      value: ratio(ours, ag),
      unit: 'ratio',
      peers: { plainTable: ratio(med('plainTable', throttle, 'scrollP95'), ag) },
      note: note(`; ours ${ours} ms, AG Grid ${ag} ms`),
    };
    if (throttle === 1) m.budget = max(1.0);
    out.push(m);
  }
  return out;
};
