// Global dialogs by keyboard: the forbidden dialog for the area-limited
// operator and for an account with both areas, a confirm + toast on the MFA
// switch for the admin, and a titled destructive toast from a refused save.
// Focus stays inside an open dialog.
import { expect, type Page } from '@playwright/test';
import { callApi, expectAccessible, signIn, test } from './support.js';

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

test('a 403 for an account with both areas offers the staff console and my tasks; my tasks by keyboard goes to /individual', async ({ page }) => {
  // The admin has every area and individual access, so the server refuses it
  // nothing: the MFA settings call answers 403 here, with the server's body.
  // The session the dialog reads to choose its buttons is the real one.
  await signIn(page, 'admin');
  await page.route(
    (url) => url.pathname === '/v2/settings/mfa',
    (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 403, json: { code: 'FORBIDDEN', title: 'アクセスが拒否されました', message: 'この機能を利用する権限がありません。' } })
        : route.fallback(),
  );
  await page.goto('/settings/mfa');
  const dialog = page.getByRole('dialog', { name: 'アクセスが拒否されました' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('この機能を利用する権限がありません。');
  await expect(dialog.getByRole('button')).toHaveText(['スタッフ画面へ', 'マイタスクへ', '閉じる']);
  await expect(dialog.getByRole('button', { name: 'スタッフ画面へ' })).toBeFocused();
  await expectAccessible(page);
  await expectFocusTrapped(page);
  await dialog.getByRole('button', { name: 'スタッフ画面へ' }).focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'マイタスクへ' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/individual$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'マイタスク' })).toBeVisible();
});

test('a refused save shows a destructive toast with a title, announced as an alert, kept until dismissed; a good one a status toast', async ({ page }) => {
  // The page's clock, moved on below past a notice's lifetime.
  await page.clock.install();
  await signIn(page, 'admin');
  const tenant = `toast-${Date.now().toString(36)}`;
  const { appIntegrationId: id } = await callApi<{ appIntegrationId: string }>(page, 'POST', '/v2/app-integrations', { appId: 'notion', tenantName: tenant });
  await page.goto(`/app-integrations/${id}/settings`);
  const form = page.getByRole('form', { name: '外部テナント' });
  const name = form.getByLabel('テナント', { exact: true });
  await expect(name).toHaveValue(tenant);
  // An empty tenant name: the server refuses it (400, in the user's language).
  await name.focus();
  await name.fill('');
  await page.keyboard.press('Control+Enter');
  const toasts = page.getByRole('region', { name: '通知' });
  const refused = toasts.getByRole('alert');
  await expect(refused).toHaveCount(1);
  await expect(refused).toHaveClass(/destructive/);
  await expect(refused.locator('strong')).toHaveText('更新に失敗しました。');
  // The description is the server's message in the user's language.
  await expect(refused.locator('span')).toHaveText('入力内容に誤りがあります。該当する項目を確認してください。');
  // An error does not leave by itself (a notice does, after 6 s): dismissed by keyboard.
  await page.clock.runFor(7000);
  await expect(refused).toHaveCount(1);
  await refused.getByRole('button', { name: '閉じる' }).focus();
  await page.keyboard.press('Enter');
  await expect(refused).toHaveCount(0);
  // What was typed stays, marked as refused.
  await expect(name).toHaveValue('');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  // A good name: the external tenant's own success toast (spec 8), a polite status.
  await name.focus();
  await page.keyboard.type(`${tenant}-renamed`);
  await page.keyboard.press('Control+Enter');
  const saved = toasts.getByRole('status').filter({ hasText: 'Success!!' });
  await expect(saved).toBeVisible();
  await expect(saved).not.toHaveClass(/destructive/);
  await expect(toasts.getByRole('alert')).toHaveCount(0);
  await page.clock.runFor(7000);
  await expect(saved).toHaveCount(0);
});
