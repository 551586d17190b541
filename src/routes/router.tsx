// The route tree, built from data: every page of the catalogue, every
// redirect, the apps catch-all, sign-in, and the not-found page.
import {
  type AnyRoute,
  createRootRouteWithContext,
  type RouteComponent,
  createRoute,
  createRouter,
  type RouterHistory,
  Outlet,
  defaultStringifySearch,
  redirect,
  stripSearchParams,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { PagePane } from '../panes/page-pane.js';
import { PaneMessages } from '../panes/pane-messages.js';
import { PANES } from '../panes/registry.js';
import { ErrorScreen, NotFoundScreen, PendingScreen } from '../panes/screens.js';
import { PAGES } from './catalogue.js';
import { defaultsOf } from '../tables/list-search.js';
import { type Access, accessRedirect, sessionAccess } from './access.js';
import { REDIRECTS, SEARCH_REDIRECTS, appsToSoftware, fillParams } from './redirects.js';
import { SEARCH_SCHEMAS } from './search-schemas.js';
import { DelayedPendingScreen, PENDING_MIN_MS, PENDING_MS } from './pending.js';

export interface AuthState {
  isSignedIn(): boolean;
  /** The current access token (the browser's auth has it): the default `access` reads the session with it. */
  accessToken?(): Promise<string | null>;
}

export interface RouterContext {
  auth: AuthState;
  /** The signed-in account's areas (GET /v2/session), null when unknown;
   * by default read with `auth`'s token, once per token. */
  access?: () => Promise<Access | null>;
}

export interface RouterOptions {
  history?: RouterHistory;
  context: RouterContext;
  /** The staff workspace around every page (status line, panes); tests pass none. */
  Workspace?: (props: { children: ReactNode }) => ReactNode;
  SignIn?: RouteComponent;
  Invitation?: RouteComponent;
  PasswordReset?: RouteComponent;
}

export const signInSearch = z.object({
  redirect: z.string().optional().catch(undefined),
  mfa_method: z.literal('email').optional().catch(undefined),
  // Set by the invitation screen when the code is unknown, expired or used.
  error: z.literal('invitation_not_found').optional().catch(undefined),
});

function withoutDefaults(search: Record<string, unknown>, defaults: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(search).filter(([k, v]) => v !== undefined && JSON.stringify(v) !== JSON.stringify(defaults[k])),
  );
}

function searchString(search: Record<string, unknown>, keys?: string[]): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) {
    if (keys && !keys.includes(k)) continue;
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const x of v) sp.append(k, typeof x === 'string' ? x : JSON.stringify(x));
    else sp.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

export function buildRouteTree(opts: Pick<RouterOptions, 'Workspace' | 'SignIn' | 'Invitation' | 'PasswordReset'>) {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: Outlet,
    notFoundComponent: NotFoundScreen,
  });

  const signIn = createRoute({
    getParentRoute: () => rootRoute,
    path: '/auth/sign-in',
    validateSearch: signInSearch,
    beforeLoad: ({ context, search }) => {
      if (context.auth.isSignedIn()) throw redirect({ href: search.redirect?.startsWith('/') ? search.redirect : '/' });
    },
    component: opts.SignIn ?? (() => null),
  });

  // Open to anyone: the invitee is not signed in yet, nor is who forgot a password.
  const invitation = createRoute({
    getParentRoute: () => rootRoute,
    path: '/auth/invitation/$invitationCode',
    component: opts.Invitation ?? (() => null),
  });
  const passwordReset = createRoute({
    getParentRoute: () => rootRoute,
    path: '/auth/password-reset',
    component: opts.PasswordReset ?? (() => null),
  });

  const Workspace = opts.Workspace;
  // Every non-/auth page needs a session; the way back is kept in `redirect`.
  const staff = createRoute({
    getParentRoute: () => rootRoute,
    id: 'staff',
    beforeLoad: async ({ context, location }) => {
      if (!context.auth.isSignedIn()) {
        throw redirect({ to: '/auth/sign-in', search: { redirect: location.href } });
      }
      // Staff and individual are separate areas (spec 6): an account opening
      // the one it does not have goes to the home of the one it has.
      const to = accessRedirect((await context.access?.()) ?? null, location.pathname);
      if (to) throw redirect({ href: to, replace: true });
    },
    component: Workspace ? () => <Workspace><Outlet /></Workspace> : Outlet,
  });

  const pages: AnyRoute[] = PAGES.map((page) => {
    const Pane = PANES[page.path];
    const schema = SEARCH_SCHEMAS[page.path];
    const required = SEARCH_REDIRECTS.filter((r) => r.path === page.path);
    return createRoute({
      getParentRoute: () => staff,
      path: page.path,
      // Invalid values fall back to their defaults; defaults leave the URL,
      // also when the URL was typed or bookmarked.
      ...(schema
        ? {
            validateSearch: schema,
            search: { middlewares: [stripSearchParams(defaultsOf(schema))] },
            beforeLoad: ({ search, location }: { search: Record<string, unknown>; location: { pathname: string; searchStr: string } }) => {
              // A key the page must name (spec 2.1: the integration users'
              // category) is added when missing or invalid.
              const added = Object.fromEntries(required.filter((r) => search[r.key] === undefined).map((r) => [r.key, r.value]));
              const clean = defaultStringifySearch(withoutDefaults({ ...search, ...added }, defaultsOf(schema)));
              if (clean !== location.searchStr) throw redirect({ href: location.pathname + clean, replace: true });
            },
          }
        : {}),
      component: Pane
        ? () => (
            <PaneMessages fallback={<DelayedPendingScreen />}>
              <Pane />
            </PaneMessages>
          )
        : () => <PagePane page={page} />,
    });
  });

  const redirects: AnyRoute[] = REDIRECTS.map((r) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: r.from,
      beforeLoad: ({ params, search }) => {
        const query = r.keepSearch ? searchString(search) : r.pickSearch ? searchString(search, r.pickSearch) : '';
        throw redirect({ href: fillParams(r.to, params as Record<string, string>) + query, replace: true });
      },
    }),
  );

  // /apps and everything under it: the same path under /software, query kept.
  const appsRoot = createRoute({
    getParentRoute: () => rootRoute,
    path: '/apps',
    beforeLoad: ({ search }) => {
      throw redirect({ href: appsToSoftware('') + searchString(search), replace: true });
    },
  });
  const appsCatchAll = createRoute({
    getParentRoute: () => rootRoute,
    path: '/apps/$',
    beforeLoad: ({ params, search }) => {
      throw redirect({ href: appsToSoftware((params as { _splat?: string })._splat ?? '') + searchString(search), replace: true });
    },
  });

  return rootRoute.addChildren([signIn, invitation, passwordReset, staff.addChildren(pages), ...redirects, appsRoot, appsCatchAll]);
}

export function createAppRouter(opts: RouterOptions) {
  return createRouter({
    routeTree: buildRouteTree(opts),
    context: { ...opts.context, access: opts.context.access ?? sessionAccess(opts.context.auth) },
    ...(opts.history ? { history: opts.history } : {}),
    defaultPendingMs: PENDING_MS,
    defaultPendingMinMs: PENDING_MIN_MS,
    defaultPendingComponent: PendingScreen,
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
    scrollRestoration: true,
    defaultHashScrollIntoView: { behavior: 'smooth' },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
