// The overview of the demo Slack integration (issue 6: every overview call
// computed from the seeded accounts, sign-in history and contract, drawn
// with uPlot): the cards show the seed's figures (server/seed/software-demo.ts:
// 60 accounts, 58 active at ¥1,050 a billable user a month; ten accounts
// that could go), the recommended actions lead to the users tab's
// categories by keyboard, and each chart has its numbers as text for screen
// readers. Axe-clean in the dark and the light theme.
import { expect, type Page } from '@playwright/test';
import { expectAccessible, openPalette, signIn, test } from './support.js';

async function openSlackOverview(page: Page) {
  await openPalette(page);
  await page.keyboard.type('App integrations');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app-integrations$/);
  const list = page.getByRole('grid', { name: 'アプリ連携' });
  await expect(list).toBeVisible();
  await page.keyboard.press('/');
  await page.keyboard.type('daicho-demo.slack.com');
  await expect(page).toHaveURL(/text=daicho-demo\.slack\.com/);
  await expect(list.getByRole('row')).toHaveCount(2);
  // Back to the rows (the filtered list, its first row active), then open it.
  await page.keyboard.press('Escape');
  await expect(list).toBeFocused();
  await expect(list.getByRole('row').nth(1)).toContainText('daicho-demo.slack.com');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app-integrations\/[0-9a-f-]{36}\/overview$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Slack');
}

const card = (page: Page, name: string) => page.getByRole('region', { name });

test('the demo Slack overview shows the seeded figures and charts, and its actions open the users tab', async ({ page }) => {
  await signIn(page);
  await openSlackOverview(page);

  const users = card(page, 'アカウントと人');
  await expect(users.getByRole('definition').first()).toHaveText('60');
  await expect(users).toContainText('有効58');
  await expect(users.getByRole('link', { name: /対応が必要な行: 16/ })).toBeVisible();

  const contract = card(page, '契約');
  await expect(contract).toContainText('Pro');
  await expect(contract).toContainText('従量課金');
  await expect(contract).toContainText('毎月');

  // 58 active accounts × ¥1,050.
  const billing = card(page, '請求額');
  await expect(billing).toContainText('60,900');
  await expect(billing).toContainText('58 ×');
  await expect(billing).toContainText('730,800');

  // Ten accounts could go (8 inactive, 3 alumni, 3 with no person; some are several): ¥10,500 a month.
  const saving = card(page, '削減できる費用');
  await expect(saving).toContainText('10,500');
  await expect(saving).toContainText('126,000');
  await expect(saving).toContainText('削除できるアカウント10');

  const renewal = card(page, '更新');
  await expect(renewal.getByRole('definition').first()).toHaveText(/^\d{4}\/\d{2}\/\d{2}$/);

  const actions = card(page, '推奨アクション').getByRole('listitem');
  await expect(actions).toHaveCount(6);
  await expect(actions.nth(0)).toContainText('5利用が認められていない人のアカウントを削除する');
  await expect(actions.nth(0)).toContainText('5,250');
  await expect(actions.nth(1)).toContainText('3退職者のアカウントを削除する');
  await expect(actions.nth(2)).toContainText('3アカウントを人に紐づける');
  await expect(actions.nth(3)).toContainText('2割り当てと異なるロールを修正する');
  await expect(actions.nth(4)).toContainText('890 日間サインインのないアカウント');
  await expect(actions.nth(5)).toContainText('2割り当て済みの人のアカウントを作成する');

  // Three charts drawn on canvas, each with its 12 months as a table for screen readers.
  const charts = page.getByRole('figure');
  await expect(charts).toHaveCount(3);
  for (const name of ['月ごとのアカウント数と有効アカウント数（過去 12 か月）', '有効アカウントのうち、その月にサインインした割合（過去 12 か月、%）', '現在の契約での月ごとの費用（過去 12 か月）']) {
    const figure = page.getByRole('figure', { name });
    await expect(figure.locator('canvas').first()).toBeVisible();
    await expect(figure.getByRole('table', { name }).getByRole('row')).toHaveCount(13);
  }
  // This month: 60 accounts, 58 active; 58 × ¥1,050 spent.
  const growth = page.getByRole('table', { name: '月ごとのアカウント数と有効アカウント数（過去 12 か月）' });
  await expect(growth.getByRole('row').last().getByRole('cell')).toHaveText(['60', '58']);
  await expect(page.getByRole('table', { name: '現在の契約での月ごとの費用（過去 12 か月）' }).getByRole('row').last().getByRole('cell')).toHaveText([/60,900/]);
  await expectAccessible(page);

  // The light theme: the charts are drawn again in its colours, still accessible.
  const dark = await page.locator('html').getAttribute('data-theme');
  await page.keyboard.press('Alt+Shift+KeyT');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', dark ?? 'dark');
  await expect(page.getByRole('figure').first().locator('canvas').first()).toBeVisible();
  await expectAccessible(page);

  // An action by keyboard: the alumni accounts in the users tab.
  const alumni = card(page, '推奨アクション').getByRole('link', { name: /退職者のアカウントを削除する/ });
  await alumni.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app-integrations\/[0-9a-f-]{36}\/users\?.*category=ALUMNI/);
});
