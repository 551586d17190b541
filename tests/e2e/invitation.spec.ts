// Invitation and password reset end to end: the admin invites by API, the
// mail arrives in MailDev, the invitee opens the link, sets a password by
// keyboard and lands in their area; then resets the password with the mailed
// code. Unknown codes go to sign-in with invitation_not_found.
import { expect } from '@playwright/test';
import { createApiClient } from '../../src/api/client.js';
import { getAuthConfig } from '../../src/api/contracts/auth.js';
import { createInvitation } from '../../src/api/contracts/invitations.js';
import { signIn as cognitoSignIn } from '../support/cognito.js';
import { waitForMail } from '../support/maildev.js';
import { demo, expectAccessible, signIn, test } from './support.js';


test('an invitee sets a password from the mailed link, then resets it with a mailed code', async ({ page, server }) => {
  const cfg = await createApiClient({ baseUrl: server.base })(getAuthConfig);
  const admin = demo('admin');
  const tokens = await cognitoSignIn({ endpoint: cfg.endpoint!, userPoolId: cfg.userPoolId, clientId: cfg.clientId, email: admin.email, password: admin.password });
  const email = `invitee-${Date.now()}@daicho.example`;
  await createApiClient({ baseUrl: server.base, getToken: () => tokens.accessToken })(createInvitation, {
    body: { kind: 'INDIVIDUAL', email, givenName: '次郎', familyName: '田中' },
  });
  const mail = await waitForMail(server.maildev, (m) => m.to.includes(email), 20_000);
  const link = mail.text.match(/https?:\/\/\S+\/auth\/invitation\/\S+/)![0];

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: '台帳への参加' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('田中 次郎')).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByLabel('新しいパスワード', { exact: true })).toBeFocused();
  await page.keyboard.type('short');
  await page.keyboard.press('Tab');
  await page.keyboard.type('short');
  await page.keyboard.press('Enter');
  await expect(page.getByText('8文字以上で、英大文字・英小文字・数字・記号をそれぞれ含めてください。')).toBeVisible();
  await expect(page.getByLabel('新しいパスワード', { exact: true })).toHaveValue('short');

  await page.getByLabel('新しいパスワード', { exact: true }).fill('Invitee-passw0rd!');
  await page.getByLabel('新しいパスワード（確認）').fill('Invitee-passw0rd!');
  await page.keyboard.press('Enter');
  // An individual-only account lands in the individual area.
  await expect(page).toHaveURL(/\/individual$/);

  // Signed out, the link cannot be used twice.
  await page.evaluate(() => localStorage.clear());
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/auth\/sign-in\?error=invitation_not_found/);

  // Password reset with the mailed code.
  await page.goto('/auth/password-reset');
  await expect(page.getByLabel('メールアドレス')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(email);
  const resetMail = await waitForMail(server.maildev, (m) => m.to.includes(email) && /\d{6}/.test(m.subject), 20_000);
  const code = resetMail.subject.match(/(\d{6})/)![1]!;
  await page.getByLabel('メールに届いたコード').fill(code);
  await page.getByLabel('新しいパスワード').fill('Changed-passw0rd!');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('パスワードを変更しました。新しいパスワードでサインインしてください。');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill('Changed-passw0rd!');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/individual$/);
});

test('an unknown invitation code goes to sign-in with invitation_not_found', async ({ page }) => {
  await page.goto('/auth/invitation/no-such-code');
  await expect(page).toHaveURL(/\/auth\/sign-in\?error=invitation_not_found$/);
  await expect(page.getByRole('alert')).toHaveText('この招待は無効です。サインインするか、新しい招待を依頼してください。');
  await signIn(page);
});
