// The shape of one API call, shared by the browser client and the server.
// Isomorphic: imports nothing but zod.
import type { z } from 'zod';

/** The product areas a role can grant (spec 6). */
export const AREAS = ['IT', 'HR', 'GA', 'LI', 'MARKETPLACE', 'SETTINGS'] as const;
export type Area = (typeof AREAS)[number];

/** Who may call a route. Every contract declares one; the route-table test
 * fails for a route without it. */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'individual' }
  | { kind: 'area'; area: Area };

export const access = {
  public: { kind: 'public' } as const,
  signedIn: { kind: 'signed-in' } as const,
  individual: { kind: 'individual' } as const,
  area: (area: Area) => ({ kind: 'area', area }) as const,
};

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Contract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** Stable id, e.g. 'session.get'; also the OpenAPI operationId. */
  id: string;
  method: Method;
  /** OpenAPI-style path: '/v2/invitations/{invitationCode}'. */
  path: string;
  access: Access;
  /** Reachable while an e-mail MFA code is still owed (the MFA calls themselves). */
  mfaExempt?: boolean;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Success status; 200 unless stated. */
  status?: 200 | 201 | 202 | 204;
}

export function defineContract<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
>(c: Contract<P, Q, B, R>): Contract<P, Q, B, R> {
  return c;
}

export type ContractParams<C> = C extends Contract<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.output<P> : never;
export type ContractQuery<C> = C extends Contract<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
export type ContractBody<C> = C extends Contract<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.output<B> : never;
export type ContractResponse<C> = C extends Contract<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
