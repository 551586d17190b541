// Typed calls from the shared contracts: the path is filled from params, the
// query and body are serialised, the response is parsed by the contract's
// schema, and failures become ApiError carrying the server's error body.
import type { z } from 'zod';
import type { Contract } from './contracts/define.js';
import { ErrorBody } from './contracts/errors.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

/** A successful answer that carried no data (an empty body, or `null`) for
 * a contract whose response needs some. (A 204 resolves to undefined.) */
export class NoDataError extends Error {
  constructor(readonly status: number) {
    super(`no data in the ${status} response`);
  }
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** The bearer token for this call, or null when signed out. */
  getToken?: () => Promise<string | null> | string | null;
  /** Sent as Accept-Language; the server prefers the session's locale. */
  getLocale?: () => string;
}

type Out<S> = S extends z.ZodType ? z.input<S> : never;
export type CallInput<C> = C extends Contract<infer P, infer Q, infer B, z.ZodType>
  ? ([Out<P>] extends [never] ? { params?: undefined } : { params: Out<P> }) &
      ([Out<Q>] extends [never] ? { query?: undefined } : { query?: Partial<Out<Q>> }) &
      ([Out<B>] extends [never] ? { body?: undefined } : { body: Out<B> })
  : never;
export type CallOutput<C> = C extends Contract<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}

export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) sp.append(k, String(item));
    else sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

export function createApiClient(opts: ApiClientOptions = {}) {
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  return async function call<C extends Contract>(
    contract: C,
    input: CallInput<C> = {} as CallInput<C>,
    init: { signal?: AbortSignal } = {},
  ): Promise<CallOutput<C>> {
    const i = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
    const url = `${opts.baseUrl ?? ''}${buildPath(contract.path, i.params)}${buildQuery(i.query)}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = await opts.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const locale = opts.getLocale?.();
    if (locale) headers['accept-language'] = locale;
    if (i.body !== undefined) headers['content-type'] = 'application/json';
    const res = await doFetch(url, {
      method: contract.method.toUpperCase(),
      headers,
      ...(i.body !== undefined ? { body: JSON.stringify(i.body) } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
    if (!res.ok) {
      const raw: unknown = await res.json().catch(() => null);
      const parsed = ErrorBody.safeParse(raw);
      throw new ApiError(
        res.status,
        parsed.success ? parsed.data : { code: 'INTERNAL_ERROR', message: `${res.status} ${res.statusText}` },
      );
    }
    if (res.status === 204) return undefined as CallOutput<C>;
    const text = await res.text();
    const raw: unknown = text === '' ? null : JSON.parse(text);
    // A success with no data (an empty body, or null) where the contract
    // wants some: a NoDataError the caller can name, not a parse error.
    if (raw === null && !contract.response.safeParse(null).success) throw new NoDataError(res.status);
    return contract.response.parse(raw) as CallOutput<C>;
  };
}

export type ApiCall = ReturnType<typeof createApiClient>;
