// How fast the server's V8 heap may grow between full collections.
//
// After each full collection V8 sets the old generation's next limit to its
// live size times a factor, which it derives from how fast the program has
// been allocating in the old generation against how fast it collects
// (targeting 97% of the time for the program). A server that sat idle
// for a while (a quiet night, the minutes before the first request)
// measures almost no allocation, so the first collection under load takes
// the smallest factor, 1.1. With the server's ~40 MB live and the young
// generation's 16 MB, that leaves the old generation less room than V8
// wants before it starts marking again: it collects, measures the same
// near-idle rate (little of a request's garbage reaches the old
// generation), takes 1.1 again, and runs a full collection every few
// requests (11 ms on the main thread at the median) until the rate it
// measures has grown. Seen in one server run of five, for minutes
// on end; `--trace-gc-verbose` showed "factor 1.1 based on … mutator=346"
// at its start (docs/benchmarks.md, twenty-fifth round).
//
// A fixed factor (V8's --heap-growing-percent) leaves room in proportion
// to the live heap whatever the rate measured: at 100, a limit of twice
// the live size plus the young generation. The cost is memory: a server
// with 40 MB live may reach about 100 MB before its next full collection.
// The flag is read at each collection, so setting it as the server starts
// is enough; a --heap-growing-percent given to node itself wins.
import v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 100;

/** Sets the server's heap growth; the flag set, or null when node was
 * started with its own. */
export function tuneHeap(execArgv: readonly string[] = process.execArgv): string | null {
  if (execArgv.some((a) => /^--heap[-_]growing[-_]percent/.test(a))) return null;
  const flag = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
  v8.setFlagsFromString(flag);
  return flag;
}
