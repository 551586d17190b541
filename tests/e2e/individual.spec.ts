// The individual area (spec 2.3, 6): an individual-only account lands on its
// home, with its name and an honest empty state for its tasks; staff pages
// send it back there. An operator without individual access who opens
// /individual goes to the staff home. mfa_method=email on sign-in asks for
// the mailed code right after the password. Every pane passes axe.
import { expect, type Page } from '@playwright/test';
import { waitForMail } from '../support/maildev.js';
import { demo, expectAccessible, openPalette, signIn, test } from './support.js';

const individual = demo('individual');

async function typeCredentials(page: Page, user: { email: string; password: string }) {
  await expect(page.getByLabel('メールアドレス')).toBeFocused();
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
}

test('an individual-only account lands on its home, and staff pages send it back there', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await typeCredentials(page, individual);
  await expect(page).toHaveURL(/\/individual$/);
  await expect(page.getByRole('heading', { level: 1, name: 'マイタスク' })).toBeVisible();
  await expect(page.getByText(`ようこそ、${individual.familyName} ${individual.givenName} さん`)).toBeVisible();
  // No made-up tasks: the list comes with the operations module, and the pane says so.
  await expect(page.getByRole('heading', { level: 2, name: '自分のタスクとオペレーションパッケージ' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'オペレーションモジュールの提供後' })).toBeVisible();
  await expect(page.getByText('このモジュールはまだ利用できません')).toHaveCount(0);
  await expectAccessible(page);

  for (const staffPage of ['/equipment', '/', '/settings/mfa', '/people/workforce?freeText=x']) {
    await page.goto(staffPage);
    await expect(page, staffPage).toHaveURL(/\/individual$/);
    await expect(page.getByRole('heading', { level: 1, name: 'マイタスク' })).toBeVisible();
  }
  // Its own area stays open to it (pages not built yet say so).
  await page.goto('/individual/task/t-1');
  await expect(page).toHaveURL(/\/individual\/task\/t-1$/);

  // Signed in, sign-in itself goes home: the individual home.
  await page.goto('/auth/sign-in');
  await expect(page).toHaveURL(/\/individual$/);
});

test('an operator without individual access who opens /individual goes to the staff home', async ({ page }) => {
  await signIn(page, 'it');
  await page.goto('/individual');
  await expect(page).toHaveURL(/\/software\/registry$/);
  await expect(page.getByRole('heading', { name: 'ソフトウェア台帳' })).toBeVisible();
  await expectAccessible(page);

  // An operator with individual access has both areas.
  await openPalette(page);
  await page.keyboard.type('サインアウト');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await signIn(page, 'admin');
  await page.goto('/individual');
  await expect(page).toHaveURL(/\/individual$/);
  await expect(page.getByText(`ようこそ、${demo('admin').familyName} ${demo('admin').givenName} さん`)).toBeVisible();
  await page.goto('/equipment');
  await expect(page).toHaveURL(/\/equipment$/);
});

test('mfa_method=email asks for the mailed code right after the password', async ({ page, server }) => {
  const since = Date.now() - 1000;
  await page.goto('/auth/sign-in?mfa_method=email');
  await typeCredentials(page, individual);
  await expect(page.getByRole('heading', { name: 'メールに届いたコードを入力' })).toBeVisible();
  await expect(page.getByLabel('確認コード')).toBeFocused();
  await expectAccessible(page);
  const mail = await waitForMail(server.maildev, (m) => m.to.includes(individual.email) && /\d{6}/.test(m.subject) && new Date(m.date).getTime() >= since, 20_000);
  await page.keyboard.type(mail.subject.match(/\d{6}/)![0]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/individual$/);
  await expect(page.getByRole('heading', { level: 1, name: 'マイタスク' })).toBeVisible();
});
