// The one list search schema: every list's URL state (page, size, sort,
// category, filters) is validated here, with the spec's defaults (2.6, 5, 9).
// An invalid value falls back to its default instead of failing the page,
// and defaults are stripped from the URL (see the router).
import { z } from 'zod';
import type { ModuleDef } from '../api/modules/define.js';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/** Each field validates alone and falls back to its default when invalid. */
const fallback = <T extends z.ZodType>(schema: T, value: z.output<T>) => schema.default(value as never).catch(value as never);
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const zPageIndex = (base = 0) => fallback(z.coerce.number().int().min(base), base);
export const zPageSize = (def = DEFAULT_PAGE_SIZE, max: number | null = MAX_PAGE_SIZE) =>
  fallback(max === null ? z.coerce.number().int().min(1) : z.coerce.number().int().min(1).max(max), def);
export const zDirection = (def: 'asc' | 'desc' = 'asc') => fallback(z.enum(['asc', 'desc']), def);
export const zEnum = <const T extends readonly [string, ...string[]]>(values: T, def: T[number]) => fallback(z.enum(values), def);
export const zOptionalEnum = <const T extends readonly [string, ...string[]]>(values: T) => optional(z.enum(values));
export const zText = () => optional(z.string().max(200));
export const zIds = () => fallback(z.array(z.string().max(100)).max(200), []);
export const zBool = (def = false) => fallback(z.coerce.boolean(), def);
export const zDate = () => optional(z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

export interface ListSearchOptions {
  /** First page number: 0 (default) or 1 (public IDs, group-id members, orders). */
  pageBase?: 0 | 1;
  pageKey?: 'pageIndex' | 'page';
  pageSize?: number;
  /** null: any positive size (spec 5: "elsewhere a positive number"). */
  maxPageSize?: number | null;
  sortKey?: 'sortColumn' | 'sortBy' | 'orderBy';
  sortColumns?: readonly [string, ...string[]];
  defaultSort?: string;
  directionKey?: 'orderDirection' | 'sortOrder';
  defaultDirection?: 'asc' | 'desc';
}

/** The paging and sorting half of a list's search; add filters with `.extend`. */
export function listSearch(o: ListSearchOptions = {}) {
  const base = o.pageBase ?? 0;
  const shape: Record<string, z.ZodType> = {
    [o.pageKey ?? (base === 1 ? 'page' : 'pageIndex')]: zPageIndex(base),
    pageSize: zPageSize(o.pageSize ?? DEFAULT_PAGE_SIZE, o.maxPageSize === undefined ? MAX_PAGE_SIZE : o.maxPageSize),
    [o.directionKey ?? 'orderDirection']: zDirection(o.defaultDirection ?? 'asc'),
  };
  if (o.sortColumns) {
    shape[o.sortKey ?? 'sortColumn'] = o.defaultSort
      ? zEnum(o.sortColumns, o.defaultSort)
      : zOptionalEnum(o.sortColumns);
  }
  return z.object(shape);
}

/** The values a schema gives an empty URL: what the router strips. */
export function defaultsOf(schema: z.ZodObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    // Required fields (completion pages) have no default: leave them be.
    const r = (field as z.ZodType).safeParse(undefined);
    if (r.success && r.data !== undefined) out[key] = r.data;
  }
  return out;
}

/** A module's list search, from its definition: paging and sorting with the
 * list's limits and page size, its category with the first value as
 * default, freeText and its id-in filters. */
export function moduleListSearch(m: ModuleDef) {
  const sorts = Object.keys(m.list.sort) as [string, ...string[]];
  const shape: Record<string, z.ZodType> = { freeText: zText() };
  const cat = m.list.categories;
  if (cat) {
    const values = Object.keys(cat.values) as [string, ...string[]];
    shape[cat.key] = zEnum(values, values[0]);
  }
  for (const key of Object.keys(m.list.idFilters ?? {})) shape[key] = zIds();
  return listSearch({
    sortColumns: sorts,
    ...(m.list.defaultSort ? { defaultSort: m.list.defaultSort } : {}),
    defaultDirection: m.list.defaultDirection ?? 'asc',
    directionKey: m.list.directionKey ?? 'orderDirection',
    maxPageSize: m.list.maxPageSize,
    ...(m.list.pageSize ? { pageSize: m.list.pageSize } : {}),
  }).extend(shape);
}
