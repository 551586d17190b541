// Page size by keyboard: Shift+R (or "1ページの表示件数…" in the palette)
// focuses the list's page-size choice (a radio group: arrow keys choose, as
// in a select, without adding listbox options beside the palette's).
// Choosing a size writes pageSize to the URL, goes back to the first page
// and shows that many rows. The list with the choice passes axe.
import { expect } from '@playwright/test';
import { expectAccessible, openPalette, signIn, test } from './support.js';

test('choose the page size by keyboard, from its key and from the palette', async ({ page }) => {
  await signIn(page);
  await page.goto('/equipment?pageIndex=1');
  const grid = page.getByRole('grid', { name: '備品' });
  await expect(grid).toBeFocused();
  const foot = page.locator('.grid-foot');
  // The second page has loaded (until then the count is 0).
  await expect(grid).toHaveAttribute('aria-busy', 'false');
  await expect(grid.locator('.grid-body [role="row"][aria-selected]').first()).toBeVisible();
  await expect(foot).toContainText(/2 \/ \d+/);
  const total = Number(((await foot.textContent()) ?? '').match(/([\d,]+) 件/)?.[1]?.replaceAll(',', ''));
  expect(total).toBeGreaterThan(100);
  const sizes = page.getByRole('radiogroup', { name: '1ページの表示件数' });
  const size = (n: string) => sizes.getByRole('radio', { name: n, exact: true });
  await expect(size('100')).toBeChecked();
  await expect(sizes.getByRole('radio')).toHaveCount(5);
  await expect(sizes).toHaveText(/20\s*50\s*100\s*500\s*1,000/);

  // Shift+R from the grid: the chosen size has the focus; ← ← chooses 20.
  await page.keyboard.press('Shift+R');
  await expect(size('100')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(size('20')).toBeChecked();
  await expect(size('20')).toBeFocused();
  await expect(page).toHaveURL(/\/equipment\?pageSize=20$/);
  await expect(grid).toHaveAttribute('aria-rowcount', '21');
  await expect(grid.locator('.grid-body [role="row"]')).toHaveCount(20);
  // Back to the first page (pageIndex left the URL), in pages of 20.
  await expect(foot).toContainText(`1 / ${Math.ceil(total / 20)}`);
  await expectAccessible(page);

  // A bookmarked size that is not a choice is kept, and offered.
  await page.goto('/equipment?pageSize=37');
  await expect(size('37')).toBeChecked();
  await expect(sizes).toHaveText(/20\s*37\s*50\s*100\s*500\s*1,000/);

  // From the palette, by its name: the list's action is offered and focuses the choice.
  await grid.focus();
  await openPalette(page);
  await page.keyboard.type('表示件数');
  await expect(page.getByRole('option', { selected: true })).toContainText('1ページの表示件数…');
  await page.keyboard.press('Enter');
  await expect(size('37')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/equipment\?pageSize=50$/);
  // The bookmarked size is no longer offered; the chosen one keeps the focus.
  await expect(sizes).toHaveText(/20\s*50\s*100\s*500\s*1,000/);
  await expect(size('50')).toBeChecked();
  await expect(size('50')).toBeFocused();
  // The default size leaves the URL.
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/equipment$/);
  await expect(grid).toHaveAttribute('aria-rowcount', '101');
  await expect(size('100')).toBeFocused();
  // In English too.
  await page.keyboard.press('Control+Meta+l');
  await expect(page.getByRole('radiogroup', { name: 'Rows per page' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '1,000', exact: true })).toBeVisible();
  // Back to Japanese (the choice is stored with the session), for the other tests.
  await page.keyboard.press('Control+Meta+l');
  await expect(sizes).toBeVisible();
});
