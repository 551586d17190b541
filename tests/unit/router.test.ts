// @vitest-environment happy-dom
// The route tree without a browser: every spec redirect lands where spec 2.1
// says, queries are kept where it says so, pages need a session, and the
// catalogue has a title for every page in both languages.
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import enRoutes from '../../locales/en-US/routes.json' with { type: 'json' };
import jaRoutes from '../../locales/ja-JP/routes.json' with { type: 'json' };
import { PAGES, SECTIONS } from '../../src/routes/catalogue.js';
import { createAppRouter } from '../../src/routes/router.js';

async function land(href: string, signedIn = true) {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [href] }),
    context: { auth: { isSignedIn: () => signedIn } },
  });
  await router.load();
  const loc = router.state.location;
  return `${loc.pathname}${loc.searchStr}`;
}

describe('redirects (spec 2.1)', () => {
  it.each([
    ['/', '/software/registry'],
    ['/apps', '/software/registry'],
    ['/apps/integrations', '/software/registry'],
    ['/software/integrations', '/software/registry'],
    ['/settings', '/settings/persons/staff'],
    ['/settings/persons', '/settings/persons/staff'],
    ['/settings/permission-and-roles', '/settings/permission-and-roles/roles'],
    ['/equipment/settings', '/equipment/settings/equipment-types'],
    ['/people/settings', '/people/settings/employment-types'],
    ['/organization', '/organization/chart'],
    ['/organization/rule-policy', '/organization/chart'],
    ['/organization/cost', '/organization/chart'],
    ['/organization/alert', '/organization/chart'],
    ['/it-operation-core', '/it-operation-core/packages'],
    ['/public-ids', '/public-ids/registry'],
    ['/public-ids/members', '/public-ids/registry'],
    ['/public-ids/abc-123', '/public-ids/abc-123/details'],
    ['/time-and-attendance', '/time-and-attendance/summary/daily-place'],
    ['/time-and-attendance/summary', '/time-and-attendance/summary/daily-place'],
    ['/person/p-1', '/person/p-1/personal-information'],
    ['/alumni/p-2', '/alumni/p-2/personal-information'],
    ['/id-managements/group-id/g-1', '/id-managements/group-id/g-1/members'],
    ['/software/alerts', '/software/alerts/shadow-it/apps'],
    ['/software/alerts/shadow-it', '/software/alerts/shadow-it/apps'],
    ['/it-operation-core/operation-instances/i-9', '/it-operation-core/operation-instances/i-9/detail'],
  ])('%s → %s', async (from, to) => {
    expect(await land(from)).toBe(to);
  });

  it('the apps area keeps the path and the query string', async () => {
    expect(await land('/apps/alerts/no-worker?page=2&sortOrder=desc')).toBe('/software/alerts/no-worker?page=2&sortOrder=desc');
    expect(await land('/apps/marketplace?text=slack')).toBe('/software/marketplace?text=slack');
  });

  it('organisation history passes baseDate on, and only it', async () => {
    expect(await land('/organization/history?baseDate=2024-04-01&x=1')).toBe('/organization/chart?baseDate=2024-04-01');
    expect(await land('/organization/history')).toBe('/organization/chart');
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

describe('search parameters in the URL', () => {
  it('an invalid value falls back to its default, and defaults leave the URL', async () => {
    expect(await land('/equipment?pageSize=5000&category=BOGUS&freeText=pc')).toBe('/equipment?freeText=pc');
    expect(await land('/equipment?pageSize=50&category=DISPOSED')).toBe('/equipment?pageSize=50&category=DISPOSED');
    expect(await land('/public-ids/registry?publicIdType=NOPE')).toBe('/public-ids/registry');
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
    expect(trailFor('/nowhere', t)).toEqual([]);
  });
});
