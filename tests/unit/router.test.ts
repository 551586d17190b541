// @vitest-environment happy-dom
// The route tree without a browser: every spec redirect lands where spec 2.1
// says, queries are kept where it says so, pages need a session, and the
// catalogue has a title for every page in both languages.
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enRoutes from '../../locales/en-US/routes.json' with { type: 'json' };
import jaRoutes from '../../locales/ja-JP/routes.json' with { type: 'json' };
import { PAGES, SECTIONS } from '../../src/routes/catalogue.js';
import { type Access, accessRedirect, sessionAccess } from '../../src/routes/access.js';
import { createAppRouter } from '../../src/routes/router.js';
import { SEARCH_SCHEMAS } from '../../src/routes/search-schemas.js';
import { pageSizeChoices } from '../../src/tables/list-pane.js';
import { refusedSearchKeys } from '../../src/panes/screens.js';
import { DelayedPendingScreen, PENDING_MS } from '../../src/routes/pending.js';
import { act, createElement, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { setupI18n } from '../../src/i18n.js';
import { REDIRECT_CASES } from '../support/redirect-cases.js';

async function land(href: string, signedIn = true, access?: Access | null) {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [href] }),
    context: { auth: { isSignedIn: () => signedIn }, ...(access !== undefined ? { access: async () => access } : {}) },
  });
  await router.load();
  const loc = router.state.location;
  return `${loc.pathname}${loc.searchStr}`;
}

describe('redirects (spec 2.1)', () => {
  it.each(REDIRECT_CASES.map(([from, to]) => [from, to] as const))('%s → %s', async (from, to) => {
    expect(await land(from)).toBe(to);
  });
});

describe('sessions', () => {
  it('sends a signed-out user to sign-in with redirect set to where they were going', async () => {
    const landed = await land('/equipment?freeText=pc', false);
    const url = new URL(landed, 'http://x');
    expect(url.pathname).toBe('/auth/sign-in');
    expect(url.searchParams.get('redirect')).toBe('/equipment?freeText=pc');
  });

  it('sends a signed-in user on sign-in to redirect, or home', async () => {
    expect(await land('/auth/sign-in?redirect=%2Fnetworks')).toBe('/networks');
    expect(await land('/auth/sign-in')).toBe('/software/registry');
    // Only same-site paths: an absolute URL is not followed.
    expect(await land('/auth/sign-in?redirect=https%3A%2F%2Fevil.example')).toBe('/software/registry');
  });

  it('an unknown path is not found, not a crash', async () => {
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/no/such/page'] }), context: { auth: { isSignedIn: () => true } } });
    await router.load();
    // Only the root matches: it renders the not-found page (with its link home).
    expect(router.state.matches.map((m) => m.routeId)).toEqual(['__root__']);
    expect(router.state.location.pathname).toBe('/no/such/page');
  });
});

describe('staff and individual areas (spec 6)', () => {
  const individualOnly = { operatorAccess: false, individualAccess: true };
  const operatorOnly = { operatorAccess: true, individualAccess: false };
  const both = { operatorAccess: true, individualAccess: true };

  it('sends an individual-only account from any staff page to /individual', async () => {
    expect(await land('/equipment', true, individualOnly)).toBe('/individual');
    expect(await land('/equipment?freeText=pc', true, individualOnly)).toBe('/individual');
    expect(await land('/', true, individualOnly)).toBe('/individual');
    expect(await land('/settings/mfa', true, individualOnly)).toBe('/individual');
    expect(await land('/auth/sign-in', true, individualOnly)).toBe('/individual');
    expect(await land('/individual', true, individualOnly)).toBe('/individual');
    expect(await land('/individual/task/t-1/approval', true, individualOnly)).toBe('/individual/task/t-1/approval');
  });

  it('sends an operator without individual access from /individual to the staff home', async () => {
    expect(await land('/individual', true, operatorOnly)).toBe('/software/registry');
    expect(await land('/individual/task/t-1', true, operatorOnly)).toBe('/software/registry');
    expect(await land('/equipment', true, operatorOnly)).toBe('/equipment');
  });

  it('lets an account with both areas, or whose access is unknown, go anywhere', async () => {
    for (const access of [both, null]) {
      expect(await land('/individual', true, access)).toBe('/individual');
      expect(await land('/equipment', true, access)).toBe('/equipment');
    }
    // /individualism is not the individual area.
    expect(accessRedirect(individualOnly, '/individualism')).toBe('/individual');
    expect(accessRedirect({ operatorAccess: false, individualAccess: false }, '/equipment')).toBeNull();
  });

  describe('the session read', () => {
    afterEach(() => vi.unstubAllGlobals());
    const session = (a: Access) => ({
      account: { id: '00000000-0000-4000-8000-000000000001', email: 'a@example.com' },
      person: null,
      organization: { id: '00000000-0000-4000-8000-000000000002', name: 'Org' },
      locale: 'ja-JP',
      accessibleScopes: [],
      featureFlags: {},
      mfa: { emailRequired: false, verified: true },
      ...a,
    });

    it('asks GET /v2/session once per access token, and again after a failure', async () => {
      let token = 't1';
      let fail = false;
      const fetch = vi.fn(async (url: string, init: RequestInit) => {
        expect(url).toBe('/v2/session');
        expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${token}`);
        return fail ? new Response('{}', { status: 500 }) : Response.json(session(token === 't1' ? individualOnly : both));
      });
      vi.stubGlobal('fetch', fetch);
      const access = sessionAccess({ accessToken: async () => token });
      expect(await access()).toEqual(individualOnly);
      expect(await access()).toEqual(individualOnly);
      expect(fetch).toHaveBeenCalledTimes(1);
      token = 't2';
      fail = true;
      expect(await access()).toBeNull();
      fail = false;
      expect(await access()).toEqual(both);
      expect(fetch).toHaveBeenCalledTimes(3);
      expect(await sessionAccess({ accessToken: async () => null })()).toBeNull();
      expect(await sessionAccess({})()).toBeNull();
    });
  });
});

describe('spec 2.1 and 2.3 pages added in Foundation II', () => {
  it('the integration users page keeps a valid category and drops an invalid one (its pane picks FOLLOWING or ALL)', async () => {
    expect(await land('/app-integrations/ai-1/users')).toBe('/app-integrations/ai-1/users');
    expect(await land('/app-integrations/ai-1/users?category=BOGUS')).toBe('/app-integrations/ai-1/users');
    expect(await land('/app-integrations/ai-1/users?category=ALL')).toBe('/app-integrations/ai-1/users?category=ALL');
  });

  it('an integration opens on its overview; the integrations list keeps its status in the URL', async () => {
    expect(await land('/app-integrations/ai-1')).toBe('/app-integrations/ai-1/overview');
    expect(await land('/app-integrations?status=DEACTIVATED')).toBe('/app-integrations?status=DEACTIVATED');
    expect(await land('/app-integrations?status=INTEGRATIONS')).toBe('/app-integrations');
  });

  it('routes the custom-app add page (through /apps), the licence profile and the sent-order activities', async () => {
    const routeOf = async (href: string) => {
      const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [href] }), context: { auth: { isSignedIn: () => true } } });
      await router.load();
      return [`${router.state.location.pathname}`, router.state.matches.at(-1)?.fullPath];
    };
    expect(await routeOf('/apps/add/custom-app/x')).toEqual(['/software/add/custom-app/x', '/software/add/custom-app/$customAppType']);
    expect(await routeOf('/licenses/l-1')).toEqual(['/licenses/l-1', '/licenses/$id']);
    expect(await routeOf('/licenses/inventory')).toEqual(['/licenses/inventory', '/licenses/inventory']);
    expect(await routeOf('/marketplace/sent-orders/o-1/activities')).toEqual([
      '/marketplace/sent-orders/o-1/activities',
      '/marketplace/sent-orders/$orderId/activities',
    ]);
  });
});

describe('page sizes a list offers', () => {
  const field = (path: string) => SEARCH_SCHEMAS[path]!.shape.pageSize as never;

  it('offers 20 to 1000, capped by the list, plus the current size', () => {
    expect(pageSizeChoices(field('/equipment'), 100)).toEqual([20, 50, 100, 500, 1000]);
    expect(pageSizeChoices(field('/equipment'), 37)).toEqual([20, 37, 50, 100, 500, 1000]);
    // Unbounded lists: still at most 1000 offered; job functions default to 2000.
    expect(pageSizeChoices(field('/places'), 100)).toEqual([20, 50, 100, 500, 1000]);
    expect(pageSizeChoices(field('/people/settings/job-functions'), 2000)).toEqual([20, 50, 100, 500, 1000, 2000]);
    expect(pageSizeChoices(undefined, 100)).toEqual([20, 50, 100, 500, 1000]);
  });
});

describe('search parameters in the URL', () => {
  it('an invalid value falls back to its default, and defaults leave the URL', async () => {
    expect(await land('/equipment?pageSize=5000&category=BOGUS&freeText=pc')).toBe('/equipment?freeText=pc');
    expect(await land('/equipment?pageSize=50&category=DISPOSED')).toBe('/equipment?pageSize=50&category=DISPOSED');
    expect(await land('/public-ids/registry?publicIdType=NOPE')).toBe('/public-ids/registry');
  });

  it('the device-inventory data page keeps its ids, drops defaults and invalid filters', async () => {
    const base = '/it-operation-core/device-inventory/data';
    expect(await land(`${base}?patternId=pt-1&requestId=rq-1&reportStatus=all&statusFilter=bad&typeFilter=leased&pageSize=5000`)).toBe(
      `${base}?patternId=pt-1&requestId=rq-1&statusFilter=bad`,
    );
  });

  it('the device-inventory data page without its pattern or request shows which is missing, not a crash (spec 5)', async () => {
    const base = '/it-operation-core/device-inventory/data';
    for (const [href, missing] of [
      [`${base}?patternId=pt-1`, ['requestId']],
      [`${base}?requestId=rq-1&patternId=`, ['patternId']],
      [base, ['patternId', 'requestId']],
    ] as const) {
      const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [href] }), context: { auth: { isSignedIn: () => true } } });
      await router.load();
      const match = router.state.matches.at(-1)!;
      expect(match.fullPath, href).toBe(base);
      expect(match.status, href).toBe('error');
      // The error screen's "address is incomplete" message names these keys.
      expect(refusedSearchKeys(match.error), href).toEqual(missing);
    }
  });
});

describe('pending screen (spec 9: pending delay 200 ms, minimum 0)', () => {
  afterEach(() => vi.useRealTimers());

  it("a page waiting for its pane's code shows nothing for 200 ms, then the pending screen", async () => {
    const i18n = await setupI18n('en-US');
    vi.useFakeTimers();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const host = document.createElement('div');
    const root = createRoot(host);
    // A pane whose chunk never arrives.
    const Pane = lazy(() => new Promise<never>(() => {}));
    const page = createElement(Suspense, { fallback: createElement(DelayedPendingScreen) }, createElement(Pane));
    await act(async () => root.render(createElement(I18nextProvider, { i18n }, page)));
    const pending = () => host.querySelector('[role="status"]')?.textContent ?? null;
    expect(pending()).toBeNull();
    await act(async () => void vi.advanceTimersByTime(150));
    expect(pending()).toBeNull();
    await act(async () => void vi.advanceTimersByTime(100));
    expect(pending()).toBe('Loading…');
    act(() => root.unmount());
    // The router waits as long before its own pending screen.
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }), context: { auth: { isSignedIn: () => true } } });
    expect([router.options.defaultPendingMs, router.options.defaultPendingMinMs]).toEqual([PENDING_MS, 0]);
  });
});

describe('page catalogue', () => {
  it('has unique paths and a title for every section and page word in both languages', () => {
    const paths = PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(PAGES.length).toBeGreaterThan(200);
    for (const lang of [enRoutes, jaRoutes] as Array<{ sections: Record<string, string>; pages: Record<string, string> }>) {
      for (const s of SECTIONS) expect(lang.sections[s], s).toBeTruthy();
      for (const p of PAGES) if (p.page) expect(lang.pages[p.page], p.page).toBeTruthy();
    }
  });

  it('every page is routable', async () => {
    for (const page of PAGES.filter((p, i) => i % 7 === 0)) {
      const href = page.path.replace(/\$\w+/g, 'x1');
      expect(await land(href)).toBe(href);
    }
  });
});

describe('side pane page matching', () => {
  it('finds the catalogue page of a record path, static segments first', async () => {
    const { pageForPath } = await import('../../src/panes/side-pane.js');
    expect(pageForPath('/equipment/add')?.page).toBe('add');
    expect(pageForPath('/equipment/0b9e0f1c')?.page).toBe('profile');
    expect(pageForPath('/person/p1/devices')?.path).toBe('/person/$id/devices');
    expect(pageForPath('/settings/permission-and-roles/roles/r1?x=1')?.page).toBe('roles-detail');
    expect(pageForPath('/nowhere')).toBeNull();
  });
});

describe('breadcrumb', () => {
  it('follows the catalogue pages the path passes through', async () => {
    const { trailFor } = await import('../../src/panes/breadcrumb.js');
    const t = ((k: string) => k.split('.').pop()) as never;
    expect(trailFor('/settings/permission-and-roles/roles/r1/edit', t).map((c) => [c.label, c.href])).toEqual([
      ['settings', null],
      ['roles', '/settings/permission-and-roles/roles'],
      ['roles-detail', '/settings/permission-and-roles/roles/r1'],
      ['roles-edit', null],
    ]);
    expect(trailFor('/equipment', t).map((c) => c.label)).toEqual(['equipment']);
    // A word of the path is not an id: /equipment/settings is not a record.
    expect(trailFor('/equipment/settings/equipment-types', t).map((c) => c.label)).toEqual(['equipment', 'equipment-types']);
    expect(trailFor('/equipment/6d1c5c1e-2b1f-4a43-9d2f-1b2c3d4e5f60', t).map((c) => c.label)).toEqual(['equipment', 'profile']);
    expect(trailFor('/nowhere', t)).toEqual([]);
  });
});
