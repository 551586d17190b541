// Sign in with a printed demo account, by keyboard only, and land where the
// user was going; the sign-in screen and the landing pane pass axe.
import { expect, test } from '@playwright/test';
import { demo, expectAccessible, signIn } from './support.js';

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
  await expect(page.getByRole('heading', { name: '備品' })).toBeVisible();
  await expect(page.getByText('このモジュールはまだ利用できません。')).toBeVisible();
  await expectAccessible(page);

  // A reload keeps the session; the home redirect lands on the software registry.
  await page.goto('/');
  await expect(page).toHaveURL(/\/software\/registry$/);
  await expect(page.getByRole('heading', { name: 'ソフトウェア › 台帳' })).toBeVisible();
});

test('an unknown page says so, with a link home', async ({ page }) => {
  await signIn(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: /ページが見つかりません|Page not found/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /ホームへ戻る|Go to the home page/ })).toBeVisible();
});
