// server/heap.ts: the server fixes V8's heap growth as it starts, so that a
// first collection after an idle spell cannot leave it collecting every few
// requests (docs/benchmarks.md, twenty-fifth round). Each case runs a Node
// process of its own (the flag is process-wide) with V8's trace of how it
// sets the next limit, and forces a full collection.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT } from '../../server/heap.js';

/** V8's trace of a full collection after tuneHeap() in a fresh process. */
function traceAfterTuning(nodeFlags: string[]): { tuned: string | null; trace: string } {
  const script = `import { tuneHeap } from './server/heap.ts';
const tuned = tuneHeap();
globalThis.gc();
console.log('TUNED ' + JSON.stringify(tuned));`;
  const out = execFileSync(process.execPath, [...nodeFlags, '--expose-gc', '--trace-gc-verbose', '--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: process.cwd(),
    maxBuffer: 64 << 20,
  });
  const tuned = JSON.parse(/^TUNED (.*)$/m.exec(out)![1]!) as string | null;
  return { tuned, trace: out };
}

describe('the server heap growth', () => {
  it('is fixed at twice the live heap when the server starts, whatever V8 measured', () => {
    const { tuned, trace } = traceAfterTuning([]);
    expect(tuned).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    // V8's own account of the limit it set after the collection (with the
    // factor it applied; the growth it measured is printed before it).
    expect(trace).toMatch(/\[HeapController\] Limit: old size: \d+ KB, new limit: \d+ KB \(2\.0\)/);
    expect(trace).not.toMatch(/\[HeapController\] Limit: .*\((?!2\.0\))/);
  });

  it('leaves a growth given to node on its command line as it is', () => {
    const { tuned, trace } = traceAfterTuning(['--heap-growing-percent=50']);
    expect(tuned).toBeNull();
    expect(trace).toMatch(/\[HeapController\] Limit: old size: \d+ KB, new limit: \d+ KB \(1\.5\)/);
  });
});
