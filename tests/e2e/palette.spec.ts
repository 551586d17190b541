// The palette and keys, without the mouse: Ctrl/Cmd+K finds pages by their
// Japanese and English names, `g` jumps move between modules, Ctrl+Cmd+L
// switches the language and the choice survives a reload.
import { expect } from '@playwright/test';
import { expectAccessible, openPalette, signIn, test } from './support.js';

test('Ctrl+K finds a page by its Japanese and its English name; Enter goes there', async ({ page }) => {
  await signIn(page);
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox');
  await expect(search).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.type('備品種別');
  await expect(page.getByRole('option', { selected: true })).toContainText('備品 › 備品種別');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/equipment\/settings\/equipment-types$/);
  await expect(search).toBeHidden();

  await page.keyboard.press('Control+k');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await page.keyboard.type('Workforce');
  await expect(page.getByRole('option', { selected: true })).toContainText('人材 › 従業員');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/people\/workforce$/);
});

test('Ctrl+K right after a chosen command, while the palette is still closing, opens it again with what is typed', async ({ page }) => {
  await signIn(page);
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox');
  await expect(search).toBeFocused();
  await page.keyboard.type('備品種別');
  await expect(page.getByRole('option', { selected: true })).toContainText('備品 › 備品種別');
  // No wait between the choice and the next Ctrl+K: the palette is closing.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Workforce');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('Workforce');
  await expect(page).toHaveURL(/\/equipment\/settings\/equipment-types$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/people\/workforce$/);
});

test('keys typed right after Ctrl+K, while the palette is still loading, are its query', async ({ page }) => {
  // The palette (kbar) loads after the first paint; hold its chunk back.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/palette-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page);
  await page.keyboard.press('Control+k');
  // "g p" would jump to people if the keys reached the page.
  await page.keyboard.type('Roles gp');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  expect(new URL(page.url()).pathname).toBe('/software/registry');
  release();
  const search = page.getByRole('combobox');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('Roles');
  await expect(page.getByRole('option', { selected: true })).toContainText('設定 › ロール');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/permission-and-roles\/roles$/);
});

test('g sequences jump to modules, but not while typing', async ({ page }) => {
  await signIn(page);
  await page.keyboard.press('g');
  await page.keyboard.press('d');
  await expect(page).toHaveURL(/\/devices\/people$/);
  await page.keyboard.press('g');
  await page.keyboard.press('e');
  await expect(page).toHaveURL(/\/equipment$/);

  await page.keyboard.press('Control+k');
  await page.keyboard.type('g p');
  await expect(page).toHaveURL(/\/equipment$/);
  await page.keyboard.press('Escape');
});

test('Ctrl+Cmd+L switches the language, saved to the session', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'ソフトウェア台帳' })).toBeVisible();
  await page.keyboard.press('Control+Meta+l');
  await expect(page.getByRole('heading', { name: 'Software registry' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Software registry' })).toBeVisible();
  // Back to Japanese through the palette command, for the other tests.
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('Switch language');
  await expect(page.getByRole('option', { selected: true })).toContainText('Switch language');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'ソフトウェア台帳' })).toBeVisible();
});

test('? opens the shortcut sheet generated from the registry', async ({ page }) => {
  await signIn(page);
  await page.keyboard.press('Shift+?');
  const sheet = page.getByRole('dialog', { name: 'キーボードショートカット' });
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('.sheet-row', { hasText: '人材 › 従業員' })).toContainText('g then p');
  await expect(sheet.locator('.sheet-row', { hasText: 'コマンドパレットを開く' })).toContainText('Ctrl/⌘ K');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('a person found by name in the palette opens in the side pane', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings/permission-and-roles/roles');
  await expect(page.getByRole('grid', { name: 'ロール' })).toBeFocused();
  // The admin's own person, seeded as 山田 花子 (ヤマダ ハナコ).
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('山田花子');
  const hit = page.getByRole('option', { name: /山田 花子/ });
  await expect(hit).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { selected: true })).toContainText('山田 花子');
  await page.keyboard.press('Enter');
  const side = page.getByRole('complementary', { name: 'サイドペイン' });
  // The person's profile, on its personal-information tab.
  await expect(side.getByRole('heading', { level: 1 })).toContainText('山田 花子');
  await expect(side.locator('.tabbar [aria-current="page"]')).toHaveText('個人情報');
  await expect(page).toHaveURL(/\/settings\/permission-and-roles\/roles$/);
  await page.keyboard.press('Alt+Shift+W');
  await expect(side).toBeHidden();
});

test('an app found by name in the palette, its integration or its registry entry, opens in the side pane', async ({ page }) => {
  await signIn(page);
  const side = page.getByRole('complementary', { name: 'サイドペイン' });
  // The demo's Zoom: a registry entry and one integration, listed under アプリ.
  const pick = async (subtitle: string) => {
    await openPalette(page);
    await page.keyboard.type('Zoom');
    await expect(page.getByRole('option', { name: 'アプリ' })).toBeVisible();
    const hit = page.getByRole('option', { name: `Zoom ${subtitle}` });
    await expect(hit).toBeVisible();
    // Down to the hit, by keyboard (commands may rank above it).
    for (let i = 0; i < 20 && (await hit.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
    await expect(hit).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
  };
  await pick('連携 · daicho-demo.zoom.us');
  await expect(side.getByRole('heading', { level: 1 })).toContainText('Zoom');
  await expect(side.getByText('daicho-demo.zoom.us')).toBeVisible();
  await expect(side.locator('.tabbar [aria-current="page"]')).toHaveText('概要');
  await expect(page).toHaveURL(/\/software\/registry$/);

  await pick('SaaS · Zoom Communications');
  await expect(side.getByRole('heading', { level: 1 })).toContainText('Zoom');
  await expect(side.locator('.tabbar [aria-current="page"]')).toHaveText('詳細');
  await page.keyboard.press('Alt+Shift+W');
  await expect(side).toBeHidden();
});

test('Alt+Shift+T switches to the light theme, which passes axe too', async ({ page }) => {
  await signIn(page);
  await page.keyboard.press('Alt+Shift+T');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectAccessible(page);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('heading', { name: 'ソフトウェア台帳' })).toBeVisible();
  await page.keyboard.press('Alt+Shift+T');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});
