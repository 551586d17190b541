// The CSV connector in the browser, by keyboard (spec 2.3, 2.5, 4; issue 6):
// from an integration's page the palette opens its import page, which shows
// the integration and its contract; the template downloads from the upload
// step; a file with a bad cell is refused in the preview, the fixed one
// imports, and the completion dialog leads to the users tab where the
// imported accounts stand with their rules. axe on every step.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { parse, toCsv } from '../support/csv.js';
import { callApi, chooseFile, demo, expectAccessible, openPalette, signIn, test } from './support.js';

const BOM = '\uFEFF';
const tenant = `e2e-csv-${Date.now().toString(36)}`;

test('from an integration, import its accounts from CSV: a bad cell is refused, the fixed file imports, the accounts show with their rules', async ({ page }, info) => {
  await signIn(page);
  // An installed app with a contract, and who should hold an account: 山田 花子 as Admin.
  const { appIntegrationId: id } = await callApi<{ appIntegrationId: string }>(page, 'POST', '/v2/app-integrations', { appId: 'figma', tenantName: tenant });
  await callApi(page, 'PATCH', `/v2/app-integrations/${id}/settings/pricing-plan`, { planName: 'Organization', pricingModel: 'LINEAR', priceOfUnitPerBillingCycle: 1650, currencyCode: 'JPY', unit: 'BILLABLE_USER' });
  await callApi(page, 'PATCH', `/v2/app-integrations/${id}/settings/custom-app-contract`, { contractAnchorMonth: 4, contractAnchorDay: 1, billingCycleUnit: 'YEAR', billingCycleLength: 1 });
  const admin = (
    await callApi<{ items: { personId: string; primaryWorkerEmail: string | null }[] }>(page, 'GET', `/v2/workers-for-select?freeText=${encodeURIComponent(demo('admin').email)}&limit=5`)
  ).items.find((w) => w.primaryWorkerEmail === demo('admin').email)!;
  await callApi(page, 'PUT', `/v2/app-integrations/${id}/assignments/${admin.personId}`, { roleName: 'Admin' });

  // From the integration's page, the palette opens the import page.
  await page.goto(`/app-integrations/${id}/detail`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Figma');
  await openPalette(page);
  await page.keyboard.type('import accounts');
  await expect(page.getByRole('option', { selected: true })).toContainText('CSV からアカウントを取り込む');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app-integrations/import-csv/${id}$`));

  // The integration and its contract (from the overview's app-contract call).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Figma / アカウントの取り込み');
  const header = page.getByRole('region', { name: '連携' });
  await expect(header).toContainText(tenant);
  await expect(header).toContainText('Organization');
  await expect(header).toContainText('従量課金');
  await expect(header).toContainText('毎年');
  await expect(header).toContainText('￥1,650');
  await expect(page.getByText('ファイルにないアカウントは削除されます')).toBeVisible();
  await expectAccessible(page);

  // The template, from the upload step's button (the same command as the palette's).
  const template = page.getByRole('button', { name: /アカウント CSV のテンプレートをダウンロード/ });
  await template.focus();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^template-figma-accounts-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await file.path(), 'utf8');
  expect(text.startsWith(BOM)).toBe(true);
  const [head = []] = parse(text.slice(1));
  expect(head).toEqual(['アカウントID', 'ユーザー名', 'メールアドレス', '表示名', 'ロール', 'ステータス', '有効', '最終サインイン', '作成日時', '社員番号', 'グループ', 'MFA']);

  // The tenant's accounts, one with a bad e-mail.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  const rows = [
    ['u-hanako', demo('admin').email, demo('admin').email, '山田 花子', 'Admin', 'アクティブ', '有効', yesterday, '', '', 'Owners;Design', '有効'],
    ['u-kenta', demo('it').email, demo('it').email, '佐藤 健太', 'Editor', 'アクティブ', '有効', yesterday, '', '', 'Design', '無効'],
    ['u-ghost', 'ghost', 'ghost-at-outside.example', 'Ghost Contractor', 'Viewer', 'アクティブ', '有効', yesterday, '', '', '', ''],
  ];
  const csv = path.join(info.outputDir, 'figma-accounts.csv');
  fs.mkdirSync(info.outputDir, { recursive: true });
  fs.writeFileSync(csv, BOM + toCsv([head, ...rows]));
  await page.locator('.csv-wizard').focus();
  await chooseFile(page, csv);
  await expect(page).toHaveURL(/uploadedFileKey=.*#preview-file$/);
  await expect(page.getByText('エラーのある行 1 行')).toBeVisible();
  await expect(page.locator('td.cell-error')).toContainText('ghost-at-outside.example');
  await expect(page.locator('.csv-preview tbody th[scope="row"]').nth(2)).toHaveAttribute('title', /^メールアドレス: 正しいメールアドレスを入力してください。/);
  await expect(page.getByRole('button', { name: '次へ' })).toBeDisabled();
  await expectAccessible(page);

  // Back, fix the cell, the same file again.
  await page.getByRole('button', { name: '戻る' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#upload-file$/);
  rows[2]![2] = 'ghost@outside.example';
  fs.writeFileSync(csv, BOM + toCsv([head, ...rows]));
  await chooseFile(page, csv);
  await expect(page).toHaveURL(/#preview-file$/);
  await expect(page.getByText('エラーのある行 0 行')).toBeVisible();
  const summary = page.getByRole('list', { name: '確認結果' });
  await expect(summary).toContainText('追加 3 · 更新 0 · 変更なし 0');
  await expect(summary).toContainText('削除 0');

  // Next imports: the completion dialog, then the users tab with every category.
  const next = page.getByRole('button', { name: '次へ' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#import-data$/);
  const done = page.getByRole('dialog', { name: '取り込みが完了しました' });
  await expect(done).toContainText('追加 3 件、更新 0 件、変更なし 0 件、削除 0 件。');
  const toUsers = page.getByRole('link', { name: 'Figma のアカウントへ' });
  await expect(toUsers).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app-integrations/${id}/users\\?category=ALL`));

  // The accounts, matched to people, with their rules.
  const grid = page.getByRole('grid', { name: 'アカウント', exact: true });
  await expect(grid.getByRole('row', { name: /山田 花子.*一致/ })).toBeVisible();
  await expect(grid.getByRole('row', { name: /佐藤 健太.*違反/ })).toBeVisible();
  await expect(grid.getByRole('row', { name: /Ghost Contractor.*人が不明/ })).toBeVisible();
  await expect(page.getByText('アカウントは最新です')).toBeVisible();
});

test('the next file deletes the accounts it no longer lists: the preview says so before the import', async ({ page }, info) => {
  await signIn(page);
  const { appIntegrationId: id } = await callApi<{ appIntegrationId: string }>(page, 'POST', '/v2/app-integrations', { appId: 'canva', tenantName: `${tenant}-b` });
  const head = ['Account ID', 'E-mail', 'Display name'];
  const first = path.join(info.outputDir, 'canva-1.csv');
  fs.mkdirSync(info.outputDir, { recursive: true });
  fs.writeFileSync(first, toCsv([head, ['a', 'a@outside.example', 'A'], ['b', 'b@outside.example', 'B']]));

  await page.goto(`/app-integrations/${id}/users`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Canva');
  // Shift+I, the command's key, from the integration's pane.
  await page.getByRole('grid', { name: 'アカウント', exact: true }).focus();
  await page.keyboard.press('Shift+I');
  await expect(page).toHaveURL(new RegExp(`/app-integrations/import-csv/${id}$`));
  await chooseFile(page, first);
  await expect(page.getByText('エラーのある行 0 行')).toBeVisible();
  await page.getByRole('button', { name: '次へ' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: '取り込みが完了しました' })).toBeVisible();
  await page.keyboard.press('Escape');

  const second = path.join(info.outputDir, 'canva-2.csv');
  fs.writeFileSync(second, toCsv([head, ['a', 'a@outside.example', 'A']]));
  await page.goto(`/app-integrations/import-csv/${id}`);
  await chooseFile(page, second);
  const summary = page.getByRole('list', { name: '確認結果' });
  await expect(summary).toContainText('変更なし 1');
  await expect(summary).toContainText('取り込むと、ファイルにないアカウント 1 件が削除されます。');
  await expectAccessible(page);
  await page.getByRole('button', { name: '次へ' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: '取り込みが完了しました' })).toContainText('削除 1 件');
  await page.keyboard.press('Enter');
  const grid = page.getByRole('grid', { name: 'アカウント', exact: true });
  await expect(grid.getByRole('row', { name: /a@outside\.example/ })).toBeVisible();
  await expect(grid.getByRole('row', { name: /b@outside\.example/ })).toHaveCount(0);
});

test('o pressed the moment the import page shows, before the session is read, still opens the file picker', async ({ page }, info) => {
  await signIn(page);
  const { appIntegrationId: id } = await callApi<{ appIntegrationId: string }>(page, 'POST', '/v2/app-integrations', { appId: 'canva', tenantName: `${tenant}-c` });
  const file = path.join(info.outputDir, 'canva.csv');
  fs.mkdirSync(info.outputDir, { recursive: true });
  fs.writeFileSync(file, toCsv([['Account ID', 'E-mail', 'Display name'], ['a', 'a@outside.example', 'A']]));
  // The session (its areas, which the command needs) answered late, as on
  // a slow network after a reload: the page shows before it.
  let unanswered = 0;
  await page.route(/\/v2\/session$/, async (route) => {
    unanswered++;
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, 1500));
    await route.fulfill({ response });
    unanswered--;
  });
  await page.goto(`/app-integrations/import-csv/${id}`);
  await expect(page.locator('.csv-wizard:focus-within')).toHaveCount(1);
  // The workspace's own read of the session is still on its way as o is pressed.
  expect(unanswered).toBeGreaterThan(0);
  await chooseFile(page, file);
  await expect(page.getByText('エラーのある行 0 行')).toBeVisible();
});
