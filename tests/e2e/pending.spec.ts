// A page whose code is still on its way (spec 9: pending delay 200 ms,
// minimum 0): nothing for the first 200 ms, so a quick load does not flash
// "Loading", then the pending screen until the pane arrives.
import { expect } from '@playwright/test';
import { signIn, test } from './support.js';

test('a slow pane: no pending screen for 200 ms, then the pending screen, then the page', async ({ page }) => {
  // In the page: when the last key went down, and when the pending screen first showed.
  await page.addInitScript(() => {
    const w = window as unknown as { lastKeyAt?: number; pendingAt?: number };
    window.addEventListener('keydown', () => (w.lastKeyAt = performance.now()), true);
    new MutationObserver(() => {
      if (w.pendingAt === undefined && document.querySelector('.pending[role="status"]')) w.pendingAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await signIn(page);
  // The home page is drawn (its own pending screen gone) before the clock starts.
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.locator('.pending[role="status"]')).toHaveCount(0);
  // The organisation's code arrives a second and a half late.
  let delayed = 0;
  await page.route(/\/assets\/organization-panes-[\w-]+\.js$/, async (route) => {
    delayed++;
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.evaluate(() => ((window as unknown as { pendingAt?: number }).pendingAt = undefined));

  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/\/organization\/chart$/);
  await expect(page.locator('.pending[role="status"]')).toHaveText('読み込み中…');
  const { lastKeyAt, pendingAt } = await page.evaluate(() => {
    const w = window as unknown as { lastKeyAt: number; pendingAt: number };
    return { lastKeyAt: w.lastKeyAt, pendingAt: w.pendingAt };
  });
  expect(delayed).toBe(1);
  // Not at once: at least the 200 ms after the key that opened the page.
  expect(pendingAt - lastKeyAt).toBeGreaterThanOrEqual(195);
  // Then the page, and the pending screen gone.
  await expect(page.getByRole('tree')).toBeVisible();
  await expect(page.locator('.pending[role="status"]')).toHaveCount(0);
});
