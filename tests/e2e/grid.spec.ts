// The grid without the mouse: a list opened from the palette takes the
// focus; j/k move, x selects, Shift+J extends, G and g g jump, / filters,
// Enter opens the row. The list passes axe.
import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn, test } from './support.js';

test('keyboard-only movement, selection, filtering and opening in a list', async ({ page }) => {
  await signIn(page);
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('Roles');
  await expect(page.getByRole('option', { selected: true })).toContainText('設定 › ロール');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/permission-and-roles\/roles$/);

  const grid = page.getByRole('grid', { name: 'ロール' });
  await expect(grid).toBeFocused();
  const rows = grid.locator('.grid-body [role="row"]');
  await expect(rows).toHaveCount(5);
  await expect(page.getByText('5 件', { exact: true })).toBeVisible();
  await expectAccessible(page);

  const activeName = async () => {
    const id = await grid.getAttribute('aria-activedescendant');
    return page.locator(`[id="${id}"] [role="gridcell"]`).first().textContent();
  };
  const first = await activeName();
  await page.keyboard.press('j');
  const second = await activeName();
  expect(second).not.toBe(first);
  await page.keyboard.press('k');
  expect(await activeName()).toBe(first);

  await page.keyboard.press('x');
  await expect(page.getByText('1 件選択中')).toBeVisible();
  await page.keyboard.press('Shift+J');
  await expect(page.getByText('2 件選択中')).toBeVisible();
  await expect(page.getByRole('contentinfo', { name: 'status' })).toContainText('2 件選択');
  await expect(page.getByRole('navigation', { name: 'パンくずリスト' })).toHaveText(/設定.*ロール/);
  await expect(grid.locator('[role="row"][aria-selected="true"]')).toHaveCount(2);

  await page.keyboard.press('Shift+G');
  const last = await activeName();
  expect(last).not.toBe(first);
  await page.keyboard.press('g');
  await page.keyboard.press('g');
  expect(await activeName()).toBe(first);

  // / focuses the filter; the URL carries it; Arrow down returns to the rows.
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: '絞り込み' })).toBeFocused();
  await page.keyboard.type('情報システム');
  await expect(page).toHaveURL(/freeText=/);
  await expect(rows).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(grid).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/permission-and-roles\/roles\/[0-9a-f-]{36}$/);
  // Three levels: 設定 › ロール › ロール詳細 (the list is a link back).
  const crumbs = page.getByRole('navigation', { name: 'パンくずリスト' });
  await expect(crumbs.getByRole('listitem')).toHaveCount(3);
  await expect(crumbs.getByRole('link', { name: 'ロール' })).toHaveAttribute('href', '/settings/permission-and-roles/roles');
});

test('Shift+Enter opens a row beside the list; the layout survives a reload; F6 and Alt+Shift+W', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings/permission-and-roles/roles');
  const grid = page.getByRole('grid', { name: 'ロール' });
  await expect(grid).toBeFocused();
  await expect(grid.locator('.grid-body [role="row"]')).toHaveCount(5);
  await page.keyboard.press('j');
  await page.keyboard.press('Shift+Enter');
  const side = page.getByRole('complementary', { name: 'サイドペイン' });
  await expect(side.getByRole('heading', { name: '設定 › ロール詳細' })).toBeVisible();
  await expect(side).toContainText(/\/settings\/permission-and-roles\/roles\/[0-9a-f-]{36}/);
  // The list stays where it was.
  await expect(page).toHaveURL(/\/settings\/permission-and-roles\/roles$/);
  await expectAccessible(page);

  await page.reload();
  await expect(side.getByRole('heading', { name: '設定 › ロール詳細' })).toBeVisible();
  await expect(grid).toBeFocused();
  await page.keyboard.press('F6');
  await expect(side).toBeFocused();
  await page.keyboard.press('F6');
  await expect(grid).toBeFocused();
  await page.keyboard.press('Alt+Shift+W');
  await expect(side).toBeHidden();
});

test('columns can be hidden and reordered, and the grid remembers it', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings/permission-and-roles/product-permissions');
  const grid = page.getByRole('grid', { name: 'プロダクト権限' });
  await expect(grid).toBeFocused();
  const headers = grid.getByRole('columnheader');
  await expect(headers).toHaveCount(9);
  await page.getByText('表示する列').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('checkbox', { name: '総務' }).focus();
  await page.keyboard.press('Space');
  await expect(headers).toHaveCount(8);
  await page.getByRole('button', { name: '領域数 を左へ' }).focus();
  await page.keyboard.press('Enter');
  await expect(headers.first()).toContainText('領域数');
  // Widths: the handle takes arrow keys (16 px a step).
  const handle = page.getByRole('separator', { name: '領域数 の列幅' });
  const before = Number(await handle.getAttribute('aria-valuenow'));
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuenow', String(before + 32));
  await page.reload();
  await expect(headers).toHaveCount(8);
  await expect(headers.first()).toContainText('領域数');
  await expect(handle).toHaveAttribute('aria-valuenow', String(before + 32));
  await expectAccessible(page);
});

/** Signed in, the roles list open, focused and showing its rows (the grid
 * takes the focus before they arrive); the grid and its first active row. */
async function openRoles(page: Page) {
  await signIn(page);
  await page.goto('/settings/permission-and-roles/roles');
  const grid = page.getByRole('grid', { name: 'ロール' });
  await expect(grid).toBeFocused();
  await expect(grid).toHaveAttribute('aria-activedescendant', /-row-/);
  return { grid, first: (await grid.getAttribute('aria-activedescendant'))! };
}

test('the list keeps its focus and its row when the split panes arrive after the first paint', async ({ page }) => {
  // Hold the split's chunk (allotment) until the list is in use.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/split-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const { grid, first } = await openRoles(page);
  await expect(page.locator('.split-view')).toHaveCount(0);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(grid).not.toHaveAttribute('aria-activedescendant', first);
  const active = await grid.getAttribute('aria-activedescendant');

  release();
  await expect(page.locator('.split-view .content')).toHaveCount(1);
  // The same grid, not a new one: still focused, still on the third row.
  await expect(grid).toBeFocused();
  await expect(grid).toHaveAttribute('aria-activedescendant', active!);
  await page.keyboard.press('k');
  await expect(grid).not.toHaveAttribute('aria-activedescendant', active!);
});

test('when the split panes cannot be fetched, the list still shows and moves alone', async ({ page }) => {
  await page.route(/\/assets\/split-[^/]*\.js$/, (route) => route.abort());
  const { grid, first } = await openRoles(page);
  await page.keyboard.press('j');
  await expect(grid).not.toHaveAttribute('aria-activedescendant', first);
  await expect(page.locator('.split-view')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('on a long list, j, k, Shift+G and g g keep the active row in view, with every row of the view drawn', async ({ page }) => {
  await signIn(page);
  await page.goto('/equipment');
  const grid = page.getByRole('grid', { name: '備品' });
  await grid.focus();
  await expect(grid).toHaveAttribute('aria-activedescendant', /-row-/);
  const rowCount = Number(await grid.getAttribute('aria-rowcount')) - 1;
  // The active row as drawn (found again on each retry), and the one the
  // grid names to assistive technology: the same row.
  const active = grid.locator('.grid-body [role="row"].active');
  const expectActive = async (rowIndex: number) => {
    await expect(active).toHaveAttribute('aria-rowindex', String(rowIndex));
    await expect(grid).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);
  };
  // Whole in the grid's view, top to bottom, and not under its sticky header
  // (rows are wider than this grid: sideways they scroll on their own).
  const expectActiveInView = async () => {
    const place = await grid.evaluate((el) => {
      const row = el.querySelector('.grid-body [role="row"].active')?.getBoundingClientRect();
      const head = el.querySelector('.grid-head')!.getBoundingClientRect();
      const view = el.getBoundingClientRect();
      return row ? { top: row.top - head.bottom, bottom: view.top + el.clientTop + el.clientHeight - row.bottom } : null;
    });
    expect(place, 'the active row is drawn').not.toBeNull();
    expect(place!.top).toBeGreaterThanOrEqual(-0.5);
    expect(place!.bottom).toBeGreaterThanOrEqual(-0.5);
  };
  // Every row slot between the sticky header and the grid's bottom edge holds
  // a drawn row: no blank band where the rows of the new scroll position
  // should be.
  const blankSlots = () =>
    grid.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const head = el.querySelector('.grid-head')!.getBoundingClientRect();
      const x = box.left + 20;
      const blanks: number[] = [];
      for (let y = head.bottom + 4; y < box.bottom - 4; y += 28) {
        if (!document.elementFromPoint(x, y)?.closest('.grid-body [role="row"]')) blanks.push(Math.round(y - head.bottom));
      }
      return blanks;
    });
  const visibleRows = await grid.evaluate((el) => Math.floor((el.clientHeight - el.querySelector('.grid-head')!.clientHeight) / 28));
  expect(rowCount).toBeGreaterThan(visibleRows + 10);

  // Down past the bottom edge, one row at a time.
  for (let i = 0; i < visibleRows + 10; i++) await page.keyboard.press('j');
  await expectActive(visibleRows + 12);
  await expectActiveInView();
  expect(await blankSlots()).toEqual([]);
  // Back up past the top edge.
  for (let i = 0; i < visibleRows + 5; i++) await page.keyboard.press('k');
  await expectActive(7);
  await expectActiveInView();
  expect(await blankSlots()).toEqual([]);
  // The last row, then the first.
  await page.keyboard.press('Shift+G');
  await expectActive(rowCount + 1);
  await expectActiveInView();
  expect(await blankSlots()).toEqual([]);
  await page.keyboard.press('g');
  await page.keyboard.press('g');
  await expectActive(2);
  await expectActiveInView();
  expect(await blankSlots()).toEqual([]);
});
