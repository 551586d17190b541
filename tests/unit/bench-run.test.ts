// `npm run bench` runs each of several suites in a Node process of its own
// (bench/run.ts, runApart): that process is the script again with
// `--suite <id>`, which hands its figures, or why the suite failed, back in
// the file named by BENCH_SUITE_OUT. A failed suite must come back as a
// failure (the parent reports it and --check fails), not as a crash that
// loses the other suites' figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-bench-run-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A child Node process loading the bench's modules through tsx: seconds
 * on a loaded 2-core machine (over vitest's 5 s default there, once), so
 * each test allows what the child itself is allowed. */
const CHILD_MS = 60_000;

function suiteProcess(args: string[], env: Record<string, string>, base: NodeJS.ProcessEnv = process.env) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], {
    encoding: 'utf8',
    timeout: CHILD_MS,
    env: { ...base, ...env },
  });
}

describe('a suite in a process of its own (bench/run.ts --suite)', () => {
  it('hands back a suite that failed as its failure, with no figures', () => {
    const out = path.join(dir, 'api.json');
    // Nothing listens on port 1: the api suite cannot reach its database.
    const r = suiteProcess(['--suite', 'api', '--quick'], {
      BENCH_SUITE_OUT: out,
      BENCH_PG_URL: 'postgres://postgres@127.0.0.1:1/postgres',
      BENCH_API_TARGETS: 'postgres',
    });
    expect(r.status).toBe(0);
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as { measures: unknown[]; failure: string | null };
    expect(result.measures).toEqual([]);
    expect(result.failure).toMatch(/ECONNREFUSED/);
    expect(r.stderr).toContain('!! suite api failed');
  }, CHILD_MS);

  it('refuses an unknown suite, or one with nowhere to write its figures', () => {
    const unknown = suiteProcess(['--suite', 'nosuch'], { BENCH_SUITE_OUT: path.join(dir, 'x.json') });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('--suite needs a known suite and BENCH_SUITE_OUT');
    const env = { ...process.env };
    delete env.BENCH_SUITE_OUT;
    const nowhere = suiteProcess(['--suite', 'bundle'], {}, env);
    expect(nowhere.status).toBe(2);
    expect(fs.existsSync(path.join(dir, 'x.json'))).toBe(false);
  }, 2 * CHILD_MS);
});
