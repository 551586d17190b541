// What every benchmark suite reports: named measures with units, an optional
// budget, and the peers measured beside them in the same run. bench/run.ts
// prints them, writes bench/results/latest.json and checks the budgets.

export type Unit = 'ms' | 'count' | 'ratio' | 'req/s' | 'KB' | 'MB' | 'rows/s' | '%' | 's';

export interface Budget {
  /** 'max': the value must be at most `limit`; 'min': at least. */
  kind: 'max' | 'min';
  limit: number;
}

export interface Measure {
  /** Suite id: grid, palette, api-postgres, api-pglite, csv, bundle, load. */
  suite: string;
  /** Human name, unique within the suite, e.g. "scroll p95 frame time". */
  name: string;
  value: number;
  unit: Unit;
  budget?: Budget;
  /** Same measure for peers in the same run (e.g. AG Grid, plain table, raw SQL). */
  peers?: Record<string, number>;
  /** Anything a reader needs: run count, conditions, sample size. */
  note?: string;
}

export interface SuiteOptions {
  /** Runs per measure (median taken where a suite repeats). */
  runs: number;
  /** Smaller data and shorter loops, to check the harness itself. */
  quick: boolean;
  /** Progress lines go here (stderr), never into results. */
  log: (line: string) => void;
}

export type Suite = (opts: SuiteOptions) => Promise<Measure[]>;

export const within = (m: Measure): boolean | null =>
  m.budget ? (m.budget.kind === 'max' ? m.value <= m.budget.limit : m.value >= m.budget.limit) : null;

/** Percentile by nearest rank; p in [0, 100]. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[rank]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export const max = (limit: number): Budget => ({ kind: 'max', limit });
export const min = (limit: number): Budget => ({ kind: 'min', limit });
