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
