// Sign in with a printed demo account, by keyboard only, and land where the
// user was going; the sign-in screen and the landing pane pass axe.
import { expect } from '@playwright/test';
import { demo, expectAccessible, openPalette, signIn, test } from './support.js';

const admin = demo('admin');

test('a signed-out user is sent to sign-in and back after signing in', async ({ page }) => {
  await page.goto('/equipment?freeText=pc');
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Fequipment%3FfreeText%3Dpc/);
  await expect(page.getByRole('heading', { name: '台帳にサインイン' })).toBeVisible();
  await expectAccessible(page);

  // Keyboard only: the e-mail field has focus.
  await page.keyboard.type(admin.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('wrong-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('メールアドレスまたはパスワードが正しくありません。');
  await expect(page.getByLabel('メールアドレス')).toHaveValue(admin.email);

  await page.getByLabel('パスワード').fill('');
  await page.getByLabel('パスワード').focus();
  await page.keyboard.type(admin.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/equipment\?freeText=pc$/);
  await expect(page.getByRole('heading', { name: '備品', exact: true })).toBeVisible();
  // The list opens with the filter from the URL it was asked for.
  await expect(page.getByRole('searchbox', { name: '絞り込み' })).toHaveValue('pc');
  await expect(page.getByRole('grid', { name: '備品' })).toBeVisible();
  await expectAccessible(page);

  // A reload keeps the session; the home redirect lands on the software registry.
  await page.goto('/');
  await expect(page).toHaveURL(/\/software\/registry$/);
  await expect(page.getByRole('heading', { name: 'ソフトウェア台帳' })).toBeVisible();
});

test('an unknown page says so, with a link home', async ({ page }) => {
  await signIn(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: /ページが見つかりません|Page not found/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /ホームへ戻る|Go to the home page/ })).toBeVisible();
});

test('an expired stored session is refreshed with the refresh token; signing out forgets it', async ({ page }) => {
  await signIn(page);
  // Make the stored access token look expired (only its exp is read here;
  // the server never sees it, since the refresh replaces it first).
  const before = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!;
    const [h, p, s] = localStorage.getItem(key)!.split('.');
    const payload = JSON.parse(atob(p!.replace(/-/g, '+').replace(/_/g, '/')));
    payload.exp = 1;
    const b64 = btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    localStorage.setItem(key, `${h}.${b64}.${s}`);
    return { key, token: `${h}.${b64}.${s}` };
  });
  await page.goto('/equipment');
  await expect(page.getByRole('grid', { name: '備品' })).toBeVisible();
  await expect(page.getByRole('contentinfo', { name: 'status' })).toContainText(admin.email);
  const after = await page.evaluate((k) => localStorage.getItem(k), before.key);
  expect(after).not.toBe(before.token);
  expect(JSON.parse(Buffer.from(after!.split('.')[1]!, 'base64url').toString()).exp * 1000).toBeGreaterThan(Date.now());

  // Sign out from the palette: the stored session is gone, and pages ask for sign-in again.
  await openPalette(page);
  await page.keyboard.type('サインアウト');
  await expect(page.getByRole('option', { selected: true })).toContainText('サインアウト');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider.')))).toEqual([]);
  await page.goto('/equipment');
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=/);
});

test('signed out, Ctrl+Cmd+L and the language button switch the screens before sign-in, kept across a reload', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await expect(page.getByRole('heading', { name: '台帳にサインイン' })).toBeVisible();
  await expect(page.getByLabel('メールアドレス')).toBeFocused();
  // The same chord as in the workspace (the registry's language command), from the e-mail field.
  await page.keyboard.press('Control+Meta+l');
  await expect(page.getByRole('heading', { name: 'Sign in to Daicho' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expectAccessible(page);

  // No session to save it to: the browser keeps it, on every screen before sign-in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to Daicho' })).toBeVisible();
  await page.goto('/auth/password-reset');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

  // The switch is a button, named in the language it switches to, reached by Tab.
  const toJapanese = page.getByRole('button', { name: '日本語' });
  for (let i = 0; i < 6 && !(await toJapanese.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(toJapanese).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'パスワードの再設定' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect(page.getByRole('button', { name: 'English' })).toBeFocused();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'パスワードの再設定' })).toBeVisible();

  // A language picked before sign-in is the user's choice: the sign-in saves
  // it to the session (the admin's was Japanese), so the workspace opens in it.
  await page.keyboard.press('Control+Meta+l');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Software registry' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Software registry' })).toBeVisible();
  // Back to Japanese, saved to the session, for the tests after this one.
  await page.keyboard.press('Control+Meta+l');
  await expect(page.getByRole('heading', { name: 'ソフトウェア台帳' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'ソフトウェア台帳' })).toBeVisible();
});

test('a page whose module is not built names its route; a tab the spec leaves empty says there is nothing yet', async ({ page }) => {
  await signIn(page);
  // The cockpit's module is not built: the pane says so and names the route.
  await page.goto('/cockpit');
  const pane = page.getByRole('region', { name: 'コックピット' });
  await expect(pane.getByRole('heading', { level: 1, name: 'コックピット' })).toBeVisible();
  await expect(pane.getByRole('status')).toContainText('このモジュールはまだ利用できません。');
  await expect(pane.getByRole('status')).toContainText('ルート: /cockpit');
  await expect(pane.getByText('まだ表示する内容はありません。')).toHaveCount(0);
  await expectAccessible(page);

  // The networks overview tab is empty in the spec itself: an empty state, no "not built".
  await page.goto('/networks/overview');
  const tab = page.getByRole('region', { name: /概要/ });
  await expect(tab.getByRole('heading', { level: 1 })).toContainText('概要');
  await expect(tab.getByText('まだ表示する内容はありません。')).toBeVisible();
  await expect(page.getByText('このモジュールはまだ利用できません。')).toHaveCount(0);
  await expect(tab.getByRole('status')).toHaveCount(0);
  await expectAccessible(page);
});

// The check every pane's test relies on finds what it is there to find.
test('the accessibility check fails on a page with a button nobody can name', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await expect(page.getByRole('heading', { name: '台帳にサインイン' })).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => document.querySelector('main')!.append(Object.assign(document.createElement('button'), { id: 'unnamed' })));
  await expect(expectAccessible(page)).rejects.toThrow(/button-name: .*#unnamed/);
});
