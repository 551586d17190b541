// CSV at volume, through the real server process on PostgreSQL, as the
// browser does it: 100,000 rows × 10 columns from the presigned upload
// through the dry run to the committed import (a background job), with the
// server's peak memory; then an export of at least 1,000,000 rows, streamed
// whole, with its time and the server's peak memory, and again from a
// server whose heap is capped below the file's size (it streams or fails).
// BENCH_CSV_EXPORT=off measures the import alone.
import { presignImportCsv } from '../../src/api/contracts/storage.js';
import { csvImportJob, moduleContracts } from '../../src/api/modules/contracts.js';
import { equipment } from '../../src/api/modules/equipment.js';
import { openDatabase } from '../../server/db/index.js';
import { DEMO_ORG_NAME } from '../../server/seed/demo-users.js';
import { seedScaleEquipment } from '../../server/seed/scale.js';
import { parse, toCsv } from '../../tests/support/csv.js';
import { type Measure, type Suite, max, round } from '../lib/measure.js';
import { type BenchServer, checkpoint, createDatabase, sampleRss, startBenchServer } from '../lib/server-session.js';

const eq = moduleContracts(equipment);
/** The ten columns of the import file (spec CSV columns of equipment). */
const COLUMNS = ['name', 'equipmentTypeId', 'model', 'serialNumber', 'assetTag', 'managementType', 'usageStatus', 'placementPlaceId', 'purchaseDate', 'purchasePrice'];

export const run: Suite = async ({ quick, log }) => {
  const importRows = quick ? 10_000 : 100_000;
  const exportRows = quick ? 50_000 : 1_000_000;
  const db = await createDatabase('daicho_bench_csv');
  // At info, the import job logs its steps' times (jobTimes below).
  const server = await startBenchServer({ databaseUrl: db.url, env: { LOG_LEVEL: 'info' } });
  const measures: Measure[] = [];
  try {
    const { api } = server;
    // Templates from the demo data's own export: every reference resolves.
    const view = await api(eq.csvExport!, { query: { mode: 'view' } as never });
    const sample = parse((await (await fetch(new URL(view.url, server.base))).text()).replace(/^\uFEFF/, ''));
    const fields: readonly string[] = (equipment.csv ?? []).filter((f) => f !== 'id');
    const header = sample[0]!;
    const idx = COLUMNS.map((f) => fields.indexOf(f));
    const templates = sample.slice(1).filter((r) => r.length === header.length);
    // Names, serials and asset tags unique to this run; the other cells as the
    // demo data has them (Japanese labels), models shortened so that the file
    // stays under the 10 MB upload limit.
    const marker = `b${Date.now().toString(36).slice(-5)}`;
    const rows = [idx.map((i) => header[i]!)];
    for (let n = 0; n < importRows; n++) {
      const t = templates[n % templates.length]!;
      const row = idx.map((i) => t[i] ?? '');
      row[0] = `${marker} ${n + 1}`;
      row[2] = `M${n % 100}`;
      row[3] = `S${marker}${n + 1}`;
      row[4] = `A${marker}${n + 1}`;
      rows.push(row);
    }
    const file = Buffer.from(`\uFEFF${toCsv(rows)}`, 'utf8');
    if (file.length >= 10 * 2 ** 20) throw new Error(`the generated file is ${file.length} bytes, over the 10 MB upload limit`);
    log(`csv: import ${importRows.toLocaleString('en-US')} rows × ${COLUMNS.length} columns (${(file.length / 2 ** 20).toFixed(1)} MB)`);

    // The earlier suites' write-ahead log flushed before the clock starts
    // (bench/lib/server-session.ts, checkpoint). The import writes ~460 MB
    // of it, most of what starts a checkpoint at max_wal_size 1 GB, so
    // what came before decided whether one started inside it (a full run
    // after the api suite: 10.65 s, the write 8.49; alone: 8.7–9.7 s).
    const flushed = await checkpoint();
    const mem = sampleRss(server.proc.pid!);
    const t0 = performance.now();
    const { url, key } = await api(presignImportCsv, { query: { filename: `${marker}.csv` } });
    const put = await fetch(new URL(url, server.base), { method: 'PUT', body: file, headers: { 'content-type': 'text/csv' } });
    if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
    const tUpload = performance.now();
    const dry = await api(eq.csvImport!, { body: { uploadedFileKey: key, dryrun: true, pageSize: 100 } as never });
    const tDry = performance.now();
    if (dry.errors.rows || dry.errors.cells || dry.errors.headers) throw new Error(`the dry run found errors: ${JSON.stringify(dry.errors)}`);
    const started = await api(eq.csvImport!, { body: { uploadedFileKey: key, dryrun: false, pageSize: 1 } as never });
    const tStarted = performance.now();
    let state = started.imported ? 'done' : 'queued';
    const deadline = Date.now() + 10 * 60_000;
    while (state !== 'done') {
      if (Date.now() > deadline) throw new Error('the import did not finish within 10 minutes');
      await new Promise((r) => setTimeout(r, 50));
      const s = await api(csvImportJob, { params: { jobId: started.jobId! } });
      if (s.state === 'failed') throw new Error(`the import failed: ${s.error}`);
      state = s.state;
    }
    const tDone = performance.now();
    const importMem = mem.stop();
    const job = jobTimes(server.output());
    log(`csv: imported in ${((tDone - t0) / 1000).toFixed(1)} s (${job}); checking the list`);
    const listed = await api(eq.list, { query: { freeText: marker, pageSize: 1 } as never });
    if (listed.count !== importRows) throw new Error(`expected ${importRows} imported rows in the list, found ${listed.count}`);
    const rate = importRows / ((tDone - t0) / 1000);
    measures.push(
      { suite: 'csv', name: `import ${importRows.toLocaleString('en-US')} rows end to end`, value: round((tDone - t0) / 1000, 2), unit: 's', budget: quick ? undefined : max(10), note: `upload ${round((tUpload - t0) / 1000, 2)} s, dry run ${round((tDry - tUpload) / 1000, 2)} s, import ${round((tDone - tDry) / 1000, 2)} s (the call ${round((tStarted - tDry) / 1000, 2)} s, then the job: ${job}); PostgreSQL, ${flushed ? 'a CHECKPOINT before the upload' : 'no CHECKPOINT before the upload (not a superuser)'}` },
      { suite: 'csv', name: 'import rate', value: Math.round(rate), unit: 'rows/s', note: 'Snipe-IT imports ~65 rows/s' },
      { suite: 'csv', name: 'import peak server memory', value: round(importMem.peak, 0), unit: 'MB', note: `RSS; ${round(importMem.growth, 0)} MB above the ${round(importMem.baseline, 0)} MB before the upload` },
    );

    if (process.env.BENCH_CSV_EXPORT === 'off') return measures;
    // Export: top the demo organisation up to exportRows, then stream the file whole.
    const seedDb = await openDatabase({ databaseUrl: db.url, poolSize: 2 });
    try {
      const t = performance.now();
      await seedScaleEquipment(seedDb.db, { equipment: exportRows, orgName: DEMO_ORG_NAME });
      log(`csv: seeded the demo organisation to ${exportRows.toLocaleString('en-US')} equipment rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    } finally {
      await seedDb.close();
    }
    measures.push(...(await exportWhole(server, log, '')));
    // The same export from a server whose JavaScript heap is capped well
    // below the file's size: it completes only if the export streams (its
    // memory does not grow with the rows). The first run's peak is V8
    // letting garbage pile up while it may, not rows kept.
    const capped = await startBenchServer({ databaseUrl: db.url, nodeArgs: [`--max-old-space-size=${EXPORT_HEAP_MB}`] });
    try {
      measures.push(...(await exportWhole(capped, log, `, heap capped at ${EXPORT_HEAP_MB} MB`)));
    } finally {
      await capped.stop();
    }
    return measures;
  } catch (err) {
    // What the server said is the best clue to a failed step.
    const alive = server.proc.exitCode === null ? 'still running' : `exited with ${server.proc.exitCode}`;
    throw new Error(`${err instanceof Error ? err.message : String(err)} (${err instanceof Error && err.cause ? String(err.cause) : 'no cause'}); server ${alive}; its last output:\n${server.output().slice(-2000)}`, { cause: err });
  } finally {
    await server.stop();
    await db.drop();
  }
};

/** What the import job's runs logged (server/modules/module/csv-job.ts),
 * in seconds per step: the chunks staged (summed), then the last run, which
 * stages its chunk and applies them all. */
function jobTimes(output: string): string {
  const runs = output
    .split('\n')
    .filter((l) => l.includes('"csv import chunk staged"') || l.includes('"csv import applied"'))
    .map((l) => JSON.parse(l) as { msg: string; ms: Record<string, number> });
  const steps = (ms: Record<string, number>[]) => {
    const sum: Record<string, number> = {};
    for (const m of ms) for (const [k, v] of Object.entries(m)) sum[k] = (sum[k] ?? 0) + v;
    return Object.entries(sum)
      .map(([k, v]) => `${k} ${round(v / 1000, 2)}`)
      .join(', ');
  };
  const staged = runs.filter((r) => r.msg === 'csv import chunk staged').map((r) => r.ms);
  const applied = runs.filter((r) => r.msg === 'csv import applied').map((r) => r.ms);
  return `${staged.length} chunks staged: ${steps(staged)} s; the last run: ${steps(applied)} s`;
}

/** The old-space limit of the capped export's server (--max-old-space-size). */
const EXPORT_HEAP_MB = 160;

/** Every row of the list exported as the browser does it, streamed whole and
 * checked against the list's count: its time and the server's peak memory. */
async function exportWhole(server: BenchServer, log: (line: string) => void, label: string): Promise<Measure[]> {
  const { api } = server;
  log(`csv: counting${label}`);
  const total = (await api(eq.list, { query: { pageSize: 1 } as never })).count;
  log(`csv: exporting ${total.toLocaleString('en-US')} rows${label}`);
  const exportMem = sampleRss(server.proc.pid!);
  const e0 = performance.now();
  const link = await api(eq.csvExport!, { query: { mode: 'edit' } as never });
  const res = await fetch(new URL(link.url, server.base));
  log(`csv: export answered ${res.status}`);
  if (!res.ok || !res.body) throw new Error(`export download failed: ${res.status}`);
  // Records, not lines: a quoted cell may hold a line break. In UTF-8 the
  // bytes '"' and LF never occur inside a multi-byte character.
  let lines = 0;
  let bytes = 0;
  let quoted = false;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) {
      if (b === 0x22) quoted = !quoted;
      else if (b === 0x0a && !quoted) lines++;
    }
  }
  const e1 = performance.now();
  const em = exportMem.stop();
  return [
    // The header and one record per row: any difference is a truncated (or padded) file.
    { suite: 'csv', name: `export rows differing from the list count${label}`, value: Math.abs(lines - 1 - total), unit: 'count', budget: max(0), note: `${(lines - 1).toLocaleString('en-US')} exported, ${total.toLocaleString('en-US')} counted` },
    { suite: 'csv', name: `export ${total.toLocaleString('en-US')} rows${label}`, value: round((e1 - e0) / 1000, 2), unit: 's', note: `${(bytes / 2 ** 20).toFixed(0)} MB; PostgreSQL` },
    { suite: 'csv', name: `export peak server memory${label}`, value: round(em.peak, 0), unit: 'MB', note: `RSS; ${round(em.growth, 0)} MB above the ${round(em.baseline, 0)} MB before the export` },
  ];
}
