// Global dialogs by keyboard: the forbidden dialog for the area-limited
// operator, and a confirm + toast on the MFA switch for the admin. Focus stays
// inside an open dialog.
import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn, test } from './support.js';

async function expectFocusTrapped(page: Page) {
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
  }
}

test('a 403 opens the forbidden dialog with the way back to what the account may use', async ({ page }) => {
  await signIn(page, 'it');
  await page.goto('/settings/mfa');
  const dialog = page.getByRole('dialog', { name: 'アクセスが拒否されました' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('この機能を利用する権限がありません。');
  // IT operator: staff area yes, individual area no.
  await expect(dialog.getByRole('button', { name: 'スタッフ画面へ' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'マイタスクへ' })).toHaveCount(0);
  await expectAccessible(page);
  await expectFocusTrapped(page);
  await dialog.getByRole('button', { name: 'スタッフ画面へ' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/software\/registry$/);
  await expect(dialog).toBeHidden();
});

test('confirm, then a toast: switching e-mail MFA on and off by keyboard', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/settings/mfa');
  await expect(page.getByRole('heading', { name: '多要素認証' })).toBeVisible();
  await expect(page.getByText('オフ', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'メールコードをオンにする' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'メールコードをオンにする' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await expectFocusTrapped(page);
  // Escape cancels: nothing changes.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByText('オフ', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'メールコードをオンにする' }).focus();
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: '実行' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '保存しました。' })).toBeVisible();
  await expect(page.getByText('オン', { exact: true })).toBeVisible();

  // And off again, so other sign-ins need no code.
  await page.getByRole('button', { name: 'メールコードをオフにする' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByText('オフ', { exact: true })).toBeVisible();
});
