// The software page (issue 6 "Software"): from the registry into a piece of
// software, its header (breadcrumb, vendor, assigned total, status, renewal
// date as "unknown"), the detail form saved with Ctrl+Enter and the
// update-success toast, a validation error that keeps what was typed, the
// logo uploaded and deleted through the storage, the status changed from the
// palette with a confirmation, and every tab accessible.
import { expect, type Page } from '@playwright/test';
import { expectAccessible, runFromPalette, signIn, test } from './support.js';

// A 2×2 PNG (real image bytes: the header must be able to draw it).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8Dwn4GBgYGJAQoAAB0+AQXh3wvcAAAAAElFTkSuQmCC',
  'base64',
);
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A call of our API from the signed-in page (its token from the browser's session). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
    const res = await fetch(p, { headers: { authorization: `Bearer ${key ? localStorage.getItem(key) : ''}` } });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return res.json();
  }, path);
}

test('header, detail save, validation, logo upload and delete, status, and every tab', async ({ page }) => {
  await signIn(page);
  // An app nobody has installed yet (no "connected" mark): its software starts empty.
  await page.goto('/software/marketplace');
  const fresh = page.locator('a.app-card').filter({ hasNot: page.locator('.pill') }).first();
  const appName = (await fresh.locator('.name').textContent())!;
  const vendor = (await fresh.locator('.meta').textContent())!.split(' · ')[0]!;
  const appPath = (await fresh.getAttribute('href'))!;
  await page.goto(`${appPath}?installDialogDefaultOpen=true`);
  await page.getByRole('textbox', { name: 'テナント名' }).fill('software-page e2e');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app-integrations/${UUID}`));
  const integrationId = new RegExp(`/app-integrations/(${UUID})`).exec(page.url())![1]!;
  const { softwareId } = await apiGet<{ softwareId: string }>(page, `/v2/software/app-integrations/${integrationId}`);
  const base = `/software/${softwareId}`;
  // The registry opens a row on its detail tab, which is this page.
  await page.goto(`${base}/detail`);

  // The header.
  const header = page.locator('.sw-header');
  await expect(page.getByRole('heading', { level: 1, name: appName })).toBeVisible();
  const trail = page.getByRole('navigation', { name: 'このページの場所' });
  await expect(trail.getByRole('listitem')).toHaveText(['ソフトウェア', '台帳', appName]);
  await expect(header.locator('[data-fact="vendor"]')).toHaveText(vendor);
  await expect(header.locator('[data-fact="assigned"]')).toHaveText('0');
  await expect(header.locator('[data-fact="status"]')).toHaveText('利用中');
  // No contract yet: the renewal date is unknown.
  await expect(header.locator('[data-fact="renewal"]')).toHaveText('不明');
  await expect(header.getByRole('img', { name: `${appName} のロゴ` })).toHaveAttribute('src', /^\/app-logos\/.+\.svg$/);
  // The tab link has the focus; the page is accessible.
  await expect(page.getByRole('navigation', { name: 'ソフトウェアのページ' }).getByRole('link', { name: '詳細' })).toBeFocused();
  await expectAccessible(page);

  // Detail: change the version, Ctrl+Enter saves, the toast says so.
  const version = page.getByRole('textbox', { name: 'バージョン' });
  await version.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('6.1.0');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('status').filter({ hasText: '保存しました。' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'バージョン' })).toHaveValue('6.1.0');

  // A validation error: the name is required. The field says so, and what was typed stays.
  const name = page.getByRole('textbox', { name: /^名称/ });
  await name.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await page.getByRole('textbox', { name: 'バージョン' }).focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('7.0.0');
  await page.keyboard.press('Control+Enter');
  const nameField = page.locator('.form-field').filter({ has: name });
  await expect(nameField.locator('.field-error')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'バージョン' })).toHaveValue('7.0.0');
  await expect(name).toHaveValue('');
  await name.fill(appName);
  await page.keyboard.press('Control+Enter');
  await expect(nameField.locator('.field-error')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: '保存しました。' }).first()).toBeVisible();

  // The logo: the file input is reachable by keyboard; the file goes in as
  // the OS picker would give it. Details are saved, then the presigned URL,
  // then the upload; the header draws the new logo.
  const file = page.getByLabel(/ロゴを変更/);
  await file.focus();
  await expect(file).toBeFocused();
  await file.setInputFiles({ name: 'zoom-logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('status').filter({ hasText: 'ロゴを変更しました。' })).toBeVisible();
  const headerLogo = header.getByRole('img', { name: `${appName} のロゴ` });
  await expect(headerLogo).toHaveAttribute('src', /\/v2\/files\/org\/.+\/software-logo\//);
  await expect.poll(() => headerLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  // A file that is not an image is refused before any upload.
  await file.setInputFiles({ name: 'notes.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  await expect(page.getByRole('alert').filter({ hasText: 'SVG は使用できません' })).toBeVisible();
  await expect(headerLogo).toHaveAttribute('src', /\/v2\/files\//);

  // Delete from the palette, with a confirmation: the app's own logo again.
  await runFromPalette(page, 'ロゴを削除');
  const confirm = page.getByRole('dialog', { name: 'ロゴを削除' });
  await expect(confirm.getByRole('button', { name: 'ロゴを削除' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'ロゴを削除しました。' })).toBeVisible();
  await expect(headerLogo).toHaveAttribute('src', /^\/app-logos\/.+\.svg$/);

  // Status from the palette: deactivating asks first; the header follows.
  await runFromPalette(page, '状態を「停止」にする');
  const statusConfirm = page.getByRole('dialog', { name: '状態を「停止」にしますか？' });
  await expect(statusConfirm.getByRole('button', { name: '状態を「停止」にする' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(header.locator('[data-fact="status"]')).toHaveText('停止');
  await runFromPalette(page, '状態を「利用中」にする');
  await expect(header.locator('[data-fact="status"]')).toHaveText('利用中');

  // Every tab: the data, and axe.
  await page.goto(`${base}/overview`);
  await expect(page.getByRole('table', { name: '連携' }).getByRole('link', { name: 'software-page e2e' })).toBeVisible();
  await expect(page.locator('.stat-cards')).toContainText('アカウント数');
  await expectAccessible(page);
  for (const tab of ['users', 'activity-monitoring', 'contracts-cost', 'rule-and-policy', 'settings', 'architecture']) {
    await page.goto(`${base}/${tab}`);
    await expect(page.getByRole('heading', { level: 1, name: appName })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'ソフトウェアのページ' }).locator('[aria-current="page"]')).toHaveAttribute('href', new RegExp(`/${tab}$`));
    await expectAccessible(page);
  }
  await page.goto(`${base}/contracts-cost`);
  await expect(page.getByRole('table', { name: '契約とコスト' }).getByRole('link', { name: 'software-page e2e' })).toBeVisible();

  // Architecture: saved by the palette's Save.
  await page.goto(`${base}/architecture`);
  await page.getByRole('combobox', { name: '提供形態' }).selectOption({ label: 'ハイブリッド' });
  await runFromPalette(page, 'ソフトウェア › 保存');
  await expect(page.getByRole('status').filter({ hasText: '保存しました。' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: '提供形態' })).toHaveValue('HYBRID');
});

test('a software with accounts: header total, users and sign-in activity, each row opening its integration', async ({ page }) => {
  await signIn(page);
  // A software of the demo data whose integrations hold accounts.
  const list = await apiGet<{ items: { softwareId: string | null; accountCount: number; status: string }[] }>(page, '/v2/app-integrations?status=INTEGRATIONS&pageSize=1000');
  const softwareId = list.items.find((i) => i.softwareId && i.accountCount > 0)?.softwareId;
  expect(softwareId).toBeTruthy();
  await page.goto(`/software/${softwareId}/overview`);
  const assigned = page.locator('.sw-header [data-fact="assigned"]');
  await expect(assigned).toHaveText(/^[\d,]+$/);
  const total = (await assigned.textContent())!;
  expect(Number(total.replaceAll(',', ''))).toBeGreaterThan(0);
  // The overview's account figure is the header's.
  await expect(page.locator('.stat-cards div').filter({ hasText: 'アカウント数' }).locator('dd')).toHaveText(total);
  await expectAccessible(page);

  await page.goto(`/software/${softwareId}/users`);
  const grid = page.getByRole('grid', { name: 'ユーザー' });
  await expect(grid.locator('.grid-body [role="row"]').first()).toBeVisible();
  await expectAccessible(page);
  await grid.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app-integrations/${UUID}/users`));

  await page.goto(`/software/${softwareId}/activity-monitoring`);
  await expect(page.locator('.stat-cards')).toContainText('30 日以内にサインイン');
  await expect(page.getByRole('grid', { name: '利用状況モニタリング' }).locator('.grid-body [role="row"]').first()).toBeVisible();
  await expectAccessible(page);
});
