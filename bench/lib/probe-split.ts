// The split bench/probe-report.ts prints, from what bench/lib/server-probe.mjs
// recorded in the measured server (absolute times, ms).

export interface Probe {
  gcs: { s: number; d: number; kind: number | null }[];
  requests: { url: string; s: number; d: number }[];
  /** `pid`: the backend that ran it (files of probes before it have none). */
  statements: { text: string; s: number; d: number; pid?: number }[];
}

export interface RequestSplit {
  /** Arrival to the last byte. */
  total: number;
  /** Waiting on the request's statements, COMMIT left out (a read's COMMIT
   * goes out with its answer). */
  db: number;
  /** The process's own work: total − db. */
  rest: number;
  /** Main-thread collection inside the span (during a wait or the rest). */
  gc: number;
  /** The rest, by where it falls: before the first statement is sent
   * (HTTP, the token, the query's validation), between one statement's
   * result and the next one sent (the server's own work on it, building
   * the next statement), after the last result (the answer written). */
  before: number;
  between: number;
  after: number;
  statements: Probe['statements'];
}

const overlap = (a: { s: number; d: number }, b: { s: number; d: number }) => Math.max(0, Math.min(a.s + a.d, b.s + b.d) - Math.max(a.s, b.s));

/**
 * The requests that ran alone (nothing else of the server's overlapped
 * them: the statements and collections in their span are theirs), grouped
 * by URL; a list URL's pages built in a transaction (a BEGIN among the
 * statements) apart from those answered without one (kept, 304, refused).
 */
export function splitRequests(probe: Probe): Map<string, RequestSplit[]> {
  const reqs = [...probe.requests].sort((a, b) => a.s - b.s);
  const alone = reqs.filter((r, i) => (i === 0 || reqs[i - 1]!.s + reqs[i - 1]!.d <= r.s) && (i === reqs.length - 1 || r.s + r.d <= reqs[i + 1]!.s));
  const out = new Map<string, RequestSplit[]>();
  for (const r of alone) {
    const own = probe.statements.filter((q) => q.s >= r.s && q.s < r.s + r.d);
    const waited = own.filter((q) => !q.text.startsWith('COMMIT'));
    const db = waited.reduce((a, q) => a + q.d, 0);
    const gc = probe.gcs.reduce((a, g) => a + overlap(g, r), 0);
    const key = own.some((q) => q.text.startsWith('BEGIN')) ? r.url : `${r.url} (not built: kept, 304 or refused)`;
    const first = waited[0];
    const last = waited[waited.length - 1];
    const before = first ? first.s - r.s : r.d;
    const after = last ? r.s + r.d - (last.s + last.d) : 0;
    const between = Math.max(0, r.d - db - before - after);
    out.set(key, [...(out.get(key) ?? []), { total: r.d, db, rest: r.d - db, gc, before, between, after, statements: own }]);
  }
  return out;
}

/** A statement's kind: its first words, its literals elided. */
export const statementKind = (text: string) => (text.startsWith('BEGIN') ? 'BEGIN; caller' : text.replace(/'[^']*'?/g, "'…'").split(' ').slice(0, 4).join(' '));
