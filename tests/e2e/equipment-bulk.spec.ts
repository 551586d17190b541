// Equipment bulk actions by keyboard only (issue 4): select two rows (x,
// Shift+J), change their status (its key) and assign a place (the palette);
// each confirm lists every selected row by name and asset tag with its
// current value → the new one, keeps the focus inside, and passes axe; after
// confirming, the list shows the new values. In Japanese, then in English.
import { expect, type Page } from '@playwright/test';
import { callApi, expectAccessible, runFromPalette, signIn, test } from './support.js';

/** Two rows of our own, found by a marker (a test's setup the user does not see). */
async function twoRows(page: Page, m: string) {
  await callApi(page, 'POST', '/v2/equipment', { name: `${m} A`, assetTag: `T-${m}-1`, usageStatus: 'IN_USE' });
  await callApi(page, 'POST', '/v2/equipment', { name: `${m} B`, assetTag: `T-${m}-2`, usageStatus: 'STORED' });
  await page.goto(`/equipment?freeText=${m}&sortColumn=NAME`);
  const grid = page.getByRole('grid', { name: /^(備品|Equipment)$/ });
  await grid.focus();
  await expect(grid.locator('.grid-body [role="row"]')).toHaveCount(2);
  return grid;
}

/** x on the first row, Shift+J extends to the second. */
async function selectBoth(page: Page, count: RegExp) {
  await page.keyboard.press('x');
  await page.keyboard.press('Shift+J');
  await expect(page.getByRole('contentinfo', { name: 'status' })).toContainText(count);
}

/** The confirm's rows as text, cell by cell. */
const tableOf = async (page: Page, name: string) =>
  page
    .getByRole('dialog', { name })
    .locator('table tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)));

test('change status and assign place on two rows: each confirm lists the rows, current → new; the list follows', async ({ page }) => {
  await signIn(page);
  const m = `bulk-${Date.now() % 1000000}`;
  const grid = await twoRows(page, m);
  await selectBoth(page, /2 件選択/);

  // Change status by its key: choose the value, then read the confirm.
  await page.keyboard.press('Shift+S');
  const chooser = page.getByRole('dialog', { name: '利用状況' });
  await expect(chooser.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('修理中');
  await expect(chooser.getByRole('option', { selected: true })).toHaveText('修理中');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: '利用状況を変更' });
  await expect(confirm).toContainText('選択した 2 行を次のように変更します');
  expect(await tableOf(page, '利用状況を変更')).toEqual([
    ['備品名 (資産番号)', '利用状況'],
    [`${m} A (T-${m}-1)`, '使用中 → 修理中'],
    [`${m} B (T-${m}-2)`, '保管中 → 修理中'],
  ]);
  await expectAccessible(page);
  // The focus stays in the dialog: Tab from the confirm button cycles back to it.
  const ok = confirm.getByRole('button', { name: '利用状況を変更' });
  await expect(ok).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'キャンセル' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(ok).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '2 行を変更しました。' })).toBeVisible();

  // The list was read again (the selection went with the old rows): the next
  // confirm starts from the new status. Escape cancels it, changing nothing.
  await expect(page.getByRole('contentinfo', { name: 'status' })).not.toContainText('件選択');
  await grid.focus();
  await selectBoth(page, /2 件選択/);
  await page.keyboard.press('Shift+S');
  await expect(chooser.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('返却');
  await expect(chooser.getByRole('option', { selected: true })).toHaveText('返却済み');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  expect((await tableOf(page, '利用状況を変更')).slice(1).map((r) => r[1])).toEqual(['修理中 → 返却済み', '修理中 → 返却済み']);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  // Cancelled: the focus is back on the list, whose keys work on.
  await expect(grid).toBeFocused();

  // Assign a place from the palette.
  await expect(page.getByRole('contentinfo', { name: 'status' })).toContainText('2 件選択');
  await runFromPalette(page, '配置場所を割り当て');
  const places = page.getByRole('dialog', { name: '配置場所' });
  await expect(places.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('川崎');
  await expect(places.getByRole('option', { selected: true })).toHaveText('川崎倉庫');
  await page.keyboard.press('Enter');
  const assign = page.getByRole('dialog', { name: '配置場所を割り当て' });
  await expect(assign).toBeVisible();
  expect(await tableOf(page, '配置場所を割り当て')).toEqual([
    ['備品名 (資産番号)', '配置場所'],
    [`${m} A (T-${m}-1)`, '— → 川崎倉庫'],
    [`${m} B (T-${m}-2)`, '— → 川崎倉庫'],
  ]);
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(assign).toBeHidden();
  await expect(grid).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: '2 行を変更しました。' }).first()).toBeVisible();
  // The list shows the place on both rows.
  const rows = grid.locator('.grid-body [role="row"]');
  await expect(rows.filter({ hasText: '川崎倉庫' })).toHaveCount(2);
  // The status is still the one confirmed first (the cancelled change did nothing).
  const usage = await callApi<{ items: Array<{ usageStatus: string }> }>(page, 'GET', `/v2/equipment?freeText=${m}`);
  expect(usage.items.map((r) => r.usageStatus)).toEqual(['UNDER_REPAIR', 'UNDER_REPAIR']);

  // In English: the same confirm in the other language.
  await page.keyboard.press('Control+Meta+l');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  try {
    // The list re-renders in English with the focus where it was: its keys work on.
    await expect.poll(() => grid.evaluate((g) => g.contains(document.activeElement))).toBe(true);
    await selectBoth(page, /2 selected/);
    await page.keyboard.press('Shift+S');
    const status = page.getByRole('dialog', { name: 'Usage status' });
    await expect(status).toBeVisible();
    await page.keyboard.type('Stored');
    await expect(status.getByRole('option', { selected: true })).toHaveText('Stored');
    await page.keyboard.press('Enter');
    const en = page.getByRole('dialog', { name: 'Change usage status' });
    await expect(en).toContainText('2 selected rows will change:');
    expect(await tableOf(page, 'Change usage status')).toEqual([
      ['Equipment (Asset tag)', 'Usage status'],
      [`${m} A (T-${m}-1)`, 'Under repair → Stored'],
      [`${m} B (T-${m}-2)`, 'Under repair → Stored'],
    ]);
    await page.keyboard.press('Escape');
    await expect(en).toBeHidden();
  } finally {
    // Back to Japanese (the language is the session's) for the other tests.
    await page.keyboard.press('Control+Meta+l');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  }
});

test('a confirm for many rows lists the first 20 and counts the rest', async ({ page }) => {
  await signIn(page);
  const m = `many-${Date.now() % 1000000}`;
  for (let i = 1; i <= 22; i++) await callApi(page, 'POST', '/v2/equipment', { name: `${m} ${String(i).padStart(2, '0')}`, usageStatus: 'IN_USE' });
  await page.goto(`/equipment?freeText=${m}&sortColumn=NAME`);
  const grid = page.getByRole('grid', { name: '備品' });
  await grid.focus();
  await expect(grid).toHaveAttribute('aria-activedescendant', /-row-/);
  await page.keyboard.press('x');
  for (let i = 0; i < 21; i++) await page.keyboard.press('Shift+J');
  await expect(page.getByRole('contentinfo', { name: 'status' })).toContainText('22 件選択');
  await page.keyboard.press('Shift+S');
  const chooser = page.getByRole('dialog', { name: '利用状況' });
  // Japanese text reaches the page as inserted text: the chooser's input must be up.
  await expect(chooser.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('保管中');
  await expect(chooser.getByRole('option', { selected: true })).toHaveText('保管中');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: '利用状況を変更' });
  await expect(confirm).toContainText('選択した 22 行を次のように変更します');
  const rows = await tableOf(page, '利用状況を変更');
  expect(rows).toHaveLength(1 + 20);
  expect(rows[1]).toEqual([`${m} 01`, '使用中 → 保管中']);
  expect(rows[20]).toEqual([`${m} 20`, '使用中 → 保管中']);
  await expect(confirm).toContainText('ほか 2 行');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
});
