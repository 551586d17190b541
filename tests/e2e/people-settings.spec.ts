// People settings by keyboard only (issue 7): open a master-data list from
// the palette, add two rows (with codes), see a duplicate name refused in
// Japanese with the typed text kept, edit a row, move a row up (the cursor
// follows it; the order survives a reload), disable a row.
import { expect, type Page } from '@playwright/test';
import { expectAccessible, openPalette, signIn, test } from './support.js';

// Not all digits: the URL would carry a number-like filter JSON-quoted.
const stamp = `r${Date.now() % 1_000_000}`;
const first = `派遣 ${stamp}`;
const second = `嘱託 ${stamp}`;

/** Adds a row from the list by keyboard: n, the name, Tab, the code, Ctrl+Enter. */
async function addRow(page: Page, name: string, code: string) {
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: '雇用形態 — 追加' });
  await expect(dialog.getByLabel('名称')).toBeFocused();
  await page.keyboard.insertText(name);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('コード')).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Control+Enter');
  return dialog;
}

test('a master-data list by keyboard: add, refuse a duplicate, edit, move up, disable', async ({ page }) => {
  await signIn(page);
  await openPalette(page);
  await page.keyboard.insertText('雇用形態');
  await expect(page.getByRole('option', { selected: true })).toContainText('人材 › 雇用形態');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/people\/settings\/employment-types$/);
  const grid = page.getByRole('grid', { name: '雇用形態' });
  await expect(grid).toBeFocused();
  // The tab bar: back to the workforce, and every list of the settings.
  const tabs = page.getByRole('navigation', { name: '雇用形態' });
  await expect(tabs.getByRole('link')).toHaveCount(18);
  await expect(tabs.getByRole('link', { name: '雇用形態' })).toHaveAttribute('aria-current', 'page');

  await expect(await addRow(page, first, `D-${stamp}`)).toBeHidden();
  await grid.focus();
  await expect(await addRow(page, second, `S-${stamp}`)).toBeHidden();

  // A duplicate name: the error under the field, in Japanese; the text stays.
  await grid.focus();
  const dialog = await addRow(page, first, `X-${stamp}`);
  await expect(dialog.getByRole('alert').filter({ hasText: 'この値は他のレコードで使われています。' })).toBeVisible();
  await expect(dialog.getByLabel('名称')).toHaveValue(first);
  await expect(dialog.getByLabel('コード')).toHaveValue(`X-${stamp}`);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Only this run's rows: / filters, Escape goes back to the rows.
  await grid.focus();
  await page.keyboard.press('/');
  await page.keyboard.type(stamp);
  await expect(page).toHaveURL(new RegExp(`freeText=${stamp}`));
  await page.keyboard.press('Escape');
  await expect(grid).toBeFocused();
  const rows = grid.locator('.grid-body [role="row"]');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(first);
  await expect(rows.nth(0)).toContainText(`D-${stamp}`);

  // Edit the first row: Enter opens it in the dialog.
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: '雇用形態 — 編集' });
  await expect(edit.getByLabel('名称')).toHaveValue(first);
  await edit.getByLabel('名称').focus();
  await page.keyboard.press('End');
  await page.keyboard.insertText(' 改');
  await page.keyboard.press('Control+Enter');
  await expect(edit).toBeHidden();
  await expect(rows.nth(0)).toContainText(`${first} 改`);

  // Move the second row up: Alt+↑ on it; the cursor stays on it.
  await grid.focus();
  await page.keyboard.press('j');
  await expect(grid.locator('.grid-row.active')).toContainText(second);
  await page.keyboard.press('Alt+ArrowUp');
  await expect(rows.nth(0)).toContainText(second);
  await expect(rows.nth(1)).toContainText(`${first} 改`);
  await expect(grid.locator('.grid-row.active')).toContainText(second);
  await page.reload();
  await expect(rows.nth(0)).toContainText(second);
  await expect(rows.nth(1)).toContainText(`${first} 改`);

  // Sorted by name (the URL owns the sort), a move explains what it needs instead.
  await page.goto(`/people/settings/employment-types?freeText=${stamp}&sortColumn=NAME`);
  await expect(rows).toHaveCount(2);
  await grid.focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page.getByRole('status').filter({ hasText: '行を移動するには表示順で並べ替えてください。' })).toBeVisible();

  // Disable the row under the cursor: select it (x), Shift+D.
  await page.keyboard.press('x');
  await page.keyboard.press('Shift+D');
  await expect(grid.locator('.grid-row.active')).toContainText('無効');
  await expectAccessible(page);
});
