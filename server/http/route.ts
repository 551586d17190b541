// A route = a shared contract (src/api/contracts) + a handler. The handler
// receives validated input and a request context holding the request's
// transaction (already scoped to the caller's organisation).
import type { Context } from 'hono';
import type { z } from 'zod';
import type { Locale } from '../../src/api/contracts/common.js';
import type { Area, Contract } from '../../src/api/contracts/define.js';
import type { AppDeps } from '../deps.js';
import { jsonArray } from '../db/row-bytes.js';
import type { Tx } from '../db/tenant.js';
import type { PageRows, ReusableRows } from './list-cache.js';

export interface AuthContext {
  sub: string;
  sessionKey: string;
  accountId: string;
  orgId: string;
  email: string;
  personId: string | null;
  locale: Locale;
  operatorAccess: boolean;
  individualAccess: boolean;
  areas: Area[];
  mfaRequired: boolean;
  mfaVerified: boolean;
}

export interface AppVariables {
  requestId: string;
  locale: Locale;
  tx: Tx;
  auth: AuthContext | null;
  /** A cacheable list's page being built (./list-cache.ts): the rows of
   * the page last built for its key, and `keep`, which keeps the page
   * built under the data version read for this request and gives the
   * response's headers (ETag...), or the answer to send instead (the same
   * page, kept already). */
  listCacheSlot: { reuse: ReusableRows | null; keep(body: Uint8Array, rows: PageRows | undefined): Promise<Record<string, string> | Response> } | undefined;
}
export type AppEnv = { Variables: AppVariables };

export interface RequestContext<A extends AuthContext | null = AuthContext> {
  c: Context<AppEnv>;
  tx: Tx;
  auth: A;
  locale: Locale;
  requestId: string;
  deps: AppDeps;
}

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type Input<C> = C extends Contract<infer P, infer Q, infer B, z.ZodType>
  ? { params: Out<P>; query: Out<Q>; body: Out<B> }
  : never;
type Result<C> = C extends Contract<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.input<R> : never;
type AuthOf<C> = C extends { access: { kind: 'public' } } ? AuthContext | null : AuthContext;

/** A response body that is already JSON (built by PostgreSQL, e.g. a list
 * page through json_agg): sent as it is, without parsing rows into objects
 * and serialising them again. Its parts are text written here and UTF-8
 * bytes as PostgreSQL sent them (server/db/row-bytes.ts), joined once.
 * `T` is the contract's shape it holds. */
export class JsonText<T = unknown> {
  declare readonly shape?: T;
  /** The JSON as UTF-8, as it is sent. */
  readonly bytes: Uint8Array;
  /** A list page's rows, where each lies in `bytes` (kept with the page,
   * ./list-cache.ts). */
  rows?: PageRows;
  constructor(...parts: (string | Uint8Array)[]) {
    this.bytes = parts.length === 1 && typeof parts[0] !== 'string' ? parts[0]! : Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p)));
  }
  /** A list page, `{"items":…,"count":…}`: its items given as the parts of
   * a JSON array (PostgreSQL's bytes, or text such as '[]'). */
  static page<T>(count: number, ...items: (string | Uint8Array)[]): JsonText<T> {
    return new JsonText<T>(PAGE_START, ...items, `,"count":${count}}`);
  }
  /** A list page of these rows' JSON values, written at once into the
   * page's one buffer (jsonArray). */
  static pageOf<T>(count: number, values: readonly Uint8Array[]): JsonText<T> {
    return new JsonText<T>(jsonArray(values, PAGE_START, `,"count":${count}}`));
  }
  /** A list page of rows (PageRows, its spans counted from the array's
   * start), which it keeps, counted from the page's start. */
  static pageOfRows<T>(count: number, values: readonly Uint8Array[], rows: PageRows): JsonText<T> {
    const page = JsonText.pageOf<T>(count, values);
    const shift = Buffer.byteLength(PAGE_START);
    page.rows = { ...rows, spans: rows.spans.map((x) => x + shift) };
    return page;
  }
  /** The JSON as a string (decoded on each call: for tests and tools). */
  get text(): string {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString('utf8');
  }
}

const PAGE_START = '{"items":';

type Output<C extends Contract> = Result<C> | JsonText<Result<C>>;

/** A GET whose JSON text depends only on the caller's organisation, the
 * query and the rows of these tables: its responses carry an ETag and are
 * reused while the tables' data version is unchanged (./list-cache.ts).
 * Its handler reads only its input and `tx` (not `auth`): when its page is
 * built again for the caller who last had it built, the caller's statement
 * rides in the handler's first statement (./register.ts), and the caller
 * is known, and checked, only once that statement has answered. */
export interface RouteCache {
  tables: readonly string[];
}

export interface RouteOptions {
  cache?: RouteCache;
  /**
   * A read (GET only): the response is sent before its transaction's
   * COMMIT, which follows it (server/db/index.ts, Client.endAfter), one
   * round trip sooner. For handlers that write
   * nothing a later request relies on: at most data kept to be reused (the
   * people lists' counts of the day), computed again if that COMMIT fails.
   * Never for a GET whose write the next request reads (a presigned upload
   * recorded for the PUT that follows, say). The connection goes back to
   * the pool at once; its next user's checkout sends the COMMIT first.
   */
  read?: boolean;
}

export interface RouteDef<C extends Contract = Contract> extends RouteOptions {
  contract: C;
  handler: (input: Input<C>, ctx: RequestContext<AuthOf<C>>) => Promise<Output<C>>;
}

export function defineRoute<C extends Contract>(
  contract: C,
  handler: (input: Input<C>, ctx: RequestContext<AuthOf<C>>) => Promise<Output<C>>,
  options: RouteOptions = {},
): RouteDef<C> {
  if (options.read && contract.method !== 'get') throw new Error(`${contract.id}: only a GET can be a read`);
  return { contract, handler, ...options };
}

/** Erases the contract type so routes of all modules fit in one table. */
export type AnyRoute = { contract: Contract; handler: (input: never, ctx: never) => Promise<unknown> } & RouteOptions;
