// The people lists by keyboard (issue 7): `g p` opens the workforce; menus
// (Alt+Shift+digits) and categories (Alt+digits) switch with their counts;
// `f` filters by a job type (a chip; Shift+X clears); Enter opens a person's
// profile and the row menu (a) opens one beside the list. On the alumni tab
// `l` keeps the people who left within a month (the demo's recent leaver),
// Shift+E exports them, and `l` again lifts the window. Both panes pass axe.
import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { parse } from '../support/csv.js';
import { expectAccessible, signIn, test } from './support.js';

/** The total in the grid's footer, once its rows are in. */
async function footCount(page: Page) {
  await expect(page.locator('.grid-foot')).toContainText(/[\d,]+ 件/);
  return Number(((await page.locator('.grid-foot').textContent()) ?? '').match(/([\d,]+) 件/)?.[1]?.replaceAll(',', ''));
}

test('workforce: switch menu and category, filter by a job type and clear it', async ({ page }) => {
  await signIn(page);
  await page.keyboard.press('g');
  await page.keyboard.press('p');
  await expect(page).toHaveURL(/\/people\/workforce$/);
  const grid = page.getByRole('grid', { name: '従業員' });
  await expect(grid).toBeFocused();
  await expect(grid.locator('.grid-body [role="row"]').first()).not.toContainText('読み込み中');
  const categories = page.getByRole('group', { name: '区分' });
  await expect(categories.getByRole('link', { name: /^すべて [\d,]+$/ })).toHaveAttribute('aria-current', /^(true|page)$/);
  await expectAccessible(page);

  // All worker types (Alt+Shift+5), then joining (Alt+2): the demo's two joiners.
  await page.keyboard.press('Alt+Shift+Digit5');
  await expect(page).toHaveURL(/menu=All/);
  await expect(page.getByRole('group', { name: 'メニュー' }).getByRole('link', { name: '全員' })).toHaveAttribute('aria-current', /^(true|page)$/);
  await page.keyboard.press('Alt+Digit2');
  await expect(page).toHaveURL(/category=all-joining/);
  await expect(categories.getByRole('link', { name: /^入社予定 2$/ })).toHaveAttribute('aria-current', /^(true|page)$/);
  await expect(grid).toContainText('石川 結菜');
  await expect(grid).toContainText('前田 湊');
  await expect.poll(() => footCount(page)).toBe(2);

  // Back to everyone (Alt+1), then f: a job type, by typing.
  await page.keyboard.press('Alt+Digit1');
  await expect(page).toHaveURL(/category=all-all|menu=All$/);
  const all = await footCount(page);
  await page.keyboard.press('f');
  const kinds = page.getByRole('dialog', { name: '絞り込む項目' });
  await expect(kinds).toBeVisible();
  await page.keyboard.type('職種');
  await expect(kinds.getByRole('option', { selected: true })).toHaveText('職種');
  await page.keyboard.press('Enter');
  const values = page.getByRole('dialog', { name: '絞り込み: 職種' });
  await expect(values).toBeVisible();
  await page.keyboard.type('人事');
  await expect(values.getByRole('option', { selected: true })).toHaveText('人事');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/jobTypeIdIn=/);
  const chips = page.getByRole('list', { name: '絞り込み' });
  await expect(chips).toContainText('職種: 人事');
  await expect.poll(() => footCount(page)).toBeLessThan(all);
  expect(await footCount(page)).toBeGreaterThan(0);
  await expect(grid.locator('.grid-body [role="row"]').first()).toContainText('人事');
  await expectAccessible(page);

  // Shift+X clears the filters.
  await grid.focus();
  await page.keyboard.press('Shift+X');
  await expect(chips).toBeHidden();
  await expect.poll(() => footCount(page)).toBe(all);
});

test('workforce: Enter opens a person; the row menu (a) opens one beside the list', async ({ page }) => {
  await signIn(page);
  await page.goto('/people/workforce');
  const grid = page.getByRole('grid', { name: '従業員' });
  await expect(grid).toBeFocused();
  const first = grid.locator('.grid-body [role="row"]').first();
  await expect(first).not.toContainText('読み込み中');
  const name = ((await first.locator('[role="gridcell"]').first().textContent()) ?? '').trim();
  expect(name.length).toBeGreaterThan(0);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/person\/[0-9a-f-]{36}\/personal-information$/);
  await page.goBack();
  await expect(grid).toBeVisible();

  await grid.focus();
  await page.keyboard.press('a');
  const menu = page.getByRole('dialog', { name: /の操作$/ });
  await expect(menu).toBeVisible();
  await page.keyboard.type('サイドペイン');
  await expect(menu.getByRole('option', { selected: true })).toHaveText('人物をサイドペインで開く');
  await page.keyboard.press('Enter');
  const side = page.getByRole('complementary', { name: 'サイドペイン' });
  await expect(side).toBeVisible();
  await expect(side.locator('.side-bar')).toContainText(/\/person\/[0-9a-f-]{36}\/personal-information/);
  await expect(page).toHaveURL(/\/people\/workforce$/);
  await page.keyboard.press('Alt+Shift+W');
  await expect(side).toBeHidden();
});

test('alumni: people who left within a month, exported as CSV', async ({ page }) => {
  await signIn(page);
  await page.goto('/people/workforce');
  await page.getByRole('navigation', { name: '人材のページ' }).getByRole('link', { name: '退職者' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/people\/alumni$/);
  const grid = page.getByRole('grid', { name: '退職者' });
  await grid.focus();
  await expect(grid).toContainText('長谷川 真央');
  const everyone = await footCount(page);
  await expectAccessible(page);

  // l: left within a month — a removable chip, the demo's recent leaver.
  await page.keyboard.press('l');
  await expect(page).toHaveURL(/isLeavingDateWithIn_A_Month=true/);
  const chips = page.getByRole('list', { name: '絞り込み' });
  await expect(chips).toContainText('1か月以内の退職者');
  await expect(grid.locator('.grid-body [role="row"]').first()).toContainText('長谷川 真央');
  await expect.poll(() => footCount(page)).toBeLessThan(everyone);
  const recent = await footCount(page);
  await expect(page.getByRole('group', { name: '区分' }).getByRole('link', { name: new RegExp(`^すべての退職者 ${recent}$`) })).toBeVisible();

  // Shift+E: the recent leavers as CSV, with a BOM and Japanese headers.
  await grid.focus();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Shift+E');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^alumni-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header = [], ...rows] = parse(text.slice(1)).filter((r) => r.some(Boolean));
  expect(header.slice(0, 2)).toEqual(['退職日', '氏名']);
  expect(rows).toHaveLength(recent);
  expect(rows.map((r) => r[1])).toContain('長谷川 真央');

  // l again (or the chip's ×) removes the window.
  await expect(chips.getByRole('button', { name: '「1か月以内の退職者」の絞り込みを外す' })).toBeVisible();
  await grid.focus();
  await page.keyboard.press('l');
  await expect(page).not.toHaveURL(/isLeavingDateWithIn_A_Month/);
  await expect.poll(() => footCount(page)).toBe(everyone);

  // A tab the spec leaves empty keeps the section's tab bar.
  await page.getByRole('navigation', { name: '人材のページ' }).getByRole('link', { name: 'コミュニティ' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '人材 › コミュニティ' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '人材のページ' }).getByRole('link', { name: 'コミュニティ' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
});
