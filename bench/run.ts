// `npm run bench`: runs every benchmark suite (or those named by --only),
// prints one table, writes bench/results/latest.json and the table into
// docs/benchmarks.md. `--check` exits 1 when a budget is missed.
// Not part of `npm test`: timings are noisy on shared machines.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tuneHeap } from '../server/heap.js';
import { type Measure, type Suite, type SuiteOptions, within } from './lib/measure.js';

/** Suite id → module; run in this order (cheap and quiet first). */
const SUITES: Record<string, () => Promise<{ run: Suite }>> = {
  bundle: () => import('./suites/bundle.js'),
  palette: () => import('./suites/palette.js'),
  grid: () => import('./suites/grid.js'),
  api: () => import('./suites/api.js'),
  csv: () => import('./suites/csv.js'),
  load: () => import('./suites/load.js'),
};

const USAGE = `Usage: npm run bench -- [--only ${Object.keys(SUITES).join(',')}] [--runs N] [--quick] [--check]
  --only     suites to run (default: all)
  --runs N   repetitions per measure where a suite repeats (default 5; medians reported)
  --quick    small data and short loops: checks the harness, not the budgets
  --check    exit 1 when a measure misses its budget
  --no-docs  print and write bench/results/latest.json only; leave docs/benchmarks.{md,json} as they are
  --suite ID internal: run one suite, its figures written to $BENCH_SUITE_OUT (so runs each of
             several suites, in a process of its own)`;

const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 2 }));
const budgetText = (m: Measure) => (m.budget ? `${m.budget.kind === 'max' ? '≤' : '≥'} ${fmt(m.budget.limit)}` : '');
const peersText = (m: Measure) =>
  Object.entries(m.peers ?? {})
    .map(([k, v]) => `${k} ${fmt(v)}${m.value && v ? ` (×${fmt(Math.round((m.value / v) * 100) / 100)})` : ''}`)
    .join('; ');

export function table(measures: readonly Measure[]): string {
  const rows = measures.map((m) => {
    const ok = within(m);
    return [m.suite, m.name, `${fmt(m.value)} ${m.unit}`, budgetText(m), ok === null ? '' : ok ? 'ok' : 'MISSED', peersText(m), m.note ?? ''];
  });
  const head = ['suite', 'measure', 'value', 'budget', '', 'beside (ours ÷ peer)', 'note'];
  const esc = (s: string) => s.replaceAll('|', '\\|');
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
}

/** The figures shown in docs/benchmarks.md (committed beside it). */
const KEPT = 'docs/benchmarks.json';
function readKept(): Measure[] {
  try {
    return JSON.parse(fs.readFileSync(KEPT, 'utf8')) as Measure[];
  } catch {
    return [];
  }
}

function writeDocs(measures: readonly Measure[], meta: Record<string, unknown>) {
  const file = path.resolve('docs/benchmarks.md');
  const start = '<!-- bench:table -->';
  const end = '<!-- /bench:table -->';
  const block = `${start}\nLast run: ${String(meta.finishedAt)} on ${String(meta.machine)} (${String(meta.args)}); rows of suites not in that run are from earlier runs.\n\n${table(measures)}\n${end}`;
  const doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : `# Benchmarks\n\n${start}\n${end}\n`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  fs.writeFileSync(file, i >= 0 && j > i ? doc.slice(0, i) + block + doc.slice(j + end.length) : `${doc}\n${block}\n`);
}

/** What a suite's process hands back (BENCH_SUITE_OUT). */
interface SuiteResult {
  measures: Measure[];
  failure: string | null;
}

/** Runs one suite here: its figures, or why it failed. */
async function runHere(id: string, opts: SuiteOptions): Promise<SuiteResult> {
  try {
    const { run } = await SUITES[id]!();
    return { measures: await run(opts), failure: null };
  } catch (err) {
    opts.log(`!! suite ${id} failed: ${err instanceof Error ? err.message : String(err)}`);
    return { measures: [], failure: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}

/**
 * Runs one suite in a Node process of its own (this script again, with
 * the same loader, `--suite <id>`), its log passed through, and reads its
 * figures back from a file. A suite leaves things behind in the process
 * that ran it: the browser suites' Playwright and Vite servers, a heap
 * grown to 650–700 MB whose collections run on V8's helper threads. Run
 * in one process, the api suite then measured beside them: its first
 * 1000-row page's API p95 was 22.5 and 23.2 ms in two full runs, against
 * 9.7–11.5 ms with the api suite alone or after the bundle suite only
 * (docs/benchmarks.md, thirtieth round). Each suite now measures as
 * `--only <suite>` does.
 */
function runApart(id: string, opts: SuiteOptions): Promise<SuiteResult> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-bench-suite-')), 'result.json');
  const args = [...process.execArgv, process.argv[1]!, '--suite', id, '--runs', String(opts.runs), ...(opts.quick ? ['--quick'] : [])];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, BENCH_SUITE_OUT: out } });
    let settled = false;
    const done = (failure: string | null) => {
      if (settled) return;
      settled = true;
      let result: SuiteResult = { measures: [], failure: failure ?? 'the suite process wrote no result' };
      try {
        result = JSON.parse(fs.readFileSync(out, 'utf8')) as SuiteResult;
      } catch {
        // no result: the failure stands
      }
      fs.rmSync(path.dirname(out), { recursive: true, force: true });
      resolve(failure && !result.failure ? { ...result, failure } : result);
    };
    child.on('error', (err) => done(`could not start the suite process: ${err.message}`));
    child.on('exit', (code, signal) => done(code === 0 ? null : `the suite process exited with ${signal ?? code}`));
  });
}

async function main(): Promise<number> {
  // This process times the raw SQL beside the server's API calls (the api
  // suite) and drives the other suites: its heap grows as the server's does
  // (server/heap.ts). With V8's own choice, after the warm-up it kept its old
  // generation (46 MB) within 23 MB of the limit, less than the young
  // generation takes, so it began marking again at once: a full collection
  // every 200 ms all through the api suite's timed calls, its marking on a
  // helper thread for 77–107 ms of each, its last pause (6–13 ms) run as a
  // task when the main thread was idle, which is while an API call is timed.
  // The first 1000-row page's API p95 was twice its p50 (docs/benchmarks.md,
  // thirty-seventh round).
  tuneHeap();
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      runs: { type: 'string' },
      quick: { type: 'boolean' },
      check: { type: 'boolean' },
      'no-docs': { type: 'boolean' },
      suite: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const only = values.only ? values.only.split(',').map((s) => s.trim()) : Object.keys(SUITES);
  const unknown = only.filter((s) => !SUITES[s]);
  if (unknown.length) {
    console.error(`Unknown suite(s): ${unknown.join(', ')}\n${USAGE}`);
    return 2;
  }
  const runs = values.runs ? Number(values.runs) : 5;
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`--runs must be a positive integer\n${USAGE}`);
    return 2;
  }
  const opts: SuiteOptions = { runs, quick: !!values.quick, log: (line) => process.stderr.write(`${line}\n`) };
  // A suite's own process (runApart): run it, hand its figures back.
  if (values.suite !== undefined) {
    const target = process.env.BENCH_SUITE_OUT;
    if (!SUITES[values.suite] || !target) {
      console.error(`--suite needs a known suite and BENCH_SUITE_OUT\n${USAGE}`);
      return 2;
    }
    fs.writeFileSync(target, JSON.stringify(await runHere(values.suite, opts)));
    return 0;
  }
  const started = new Date();
  const measures: Measure[] = [];
  const failures: string[] = [];
  for (const id of Object.keys(SUITES).filter((s) => only.includes(s))) {
    const t0 = performance.now();
    opts.log(`── ${id}`);
    // One suite alone runs here; several, each in a process of its own.
    const result = only.length === 1 ? await runHere(id, opts) : await runApart(id, opts);
    measures.push(...result.measures);
    // One broken suite does not hide the others' figures, but fails --check.
    if (result.failure) failures.push(`${id}: ${result.failure}`);
    opts.log(`   ${id} took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const meta = {
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}${loopbackTcp()}`,
    args: process.argv.slice(2).join(' ') || 'all suites',
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/latest.json', `${JSON.stringify({ ...meta, measures, failures }, null, 2)}\n`);
  // docs/benchmarks.md keeps every suite's latest full-size figures: a run
  // of some suites replaces those suites' rows and keeps the others'.
  // A run limited to some of a suite's cases (BENCH_API_CASES) replaces
  // only the rows it measured.
  if (!values.quick && !values['no-docs']) {
    const ran = new Set(measures.map((m) => m.suite));
    const measured = new Set(measures.map((m) => `${m.suite}\u0000${m.name}`));
    const partial = !!process.env.BENCH_API_CASES;
    const kept = readKept().filter((m) => !measured.has(`${m.suite}\u0000${m.name}`) && (partial || !ran.has(m.suite)));
    const merged = [...kept, ...measures];
    fs.writeFileSync(KEPT, `${JSON.stringify(merged, null, 2)}\n`);
    writeDocs(merged, meta);
  }
  console.log(table(measures));
  const missed = measures.filter((m) => within(m) === false);
  for (const m of missed) console.log(`MISSED: ${m.suite} / ${m.name}: ${fmt(m.value)} ${m.unit}, budget ${budgetText(m)}`);
  for (const f of failures) console.log(`FAILED SUITE: ${f.split('\n')[0]}`);
  console.log(`${measures.length} measures, ${measures.filter((m) => m.budget).length} with budgets, ${missed.length} missed, ${failures.length} suites failed`);
  return values.check && (missed.length || failures.length) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

/** The TCP congestion control new loopback connections get (Linux): with
 * BBR, and no fq qdisc on lo, the kernel paces a socket's segments itself,
 * and a 137 KB response left the server's socket in bursts milliseconds
 * apart more often than with CUBIC (docs/benchmarks.md, thirty-eighth
 * round). The API figures depend on it, so the machine line names it. */
function loopbackTcp(): string {
  try {
    return `, TCP ${fs.readFileSync('/proc/sys/net/ipv4/tcp_congestion_control', 'utf8').trim()}`;
  } catch {
    return '';
  }
}
