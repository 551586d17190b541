// The organisation by keyboard (issue 7): the chart of a past day (the demo
// organisation's 2022 structure: 第二営業部 still open, システム管理室 under
// 経営企画部), walked as a tree and opened on a unit at that date; the
// hierarchy and tree views; then a plan drafted, a unit added under the
// focused unit, the plan applied (its changes listed in the dialog) and the
// chart from its effective date showing the new unit, the month before not.
import { expect } from '@playwright/test';
import { expectAccessible, openPalette, signIn, test } from './support.js';

const treeitem = (page: import('@playwright/test').Page, name: string) => page.getByRole('treeitem', { name: new RegExp(`^${name}`) });

test('the chart of a past day: the structure of that day, walked as a tree, a unit opened at that date', async ({ page }) => {
  await signIn(page);
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/\/organization\/chart$/);
  const tree = page.getByRole('tree');
  await expect(treeitem(page, '株式会社台帳')).toBeFocused();
  await expect(treeitem(page, '情報システム部')).toBeVisible();
  await expect(treeitem(page, '第二営業部')).toHaveCount(0);
  await expectAccessible(page);

  // Shift+D: the date field; a past day shows that day's structure.
  await page.keyboard.press('Shift+D');
  const date = page.getByRole('textbox', { name: '基準日' });
  await expect(date).toBeFocused();
  await page.keyboard.type('2022-01-15');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/baseDate=2022-01-15/);
  await expect(page.getByRole('status').filter({ hasText: '2022/01/15 時点の組織です。' })).toBeVisible();
  await expect(treeitem(page, '第二営業部')).toBeVisible();
  await expect(treeitem(page, 'カスタマーサクセス部')).toHaveCount(0);
  await expect(treeitem(page, '情報システム部')).toHaveCount(0);
  await expect(tree).toHaveAccessibleName('2022/01/15 の組織図');

  // Escape goes back to the tree; the arrows walk it like a tree.
  await page.keyboard.press('Escape');
  await expect(treeitem(page, '株式会社台帳')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const mgmt = treeitem(page, '経営企画部');
  await expect(mgmt).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(treeitem(page, 'システム管理室')).toBeFocused();
  await expect(treeitem(page, 'システム管理室')).toHaveAttribute('aria-level', '3');
  await page.keyboard.press('ArrowLeft');
  await expect(mgmt).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(mgmt).toHaveAttribute('aria-expanded', 'false');
  await expect(treeitem(page, 'システム管理室')).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(mgmt).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('End');
  await expect(treeitem(page, '品質保証部')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(treeitem(page, '株式会社台帳')).toBeFocused();

  // The tree view and the compact flag go into the URL.
  await page.keyboard.press('v');
  await expect(page).toHaveURL(/viewMode=tree/);
  await page.keyboard.press('Shift+C');
  await expect(page).toHaveURL(/isCompactView=true/);
  await expect(tree).toHaveClass(/tree compact/);
  await expectAccessible(page);

  // Enter opens the unit at the same date: its sub-units of that day and its members.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/organization\/[0-9a-f-]{36}\?baseDate=2022-01-15$/);
  await expect(page.getByRole('heading', { level: 1, name: '経営企画部' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'システム管理室' })).toHaveAttribute('href', /\/organization\/[0-9a-f-]{36}\?baseDate=2022-01-15$/);
  // The member list has the focus (j/k walk it, Enter opens a person); ] is a month later.
  await expect(page.getByRole('grid', { name: 'メンバー' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press(']');
  await expect(page).toHaveURL(/baseDate=2022-02-15/);
});

test('a plan: drafted, a unit added under the focused unit, applied, and on the chart from its date', async ({ page }) => {
  await signIn(page);
  await openPalette(page);
  await page.keyboard.type('New plan');
  await expect(page.getByRole('option', { selected: true })).toContainText('組織 › 組織計画の作成');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/organization\/plan\/create$/);
  const name = page.getByRole('textbox', { name: '計画名' });
  await expect(name).toBeFocused();
  const effective = await page.getByRole('textbox', { name: '効力発生日' }).inputValue();
  expect(effective).toMatch(/^\d{4}-\d{2}-01$/);
  await page.keyboard.type('データ組織の新設');
  await expectAccessible(page);
  await page.keyboard.press('Control+Enter');

  // The plan: the draft tree has the focus; End then ArrowLeft focuses 開発本部.
  await expect(page).toHaveURL(/\/organization\/plan\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'データ組織の新設' })).toBeVisible();
  await expect(treeitem(page, '株式会社台帳')).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await expect(treeitem(page, '開発本部')).toBeFocused();
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/add\?parentUnitId=/);
  await expect(page.getByRole('combobox', { name: '上位部署' })).toHaveValue(/[0-9a-f-]{36}/);
  await expect(page.getByRole('combobox', { name: '上位部署' }).locator('option:checked')).toHaveText(/開発本部/);
  await expect(page.getByRole('textbox', { name: '部署名' })).toBeFocused();
  await page.keyboard.type('データ分析部');
  await expectAccessible(page);
  await page.keyboard.press('Control+Enter');

  // Back on the plan: the new unit is marked in words, and listed as a change.
  await expect(page).toHaveURL(/\/organization\/plan\/[0-9a-f-]{36}$/);
  await expect(treeitem(page, 'データ分析部 \\[追加\\]')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '開発本部 の下に データ分析部 を追加' })).toBeVisible();
  await expectAccessible(page);

  // Apply: the dialog lists the change; Enter confirms; the chart opens on the effective date.
  await page.keyboard.press('Shift+A');
  const dialog = page.getByRole('dialog', { name: 'データ組織の新設 を適用しますか？' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText(['開発本部 の下に データ分析部 を追加']);
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/organization/chart\\?baseDate=${effective}$`));
  await expect(treeitem(page, 'データ分析部')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '予定の組織です' })).toBeVisible();

  // A month earlier (before the plan's date) the unit is not there yet.
  await treeitem(page, '株式会社台帳').focus();
  await page.keyboard.press('[');
  await expect(page).not.toHaveURL(new RegExp(`baseDate=${effective}`));
  await expect(treeitem(page, '開発本部')).toBeVisible();
  await expect(treeitem(page, 'データ分析部')).toHaveCount(0);
});
