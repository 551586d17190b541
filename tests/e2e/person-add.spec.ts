// Adding people in the browser, by keyboard (issue 7 "Done when"): add an
// employee from the palette, a refused save keeps what was typed, the saved
// one lands on the completed page, whose keys lead on; a completed page
// without its search says what is missing. Import employees from a Shift_JIS
// CSV with Japanese names, kana and era dates: a bad date is refused per
// cell, the fixed file imports, the same file again is unchanged. Bring
// people in from an HR SaaS over SCIM: the preview shows the difference,
// Ctrl+Enter applies it. axe on every pane.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import iconv from 'iconv-lite';
import { parse, toCsv } from '../support/csv.js';
import { startScimServer, type ScimServer } from '../support/scim-server.js';
import { callApi, chooseFile, expectAccessible, openPalette, signIn, test } from './support.js';

const run = Date.now().toString(36);

test('add an employee by keyboard and land on the completed page', async ({ page }) => {
  await signIn(page);
  await openPalette(page);
  await page.keyboard.type('従業員を追加');
  await expect(page.getByRole('option', { selected: true })).toContainText('従業員を追加');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/person\/add\/employee$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('従業員の追加');
  const family = page.getByRole('textbox', { name: '姓', exact: true });
  await expect(family).toBeFocused();
  await expectAccessible(page);

  // The family name and the kana, then save without the given name.
  await page.keyboard.type('渡辺');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: '姓（カナ）' })).toBeFocused();
  await page.keyboard.type('わたなべ');
  await page.getByRole('textbox', { name: '社員番号' }).focus();
  await page.keyboard.type(`E2E-${run}`);
  await page.keyboard.press('Control+Enter');
  const given = page.getByRole('textbox', { name: '名', exact: true });
  await expect(given).toBeFocused();
  await expect(given).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('値を入力してください（空白のみは入力できません）。')).toBeVisible();
  await expect(family).toHaveValue('渡辺');
  await expect(page.getByRole('textbox', { name: '姓（カナ）' })).toHaveValue('わたなべ');

  await page.keyboard.type('翔太');
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/person\/add\/employee\/completed\?addedPersonGivenName=%E7%BF%94%E5%A4%AA&addedPersonFamilyName=%E6%B8%A1%E8%BE%BA&addedPersonID=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('追加しました');
  await expect(page.getByRole('status').filter({ hasText: '渡辺 翔太 さんを従業員として追加しました。' })).toBeVisible();
  const id = new URL(page.url()).searchParams.get('addedPersonID')!;
  await expect(page.getByText(id)).toBeVisible();
  await expectAccessible(page);
  // n: add another of the type; Back, then o: open the person.
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/person\/add\/employee$/);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('追加しました');
  await page.locator('[data-scope="pane:person-add-completed"]').focus();
  await page.keyboard.press('o');
  await expect(page).toHaveURL(new RegExp(`/person/${id}/personal-information$`));

  // Without the person's ID the completed page says what is missing; an unknown type is not found.
  await page.goto('/person/add/employee/completed?addedPersonGivenName=%E7%BF%94%E5%A4%AA');
  await expect(page.getByRole('alert')).toContainText('addedPersonID');
  await expect(page.getByRole('heading', { name: 'このページのアドレスが足りません' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/person/add/robot');
  await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();
});

test('import people from a Shift_JIS CSV with Japanese names', async ({ page }, info) => {
  await signIn(page);
  await openPalette(page);
  await page.keyboard.type('従業員を CSV');
  await expect(page.getByRole('option', { selected: true })).toContainText('従業員を CSV で取り込む');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/person\/import-csv\/employee$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('従業員の CSV インポート');
  await expectAccessible(page);

  // The template, from the upload step's button (the palette's command).
  await page.getByRole('button', { name: /人物 CSV のテンプレートをダウンロード/ }).focus();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const template = await download;
  const [head = []] = parse(fs.readFileSync(await template.path(), 'utf8').replace(/^\uFEFF/, ''));
  expect(head.slice(0, 6)).toEqual(['社員番号', '姓', '名', 'ミドルネーム', '姓（カナ）', '名（カナ）']);

  // A Shift_JIS file as Japanese Excel writes it: 髙 (an NEC/IBM extension), half-width kana, era dates.
  const header = ['社員番号', '姓', '名', '姓（カナ）', '名（カナ）', '生年月日', '入社日'];
  const rows = [
    [`CSV-${run}-1`, '髙橋', '美咲', 'ﾀｶﾊｼ', 'みさき', '平成2年11月30日', '令和7年4月1日'],
    [`CSV-${run}-2`, '齋藤', '一郎', 'サイトウ', 'イチロウ', 'S55.1.2', '平成31年5月1日'],
  ];
  const file = path.join(info.outputDir, 'people-sjis.csv');
  fs.mkdirSync(info.outputDir, { recursive: true });
  fs.writeFileSync(file, iconv.encode(toCsv([header, ...rows]), 'cp932'));
  await page.locator('.csv-wizard').focus();
  await chooseFile(page, file);
  await expect(page).toHaveURL(/uploadedFileKey=.*#preview-file$/);
  await expect(page.getByText('エラーのある行 1 行')).toBeVisible();
  await expect(page.locator('td.cell-error')).toContainText('平成31年5月1日');
  await expect(page.locator('.csv-preview')).toContainText('髙橋');
  await expect(page.getByText('Shift_JIS として読み込み')).toBeVisible();
  await expect(page.getByRole('button', { name: '次へ' })).toBeDisabled();
  await expectAccessible(page);

  // Back, fix the date (令和元年 is 2019-05-01), the same file again.
  await page.getByRole('button', { name: '戻る' }).focus();
  await page.keyboard.press('Enter');
  rows[1]![6] = '令和元年5月1日';
  fs.writeFileSync(file, iconv.encode(toCsv([header, ...rows]), 'cp932'));
  await chooseFile(page, file);
  await expect(page.getByText('エラーのある行 0 行')).toBeVisible();
  await expect(page.getByRole('list', { name: '確認結果' })).toContainText('追加 2 · 更新 0 · 変更なし 0');
  await page.getByRole('button', { name: '次へ' }).focus();
  await page.keyboard.press('Enter');
  const done = page.getByRole('dialog', { name: '取り込みが完了しました' });
  await expect(done).toContainText('追加 2 件');
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/people\/workforce/);

  // The same file once more: both people are there, unchanged.
  await page.goto('/person/import-csv/employee');
  await chooseFile(page, file);
  await expect(page.getByRole('list', { name: '確認結果' })).toContainText('追加 0 · 更新 0 · 変更なし 2');
});

test.describe('external HR SaaS', () => {
  let scim: ScimServer;
  test.beforeAll(async () => {
    scim = await startScimServer({
      token: 'e2e-hr-token',
      users: [
        { id: 'hr-1', userName: `kaori-${run}`, familyName: '中村', givenName: '香織', email: `kaori-${run}@daicho.example`, employeeNumber: `HR-${run}-1`, department: '存在しない部署' },
        { id: 'hr-2', userName: `gone-${run}`, familyName: '退職', givenName: '済', email: `gone-${run}@daicho.example`, employeeNumber: `HR-${run}-2`, active: false },
      ],
    });
  });
  test.afterAll(async () => {
    await scim?.close();
  });

  test('the HR SaaS preview shows the difference; Ctrl+Enter applies it', async ({ page }) => {
    await signIn(page);
    const tenant = `hr-${run}`;
    const { appIntegrationId: id } = await callApi<{ appIntegrationId: string }>(page, 'POST', '/v2/app-integrations', { appId: 'smarthr', tenantName: tenant });
    await callApi(page, 'POST', `/v2/app-integrations/${id}/settings/authenticate`, { connector: 'SCIM', scimBaseUrl: scim.url, scimToken: 'e2e-hr-token' });

    await page.goto('/person/external-hr-saas');
    const grid = page.getByRole('grid', { name: '人事SaaS の連携' });
    const row = grid.getByRole('row', { name: new RegExp(tenant) });
    await expect(row).toContainText('接続済み');
    await expectAccessible(page);
    await page.goto(`/person/external-hr-saas/${id}`);
    const summary = page.getByRole('list', { name: '差分の概要' });
    await expect(summary).toContainText('追加 1 人');
    await expect(summary).toContainText('取り込まない 1 人');
    await expect(page.getByRole('region', { name: /追加される人物/ })).toContainText('中村 香織');
    await expect(page.getByRole('region', { name: /未登録の部署/ })).toContainText('存在しない部署');
    await expectAccessible(page);

    await page.locator('[data-scope="pane:hr-preview"]').focus();
    await page.keyboard.press('Control+Enter');
    const confirm = page.getByRole('dialog', { name: '人事SaaS の差分を反映しますか？' });
    await expect(confirm).toContainText('追加 1 人、更新 0 人');
    await page.getByRole('button', { name: '反映する' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('反映しました（追加 1 人・更新 0 人）。')).toBeVisible();
    // Read again: nothing left to add.
    await expect(summary).toContainText('追加 0 人');
  });
});
