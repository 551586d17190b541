// Column virtualization on a wide list: only the columns in view (plus a few
// either side) exist in the header and in each row, scrolling sideways swaps
// them, the header stays over its cells, and the keys keep working, also when
// the focus is on a header control whose column is scrolled out of view.
//
// No built list is wide enough on a desktop window: the widest ones (people
// groups and product permissions) have 9 columns, below the 12 from which
// columns are always virtualized, and people groups is 1280 px wide. A narrow
// window (640 px) makes the grid less than 1280 / 1.5 px wide, so the width
// rule of data-grid.tsx (WIDE_RATIO) turns the horizontal path on.
import { expect, type Locator } from '@playwright/test';
import { expectAccessible, signIn, test } from './support.js';

const COLUMNS = 9;

/** aria-colindex of the header cells in the DOM, in order. */
const renderedColumns = (grid: Locator) =>
  grid.locator('[role="columnheader"]').evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('aria-colindex'))));

/** The header and the first row's cell of one column start at the same x. */
async function expectAligned(grid: Locator, colindex: number) {
  const header = grid.locator(`[role="columnheader"][aria-colindex="${colindex}"]`);
  const cell = grid.locator(`.grid-body [role="row"]`).first().locator(`[role="gridcell"][aria-colindex="${colindex}"]`);
  const [h, c] = [await header.boundingBox(), await cell.boundingBox()];
  expect(h, `header of column ${colindex}`).not.toBeNull();
  expect(c, `cell of column ${colindex}`).not.toBeNull();
  expect(Math.abs(h!.x - c!.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(h!.width - c!.width)).toBeLessThanOrEqual(1);
}

const scrollTo = (grid: Locator, left: number | 'end') =>
  grid.evaluate((el, to) => {
    el.scrollLeft = to === 'end' ? el.scrollWidth : to;
  }, left);

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 640, height: 720 });
  await page.goto('/settings/permission-and-roles/people-groups');
});

test('a wide list renders only the columns in view, and scrolling sideways swaps them', async ({ page }) => {
  const grid = page.getByRole('grid', { name: '人材グループ' });
  await expect(grid).toBeFocused();
  await expect(grid.locator('.grid-body [role="row"]')).toHaveCount(7);
  // Screen readers get the real size and the real position of every cell.
  await expect(grid).toHaveAttribute('aria-colcount', String(COLUMNS));

  const atStart = await renderedColumns(grid);
  expect(atStart[0]).toBe(1);
  expect(atStart.length).toBeLessThan(COLUMNS);
  expect(atStart).not.toContain(COLUMNS);
  // Each row has the same cells as the header.
  const firstRow = grid.locator('.grid-body [role="row"]').first();
  expect(await firstRow.locator('[role="gridcell"]').evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('aria-colindex'))))).toEqual(atStart);
  await expectAligned(grid, 1);
  await expectAligned(grid, 2);

  // The scroll width is the width of every column, rendered or not.
  const width = await grid.evaluate((el) => el.scrollWidth);
  expect(width).toBeGreaterThanOrEqual(1280);

  await scrollTo(grid, 'end');
  await expect(grid.locator(`[role="columnheader"][aria-colindex="${COLUMNS}"]`)).toBeVisible();
  await expect(grid.locator('[role="columnheader"][aria-colindex="1"]')).toHaveCount(0);
  await expect(firstRow.locator('[role="gridcell"][aria-colindex="1"]')).toHaveCount(0);
  await expect(firstRow.locator(`[role="gridcell"][aria-colindex="${COLUMNS}"]`)).toBeVisible();
  const atEnd = await renderedColumns(grid);
  expect(atEnd.length).toBeLessThan(COLUMNS);
  expect(await grid.evaluate((el) => el.scrollWidth)).toBe(width);
  // The header scrolled with the cells: same x, same width, column by column.
  for (const i of atEnd) await expectAligned(grid, i);
  // The sticky header sits at the top of the grid, above the first row.
  const [gridBox, headerBox, rowBox] = [
    await grid.boundingBox(),
    await grid.locator(`[role="columnheader"][aria-colindex="${COLUMNS}"]`).boundingBox(),
    await firstRow.boundingBox(),
  ];
  expect(headerBox!.y - gridBox!.y).toBeLessThanOrEqual(2);
  expect(rowBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height - 1);

  // Halfway: the middle columns, still aligned.
  await scrollTo(grid, Math.round(width / 2) - 300);
  await expect.poll(() => renderedColumns(grid)).not.toEqual(atEnd);
  for (const i of await renderedColumns(grid)) await expectAligned(grid, i);

  await scrollTo(grid, 0);
  await expect(grid.locator('[role="columnheader"][aria-colindex="1"]')).toBeVisible();
  await expect(grid.locator(`[role="columnheader"][aria-colindex="${COLUMNS}"]`)).toHaveCount(0);
  await expectAccessible(page);
});

test('keys still work on a wide list: rows by j/k, columns by the arrow keys', async ({ page }) => {
  const grid = page.getByRole('grid', { name: '人材グループ' });
  await expect(grid).toBeFocused();
  await expect(grid.locator('.grid-body [role="row"]')).toHaveCount(7);
  const active = () => grid.getAttribute('aria-activedescendant');
  const first = await active();
  expect(first).toBeTruthy();

  // The focused grid scrolls sideways with the arrow keys (no command takes them).
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => grid.evaluate((el) => el.scrollLeft)).toBeGreaterThan(200);
  await scrollTo(grid, 'end');
  await expect(grid.locator('[role="columnheader"][aria-colindex="1"]')).toHaveCount(0);

  // Scrolled sideways, the row keys act as before.
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  const third = await active();
  expect(third).not.toBe(first);
  await expect(page.locator(`[id="${third}"]`)).toHaveClass(/active/);
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  expect(await active()).toBe(first);
  await page.keyboard.press('Shift+G');
  await expect(page.locator(`[id="${await active()}"]`)).toHaveAttribute('aria-rowindex', '8');
  await page.keyboard.press('x');
  await expect(page.getByText('1 件選択中')).toBeVisible();
  // Still scrolled to the end: moving between rows does not scroll sideways.
  await expect(grid.locator('[role="columnheader"][aria-colindex="1"]')).toHaveCount(0);
});

test('a focused header control keeps its column while scrolled out of view, so the keys keep working', async ({ page }) => {
  const grid = page.getByRole('grid', { name: '人材グループ' });
  await expect(grid.locator('.grid-body [role="row"]')).toHaveCount(7);
  const handle = page.getByRole('separator', { name: '名前 の列幅' });
  await handle.focus();
  await scrollTo(grid, 'end');
  await expect(grid.locator(`[role="columnheader"][aria-colindex="${COLUMNS}"]`)).toBeVisible();
  // The first column is out of view but still in the DOM, and keeps the focus…
  await expect(handle).toBeFocused();
  expect(await handle.evaluate((el) => el.getBoundingClientRect().right <= el.closest('[role="grid"]')!.getBoundingClientRect().left)).toBe(true);
  // …so the focus stays in the grid's key scope: j moves the row, the handle still resizes.
  const before = await grid.getAttribute('aria-activedescendant');
  await page.keyboard.press('j');
  await expect(grid).not.toHaveAttribute('aria-activedescendant', before!);
  const size = Number(await handle.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuenow', String(size + 16));
  // The columns in between are not rendered: only the pinned one is.
  const rendered = await renderedColumns(grid);
  expect(rendered[0]).toBe(1);
  expect(rendered[1]).toBeGreaterThan(2);
  for (const i of rendered) await expectAligned(grid, i);

  // Once the focus goes back to the grid, the column is let go.
  await grid.focus();
  await expect(grid.locator('[role="columnheader"][aria-colindex="1"]')).toHaveCount(0);
  await page.keyboard.press('k');
  await expect(grid).toHaveAttribute('aria-activedescendant', before!);
});

test('a full page of a wide list: rows and columns both virtualized, the active row never under the sticky header', async ({ page }) => {
  // The demo has 7 people groups; a page of 100 comes from the route instead
  // (the real list's shape), so the rows need scrolling too.
  const ref = (name: string) => ({ id: '00000000-0000-4000-8000-000000000000', name });
  const items = Array.from({ length: 100 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    name: `グループ ${i + 1}`,
    totalPeople: i,
    referencedRoles: [ref('管理者')],
    membershipEmployee: i % 2 === 0,
    membershipBoardMember: false,
    membershipContractor: i % 3 === 0,
    membershipCollaborator: false,
    individuallyIncluded: [ref('山田 花子')],
    individuallyExcluded: [],
  }));
  await page.route(
    (url) => url.pathname === '/v2/settings/people-groups',
    (route) => route.fulfill({ json: { items, count: 100 } }),
  );
  await page.reload();
  const grid = page.getByRole('grid', { name: '人材グループ' });
  await expect(grid).toBeFocused();
  const rows = grid.locator('.grid-body [role="row"]');
  await expect(rows.first()).toContainText('グループ 1');
  expect(await rows.count()).toBeLessThan(100);
  expect((await renderedColumns(grid)).length).toBeLessThan(COLUMNS);

  const header = grid.locator('.grid-head');
  /** The active row lies between the bottom of the header and the bottom of the grid. */
  const expectActiveInView = async () => {
    const id = await grid.getAttribute('aria-activedescendant');
    const row = page.locator(`[id="${id}"]`);
    await expect(row).toHaveClass(/active/);
    await expect
      .poll(async () => {
        const [g, h, r] = await Promise.all([grid.evaluate((el) => el.getBoundingClientRect().toJSON()), header.boundingBox(), row.boundingBox()]);
        const clientBottom = g.top + (await grid.evaluate((el) => el.clientTop + el.clientHeight));
        return r!.y >= h!.y + h!.height - 1 && r!.y + r!.height <= clientBottom + 1;
      })
      .toBe(true);
    return row;
  };

  await page.keyboard.press('Shift+G');
  await expect(await expectActiveInView()).toHaveAttribute('aria-rowindex', '101');
  await expect(rows.first()).not.toContainText('グループ 1');
  await page.keyboard.press('g');
  await page.keyboard.press('g');
  await expect(await expectActiveInView()).toHaveAttribute('aria-rowindex', '2');
  for (let i = 0; i < 30; i++) await page.keyboard.press('j');
  await expect(await expectActiveInView()).toHaveAttribute('aria-rowindex', '32');
  // Back up past the top of the view: the row stops just below the header.
  for (let i = 0; i < 25; i++) await page.keyboard.press('k');
  await expect(await expectActiveInView()).toHaveAttribute('aria-rowindex', '7');
  await page.keyboard.press('PageDown');
  await expectActiveInView();

  // Sideways and down at once: the header still lines up with the rows.
  await scrollTo(grid, 'end');
  await page.keyboard.press('Shift+G');
  await expectActiveInView();
  await expect(grid.locator(`[role="columnheader"][aria-colindex="${COLUMNS}"]`)).toBeVisible();
  for (const i of await renderedColumns(grid)) await expectAligned(grid, i);
});

test('a narrow list renders every column', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/settings/permission-and-roles/roles');
  const grid = page.getByRole('grid', { name: 'ロール' });
  await expect(grid.locator('.grid-body [role="row"]')).toHaveCount(5);
  expect(await renderedColumns(grid)).toEqual([1, 2, 3, 4]);
  await expect(grid).toHaveAttribute('aria-colcount', '4');
  for (const i of [1, 2, 3, 4]) await expectAligned(grid, i);
});
