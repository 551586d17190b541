// Turns the route table into Hono routes: OpenAPI entry, authentication,
// access check, MFA gate, the request's scoped transaction, then the handler.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Contract } from '../../src/api/contracts/define.js';
import { ErrorBody } from '../../src/api/contracts/errors.js';
import { type Caller, callerVersion, inCallerTransaction, inLedTransaction } from '../auth/access.js';
import { enterScope, type Tx } from '../db/tenant.js';
import type { AppDeps, VerifiedToken } from '../deps.js';
import { AppError, forbidden, unauthenticated } from './errors.js';
import { acceptsGzip, etagMatches, type ListCache, listCacheKey, type Missed } from './list-cache.js';
import { type AnyRoute, type AppEnv, type AuthContext, JsonText } from './route.js';

class Rollback extends Error {}

/** The access rule of a contract, applied to a resolved account. */
export function allows(contract: Contract, auth: AuthContext): boolean {
  const a = contract.access;
  switch (a.kind) {
    case 'public':
    case 'signed-in':
      return true;
    case 'individual':
      return auth.individualAccess;
    case 'area':
      return auth.operatorAccess && auth.areas.includes(a.area);
  }
}

function bearer(c: Context): string | null {
  const h = c.req.header('authorization');
  const m = h?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1] ?? null;
}

/** Checks a resolved caller against the route: MFA first, then access. */
function admit(contract: Contract, auth: AuthContext) {
  if (auth.mfaRequired && !auth.mfaVerified && !contract.mfaExempt) throw new AppError(401, 'MFA_REQUIRED');
  if (!allows(contract, auth)) throw forbidden();
}

/** A kept page, its transaction over: compressed (once) for a client that
 * takes gzip, without holding a database connection. (Should compressing
 * fail, the page goes out as it is.) */
async function sendKept(c: Context<AppEnv>, store: ListCache, k: { kept: Uint8Array; key: string; version: string; headers: Record<string, string> }) {
  const { kept, key, version, headers } = k;
  const gz = acceptsGzip(c.req.header('accept-encoding')) ? await store.gzipped(key, version)?.catch(() => null) : null;
  if (gz) return c.body(gz as Uint8Array<ArrayBuffer>, 200, { ...headers, etag: `W/${headers.etag}`, 'content-type': 'application/json', 'content-encoding': 'gzip' });
  return c.body(kept as Uint8Array<ArrayBuffer>, 200, { ...headers, 'content-type': 'application/json' });
}

function guard(route: AnyRoute, deps: AppDeps, listCache: ListCache | null): MiddlewareHandler<AppEnv> {
  const { contract } = route;
  const isPublic = contract.access.kind === 'public';
  const cache = route.cache && listCache && contract.method === 'get' && !isPublic ? { tables: route.cache.tables, store: listCache } : null;
  return async (c, next) => {
    // Verify the token before taking a database connection: JWKS fetches
    // must not hold one (PGlite has exactly one).
    let token: VerifiedToken | null = null;
    if (!isPublic) {
      const raw = bearer(c);
      if (!raw) throw unauthenticated();
      try {
        token = await deps.verifier.verify(raw);
      } catch (err) {
        // The pool's keys could not be fetched (timeout, network): the token
        // may well be good, so this is our failure, not a signed-out user
        // (a 401 would sign the console out).
        if ((err as { code?: string }).code === 'ERR_JWKS_TIMEOUT' || err instanceof TypeError) {
          deps.logger.warn({ err, requestId: c.get('requestId') }, 'signing keys unavailable');
          throw new AppError(503, 'INTERNAL_ERROR');
        }
        deps.logger.debug({ err, requestId: c.get('requestId') }, 'token rejected');
        throw unauthenticated();
      }
    }
    // A cacheable list (./list-cache.ts): first the caller and the data
    // version by one statement outside any transaction, and an unchanged
    // page (a 304 or the kept bytes) answered from that. Otherwise the page
    // is built in the request's transaction, which reads both again (a
    // write may have come in between), scoped to the caller resolved then,
    // and kept under the version read then.
    if (cache && token) {
      const admitted = (auth: AuthContext) => {
        c.set('locale', auth.locale);
        admit(contract, auth);
      };
      const hint = `${token.sub} ${contract.id} ${c.req.url}`;
      /** An unchanged page's answer: the next request of this caller and
       * URL looks first (ListCache.misses). */
      const unchanged = (answer: Response | Promise<Response>) => {
        cache.store.misses.hit(hint);
        return { answer };
      };
      /** The caller checked, and the list's answer if it is unchanged (a
       * 304, or the page kept under the version read); else the key,
       * version and headers a build is kept and sent under. */
      const lookUp = ({ auth, version }: Caller) => {
        admitted(auth);
        const key = listCacheKey(auth.orgId, contract.id, c.req.url);
        const headers = { etag: cache.store.etag(key, version), 'cache-control': 'private, no-cache', vary: 'accept-encoding' };
        if (etagMatches(c.req.header('if-none-match'), headers.etag)) return unchanged(c.body(null, 304, headers));
        const kept = cache.store.get(key, version);
        if (kept !== null) return unchanged(sendKept(c, cache.store, { kept, key, version, headers }));
        return { key, version, headers };
      };
      // Straight to the build when this caller's last request of the URL
      // had to build its page (ListCache.misses) and this is not a
      // revalidation of the page it was then sent: the look first would
      // most likely be a round trip for nothing. Otherwise the caller and
      // the version by one statement (callerVersion): an unchanged page is
      // answered from that, else built.
      const missed = cache.store.misses.missedLast(hint);
      let last: Missed;
      if (missed && !etagMatches(c.req.header('if-none-match'), missed.etag)) last = missed;
      else {
        const looked = await callerVersion(deps.db, token, cache.tables);
        const first = lookUp(looked);
        if ('answer' in first) return first.answer;
        last = { key: first.key, etag: first.headers.etag, auth: looked.auth };
      }
      // Built again: the caller's statement rides in the page's own
      // (inLedTransaction), the page built on the rows kept under the key
      // the last build or the look found. The caller, checked once that
      // statement has answered (a write may have come in between), decides
      // the key the page is kept under, its ETag, and whether it is sent.
      // So the first build after a kept page (a reload after a colleague's
      // edit) costs the look and one round trip, not the look and two.
      const requestId = c.get('requestId');
      await inLedTransaction(deps.db, token, { requestId, tables: cache.tables }, async (tx, caller) => {
        c.set('locale', last.auth.locale);
        c.set('listCacheSlot', {
          reuse: cache.store.rows(last.key),
          keep: async (body, rows) => {
            const resolved = await caller();
            const found = lookUp(resolved);
            // Built for nothing (nothing written since this version was
            // kept, or the client has it): that answer goes.
            if ('answer' in found) return found.answer;
            cache.store.set(found.key, found.version, body, rows);
            cache.store.misses.missed(hint, { key: found.key, etag: found.headers.etag, auth: resolved.auth });
            return found.headers;
          },
        });
        c.set('tx', tx);
        c.set('auth', last.auth);
        await next();
        // Whatever the handler answered, it goes only to this caller.
        admitted((await caller()).auth);
      });
      return;
    }
    // Any other request: its transaction, the caller resolved as it begins
    // (signed in), or without an organisation (public).
    const handle = async (tx: Tx, auth: AuthContext | null) => {
      c.set('tx', tx);
      c.set('auth', auth);
      await next();
      // A thrown handler error was already turned into a response by
      // onError; undo its writes.
      if ((c.error && !(c.error instanceof AppError && c.error.commit)) || c.res.status >= 500) throw new Rollback();
    };
    try {
      if (token) {
        await inCallerTransaction(deps.db, token, { requestId: c.get('requestId'), read: route.read === true }, async ({ auth }, tx) => {
          c.set('locale', auth.locale);
          admit(contract, auth);
          await handle(tx, auth);
        });
      } else {
        await deps.db.transaction().execute(async (tx) => {
          await enterScope(tx, { orgId: null, requestId: c.get('requestId') });
          await handle(tx, null);
        });
      }
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
    }
  };
}

function openApiRoute(contract: Contract, middleware: MiddlewareHandler<AppEnv>) {
  const status = contract.status ?? 200;
  const errors = (desc: string) => ({ description: desc, content: { 'application/json': { schema: ErrorBody } } });
  return createRoute({
    method: contract.method,
    path: contract.path,
    operationId: contract.id,
    summary: contract.summary,
    middleware: [middleware],
    'x-daicho-access': contract.access,
    security: contract.access.kind === 'public' ? [] : [{ bearerAuth: [] }],
    request: {
      ...(contract.params ? { params: contract.params as z.ZodObject } : {}),
      ...(contract.query ? { query: contract.query as z.ZodObject } : {}),
      ...(contract.body
        ? { body: { required: true, content: { 'application/json': { schema: contract.body } } } }
        : {}),
    },
    responses: {
      [status]: { description: 'Success', content: { 'application/json': { schema: contract.response } } },
      400: errors('Validation error'),
      ...(contract.access.kind === 'public' ? {} : { 401: errors('Not signed in'), 403: errors('Not allowed') }),
    },
  });
}

export function registerRoutes(app: OpenAPIHono<AppEnv>, routes: readonly AnyRoute[], deps: AppDeps, listCache: ListCache | null = null): void {
  for (const route of routes) {
    const { contract } = route;
    const config = openApiRoute(contract, guard(route, deps, listCache));
    app.openapi(config, (async (c: Context<AppEnv>) => {
      const req = c.req as unknown as { valid(target: string): unknown };
      const valid = (target: string) => req.valid(target);
      const input = {
        params: contract.params ? valid('param') : undefined,
        query: contract.query ? valid('query') : undefined,
        body: contract.body ? valid('json') : undefined,
      };
      const ctx = {
        c,
        tx: c.get('tx'),
        auth: c.get('auth'),
        locale: c.get('locale'),
        requestId: c.get('requestId'),
        deps,
      };
      const result = await (route.handler as (i: unknown, x: unknown) => Promise<unknown>)(input, ctx);
      const status = contract.status ?? 200;
      if (status === 204) return c.body(null, 204);
      if (result instanceof JsonText) {
        const slot = c.get('listCacheSlot');
        const body = result.bytes as Uint8Array<ArrayBuffer>;
        if (slot && status === 200) {
          const headers = await slot.keep(body, result.rows);
          if (headers instanceof Response) return headers;
          return c.body(body, status, { ...headers, 'content-type': 'application/json' });
        }
        return c.body(body, status, { 'content-type': 'application/json' });
      }
      return c.json(result as object, status);
    }) as never);
  }
}
