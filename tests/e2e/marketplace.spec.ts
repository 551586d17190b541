// The marketplace by keyboard (issue 6 "Marketplace of apps"): open it from
// the palette, walk the cards, filter by category and by text (the URL keeps
// both), open an app, install it through the dialog and land on the finish
// page, which goes on to the new integration. The error finish page shows
// its message with spaces for '+'; the custom-app marker and a missing app
// are not found; a failed catalogue call says which call failed.
import { expect } from '@playwright/test';
import { expectAccessible, openPalette, signIn, test } from './support.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

test('find an app by category and text, open it, install it: the finish page goes on to the integration', async ({ page }) => {
  await signIn(page);
  await openPalette(page);
  await page.keyboard.type('software/marketplace');
  await expect(page.getByRole('option', { selected: true })).toContainText('ソフトウェア › マーケットプレイス');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/software\/marketplace$/);
  const cards = page.locator('a.app-card');
  // The first card has the focus: the arrows and j/k walk the cards.
  await expect(cards.first()).toBeFocused();
  expect(await cards.count()).toBeGreaterThan(20);
  await expect(page.getByRole('navigation', { name: 'ソフトウェア' }).getByRole('link', { name: 'マーケットプレイス' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: /^すべてのカテゴリ \d+$/ })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
  await page.keyboard.press('j');
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(cards.nth(2)).toBeFocused();
  await page.keyboard.press('k');
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(cards.first()).toBeFocused();

  // Category: `c` asks for one.
  await page.keyboard.press('c');
  const chooser = page.getByRole('dialog', { name: 'カテゴリ' });
  await expect(chooser).toBeVisible();
  await page.keyboard.type('コミュニケーション');
  await expect(chooser.getByRole('option', { selected: true })).toContainText('コミュニケーション');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/categoryId=communication/);
  await expect(page.getByRole('heading', { name: /^コミュニケーション · \d+ 件$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^コミュニケーション \d+$/ })).toHaveAttribute('aria-current', 'page');
  await expect(cards.filter({ hasText: 'Slack' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'Notion' })).toHaveCount(0);

  // Text: `/` focuses the search box; the URL keeps the text with the category.
  await cards.first().focus();
  await page.keyboard.press('/');
  const searchBox = page.getByRole('searchbox', { name: 'アプリを検索' });
  await expect(searchBox).toBeFocused();
  await page.keyboard.type('slack');
  await expect(page).toHaveURL(/text=slack/);
  await expect(page).toHaveURL(/categoryId=communication/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first().locator('img')).toHaveAttribute('src', '/app-logos/slack.svg');
  // Back to the cards, Enter opens the app.
  await page.keyboard.press('ArrowDown');
  await expect(cards.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/software\/marketplace\/slack$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Slack' })).toBeVisible();
  await expect(page.getByText('Slack Technologies').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /https:\/\// })).toHaveAttribute('target', '_blank');
  await expectAccessible(page);

  // `i` opens the install dialog (the URL says so); Escape closes it.
  await page.keyboard.press('i');
  const dialog = page.getByRole('dialog', { name: 'Slack をインストール' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/installDialogDefaultOpen=true/);
  await expect(dialog.getByRole('textbox', { name: 'テナント名' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/installDialogDefaultOpen/);

  // From the palette this time: install, name the tenant, Enter.
  await openPalette(page);
  await page.keyboard.type('このアプリをインストール');
  await expect(page.getByRole('option', { selected: true })).toContainText('このアプリをインストール');
  await page.keyboard.press('Enter');
  // The palette has gone (its last frames still take keys).
  await expect(page.locator('.palette-input')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'テナント名' })).toBeFocused();
  await page.keyboard.type('e2e 株式会社');
  await page.keyboard.press('Enter');
  // The finish page (success with an id) goes on to the integration's page.
  await expect(page).toHaveURL(new RegExp(`/app-integrations/${UUID}(/[a-z-]+)?$`), { timeout: 15_000 });

  // The app page now lists the integration.
  await page.goto('/software/marketplace/slack');
  await expect(page.getByRole('table', { name: /この組織の連携/ }).getByRole('link', { name: 'e2e 株式会社' })).toBeVisible();
});

test('install finish: an error shows its message with spaces for plus signs; success without an id says so', async ({ page }) => {
  await signIn(page);
  await page.goto('/software/marketplace/install/finish?result=error&errorMessage=Tenant+is+already+connected');
  await expect(page.getByRole('heading', { name: 'インストールに失敗しました' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Tenant is already connected');
  // A literal '+' in the message is shown as a space too (spec 8).
  await page.goto('/software/marketplace/install/finish?result=error&errorMessage=Quota%2Bexceeded%2Bfor%2Bthis%2Btenant');
  await expect(page.getByRole('alert')).toHaveText('Quota exceeded for this tenant');
  // The way back has the focus.
  const back = page.getByRole('link', { name: 'マーケットプレイスに戻る' });
  await expect(back).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/software\/marketplace$/);

  await page.goto('/software/marketplace/install/finish?result=success');
  await expect(page.getByRole('heading', { name: 'インストールしました' })).toBeVisible();
  await expect(page.getByRole('link', { name: '台帳を開く' })).toBeFocused();
  await expectAccessible(page);
});

test('the custom-app marker and an unknown app are not found', async ({ page }) => {
  await signIn(page);
  await page.goto('/software/marketplace/custom-app');
  await expect(page.getByRole('heading', { name: 'アプリが見つかりません' })).toBeVisible();
  await expect(page.getByText('カスタムアプリにはマーケットプレイスのページがありません')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/software/marketplace/no-such-app?installDialogDefaultOpen=true');
  await expect(page.getByRole('heading', { name: 'アプリが見つかりません' })).toBeVisible();
  await expect(page.getByText('「no-such-app」')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a catalogue call that returns nothing: the pane names the failed call', async ({ page }) => {
  await signIn(page);
  await page.route(/\/v2\/apps(\?|$)/, (route) => route.abort());
  await page.goto('/software/marketplace');
  await expect(page.getByText('アプリの取得に失敗しました')).toBeVisible();
  await page.unroute(/\/v2\/apps(\?|$)/);
  await page.route(/\/v2\/app-categories(\?|$)/, (route) => route.abort());
  await page.goto('/software/marketplace');
  await expect(page.getByText('アプリカテゴリの取得に失敗しました')).toBeVisible();
  await expect(page.locator('a.app-card').first()).toBeVisible();
});
