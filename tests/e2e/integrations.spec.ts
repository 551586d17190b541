// App integrations in the browser, by keyboard (issue 6 "Done when"): connect
// an installed app to a SCIM tenant (a real SCIM service this test starts on
// loopback), refresh it from the palette and watch the status poll end, read
// its accounts matched to people with the violated and no-person rows right,
// open a person beside the accounts, deactivate and reactivate it from the
// palette. Every pane on the way passes axe.
import { expect } from '@playwright/test';
import { startScimServer, type ScimServer } from '../support/scim-server.js';
import { callApi, demo, expectAccessible, runFromPalette, signIn, test } from './support.js';

let scim: ScimServer;
const tenant = `e2e-${Date.now().toString(36)}`;

test.beforeAll(async () => {
  // Signed in yesterday: nobody is inactive.
  const lastSignedInAt = new Date(Date.now() - 86_400_000).toISOString();
  scim = await startScimServer({
    token: 'e2e-scim-token',
    users: [
      { userName: demo('admin').email, email: demo('admin').email, displayName: '山田 花子', role: 'Admin', groups: ['Owners'], lastSignedInAt },
      { userName: demo('it').email, email: demo('it').email, displayName: '佐藤 健太', role: 'Member', lastSignedInAt },
      { userName: 'ghost', email: 'ghost@outside.example', displayName: 'Ghost Contractor', role: 'Member', lastSignedInAt },
    ],
  });
});
test.afterAll(async () => {
  await scim?.close();
});

test('connect a tenant over SCIM, refresh from the palette, read the accounts by rule, open a person beside them', async ({ page }) => {
  await signIn(page);
  const { appIntegrationId: id } = await callApi<{ appIntegrationId: string }>(page, 'POST', '/v2/app-integrations', { appId: 'notion', tenantName: tenant });

  // The integrations list: found by its tenant, opened with Enter.
  await runFromPalette(page, 'App integrations', 'アプリ連携');
  await expect(page).toHaveURL(/\/app-integrations$/);
  const list = page.getByRole('grid', { name: 'アプリ連携' });
  await expect(list).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('/');
  await page.keyboard.type(tenant);
  await expect(page).toHaveURL(new RegExp(`text=${tenant}`));
  await expect(list.getByRole('row', { name: new RegExp(tenant) })).toBeVisible();
  // Only the match is left (the header row and one).
  await expect(list.getByRole('row')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app-integrations/${id}/overview$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Notion');

  // Settings: the tenant's SCIM address and token, saved with Ctrl+Enter.
  await page.goto(`/app-integrations/${id}/settings`);
  // A new integration reads its accounts from CSV imports: switch to SCIM.
  await page.getByLabel('アカウントの取得元').focus();
  await page.getByLabel('アカウントの取得元').selectOption('SCIM');
  await page.getByLabel('SCIM ベースURL').fill(scim.url);
  await page.getByLabel('ベアラートークン').fill('e2e-scim-token');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('status').filter({ hasText: 'テナントに接続しました。' })).toBeVisible();
  await expectAccessible(page);

  // Who should hold an account: 山田 花子 as Admin only (set up through the API).
  const admin = (
    await callApi<{ items: { personId: string; primaryWorkerEmail: string | null }[] }>(page, 'GET', `/v2/workers-for-select?freeText=${encodeURIComponent(demo('admin').email)}&limit=5`)
  ).items.find((w) => w.primaryWorkerEmail === demo('admin').email)!;
  await callApi(page, 'PUT', `/v2/app-integrations/${id}/assignments/${admin.personId}`, { roleName: 'Admin' });

  // Refresh from the palette; the status line follows the job to its end.
  await page.locator('main').focus();
  await runFromPalette(page, 'refresh accounts', 'アカウントを更新');
  await expect(page.getByRole('status').filter({ hasText: '更新を開始しました。' })).toBeVisible();
  await expect(page.getByText('アカウントは最新です')).toBeVisible({ timeout: 30_000 });
  expect(scim.requests.some((r) => r.path.startsWith('/scim/v2/Users') && r.auth === 'Bearer e2e-scim-token')).toBe(true);

  // Users: the page names its category (FOLLOWING) and shows the rows needing action.
  await page.goto(`/app-integrations/${id}/users`);
  await expect(page).toHaveURL(/category=FOLLOWING/);
  const grid = page.getByRole('grid', { name: 'アカウント', exact: true });
  await expect(grid.getByRole('row', { name: /Ghost Contractor.*人が不明/ })).toBeVisible();
  await expect(grid.getByRole('row', { name: /佐藤 健太.*違反/ })).toBeVisible();
  await expect(grid.getByRole('row', { name: /山田 花子/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /要対応 2/ })).toBeVisible();
  await expectAccessible(page);
  // Alt+8: every account; hers is matched.
  await grid.focus();
  await page.keyboard.press('Alt+8');
  await expect(page).toHaveURL(/category=ALL/);
  const hers = grid.getByRole('row', { name: /山田 花子.*一致/ });
  await expect(hers).toBeVisible();

  // Her row, Shift+Enter: her apps beside the accounts.
  await grid.focus();
  await expect(grid).toHaveAttribute('aria-activedescendant', /-row-/);
  for (let i = 0; i < 3 && !(await hers.getAttribute('class'))?.includes('active'); i++) await page.keyboard.press('j');
  await expect(hers).toHaveClass(/active/);
  await page.keyboard.press('Shift+Enter');
  const side = page.getByRole('complementary');
  await expect(side.getByRole('heading', { name: /山田 花子/ })).toBeVisible();
  await expect(side.getByRole('grid', { name: '山田 花子 のアカウント' }).getByRole('row', { name: /Notion.*admin@daicho.example/ })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'アカウント', exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('the users page without a category: ALL for a subordinate integration, FOLLOWING for its parent (spec 2.1)', async ({ page }) => {
  await signIn(page);
  const { appIntegrationId: parent } = await callApi<{ appIntegrationId: string }>(page, 'POST', '/v2/app-integrations', { appId: 'notion', tenantName: `${tenant}-p` });
  const { appIntegrationId: sub } = await callApi<{ appIntegrationId: string }>(page, 'POST', '/v2/app-integrations', {
    appId: 'notion',
    tenantName: `${tenant}-s`,
    parentAppIntegrationId: parent,
  });
  const categories = page.getByRole('group', { name: 'アカウントの区分' });
  await page.goto(`/app-integrations/${sub}/users`);
  await expect(page).toHaveURL(new RegExp(`/app-integrations/${sub}/users\\?category=ALL$`));
  await expect(categories.locator('[aria-current]')).toHaveText(/^すべて/);
  await page.goto(`/app-integrations/${parent}/users`);
  await expect(page).toHaveURL(new RegExp(`/app-integrations/${parent}/users\\?category=FOLLOWING$`));
  await expect(categories.locator('[aria-current]')).toHaveText(/^要対応/);
});

test('deactivate and reactivate an integration from the palette, with a confirm', async ({ page }) => {
  await signIn(page);
  const { appIntegrationId: id } = await callApi<{ appIntegrationId: string }>(page, 'POST', '/v2/app-integrations', { appId: 'miro', tenantName: `${tenant}-b` });
  await page.goto(`/app-integrations/${id}/detail`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Miro');

  await runFromPalette(page, 'deactivate integration', '連携を無効にする');
  const confirm = page.getByRole('dialog', { name: '連携を無効にする' });
  await expect(confirm).toContainText('Miro を無効にしますか');
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Miro を無効にしました。' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('無効');
  // The list puts it under Deactivated.
  const deactivated = await callApi<{ items: { appIntegrationId: string }[] }>(page, 'GET', `/v2/app-integrations?status=DEACTIVATED&text=${tenant}-b`);
  expect(deactivated.items.map((i) => i.appIntegrationId)).toEqual([id]);

  await runFromPalette(page, 'reactivate integration', '連携を再び有効にする');
  await expect(page.getByRole('status').filter({ hasText: 'Miro を再び有効にしました。' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('無効');
});

test('software people: filter by an app with f, the person list follows the URL, axe-clean', async ({ page }) => {
  await signIn(page);
  await page.goto('/software/people?menu=All&category=all-all');
  const grid = page.getByRole('grid', { name: '人と利用アプリ' });
  await grid.focus();
  await expect(grid).toHaveAttribute('aria-activedescendant', /-row-/);
  await expectAccessible(page);
  await page.keyboard.press('f');
  const chooser = page.getByRole('dialog', { name: 'アプリで人を絞り込む' });
  await expect(chooser).toBeVisible();
  await page.keyboard.type('Slack');
  await expect(chooser.getByRole('option').first()).toContainText('Slack');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/appIntegrationIds=/);
  await expect(page.getByRole('list', { name: 'アプリで絞り込み中' })).toContainText('Slack');
  // Every row holds a Slack account.
  const rows = grid.getByRole('row');
  await expect
    .poll(async () => {
      const texts = (await rows.allInnerTexts()).slice(1);
      return texts.length > 0 && texts.every((text) => text.includes('Slack'));
    })
    .toBe(true);
  await grid.focus();
  await page.keyboard.press('Shift+X');
  await expect(page).not.toHaveURL(/appIntegrationIds=/);
});

test('software settings: refresh every integration and show the ingestion token, from the palette', async ({ page }) => {
  await signIn(page);
  await page.goto('/software/settings');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('設定');
  await expectAccessible(page);
  await runFromPalette(page, 'refresh all integrations', 'すべての連携を更新');
  await expect(page.getByRole('status').filter({ hasText: /更新を開始しました。|すでに更新中です。/ })).toBeVisible();
  await runFromPalette(page, 'ingestion token', 'シャドーIT取り込みトークンを表示');
  await expect(page.getByRole('dialog')).toContainText('/v2/shadow-it/visits');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('add software by type: the type is fixed, a refused save keeps the input, the saved record opens', async ({ page }) => {
  await signIn(page);
  await page.goto('/software/add');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'インストール型' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/software\/add\/installed$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('インストール型');
  const version = page.getByLabel('バージョン');
  await version.fill('2026.11');
  await version.press('Control+Enter');
  // No name: refused, and the version typed is still there.
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(version).toHaveValue('2026.11');
  const name = `E2E tool ${Date.now().toString(36)}`;
  await page.getByLabel('名称').fill(name);
  await page.getByLabel('名称').press('Control+Enter');
  await expect(page).toHaveURL(/\/software\/[0-9a-f-]{36}\/detail$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await page.goto(`/software/registry?status=INSTALLED&freeText=${encodeURIComponent(name)}`);
  await expect(page.getByRole('grid').getByRole('row', { name: new RegExp(name) })).toContainText('インストール型');
  await page.goto('/software/add/custom-saas');
  await expect(page.getByRole('link', { name: 'デザイン' })).toHaveAttribute('href', '/software/add/custom-saas/DESIGN');
  // The apps area's custom-app add page (spec 2.3 Apps) is the same form, its kind from the URL.
  await page.goto('/apps/add/custom-app/DESIGN');
  await expect(page).toHaveURL(/\/software\/add\/custom-app\/DESIGN$/);
  await expect(page.getByLabel('種類')).toHaveValue('DESIGN');
  await expectAccessible(page);
});
