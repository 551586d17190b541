// One page of a filtered list and the total it pages through: the rows query
// and the count query share the same base (joins and filters), so they can
// never disagree. Every list handler uses this.
import { type SelectQueryBuilder, sql } from 'kysely';

export interface PageInput {
  pageIndex: number;
  pageSize: number;
}

export async function paged<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  rows: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  page: PageInput,
): Promise<{ rows: R[]; count: number }> {
  const [items, total] = await Promise.all([
    rows(base).limit(page.pageSize).offset(page.pageIndex * page.pageSize).execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: items as R[], count: Number((total as { n: string }).n) };
}
