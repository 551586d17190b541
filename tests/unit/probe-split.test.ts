// The benchmark's split of a server's request time (bench/lib/probe-split.ts).
import { describe, expect, it } from 'vitest';
import { splitRequests, statementKind } from '../../bench/lib/probe-split.js';

describe('splitRequests', () => {
  const page = '/v2/equipment?pageIndex=0&pageSize=100';
  const probe = {
    requests: [
      { url: page, s: 100, d: 10 }, // built: BEGIN, COPY, COMMIT
      { url: page, s: 120, d: 1 }, // kept: one look-up
      { url: page, s: 200, d: 10 }, // overlaps the next: not alone
      { url: page, s: 205, d: 10 },
    ],
    statements: [
      { text: 'BEGIN; SELECT x.account_id', s: 101, d: 1 },
      { text: 'COPY (SELECT …) TO STDOUT', s: 102.5, d: 6 },
      { text: 'COMMIT', s: 108.5, d: 0.5 },
      { text: 'SELECT x.account_id AS id', s: 120.2, d: 0.5 },
    ],
    gcs: [{ s: 109, d: 2, kind: 1 }], // 1 ms of it inside the first request
  };

  it('splits a request that ran alone into its statements, the rest and its collections', () => {
    const split = splitRequests(probe);
    const built = split.get(page)!;
    expect(built).toHaveLength(1);
    expect(built[0]).toMatchObject({ total: 10, db: 7, rest: 3, gc: 1 });
    // The rest by where it falls: before the caller's statement, between its
    // result and the page's statement sent, after the page's result.
    expect(built[0]).toMatchObject({ before: 1, between: 0.5, after: 1.5 });
    expect(built[0]!.statements.map((q) => q.text)).toEqual(['BEGIN; SELECT x.account_id', 'COPY (SELECT …) TO STDOUT', 'COMMIT']);
  });

  it('keeps pages answered without a transaction apart, and leaves overlapping requests out', () => {
    const split = splitRequests(probe);
    expect([...split.keys()]).toEqual([page, `${page} (not built: kept, 304 or refused)`]);
    expect(split.get(`${page} (not built: kept, 304 or refused)`)!.map((x) => x.total)).toEqual([1]);
  });

  it('names a statement by its first words, without its literals', () => {
    expect(statementKind("SELECT set_config('app.org_id', 'x', true)")).toBe("SELECT set_config('…', '…', true)");
    expect(statementKind('SELECT a, b, c, d FROM t WHERE x')).toBe('SELECT a, b, c,');
    expect(statementKind('BEGIN; SELECT x')).toBe('BEGIN; caller');
  });
});
