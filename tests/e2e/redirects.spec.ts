// Every redirect of spec 2.1 in the browser, signed in: an old or short
// address lands on its page, with the query string where the spec keeps it.
import { expect } from '@playwright/test';
import { REDIRECT_CASES } from '../support/redirect-cases.js';
import { signIn, test } from './support.js';

test('every spec redirect lands where spec 2.1 says, query strings kept where it says', async ({ page }) => {
  await signIn(page);
  const base = new URL(page.url()).origin;
  for (const [from, to, lands] of REDIRECT_CASES) {
    await page.goto(from);
    await expect.poll(() => page.url().slice(base.length), { message: from }).toBe(to);
    if (lands === 'not-found') {
      // The not-found page names the path and links home.
      await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' }), from).toBeVisible();
      await expect(page.getByRole('link', { name: 'ホームへ戻る' }), from).toBeVisible();
    } else {
      // The landing page rendered (a pane, not a crash screen).
      await expect(page.locator('main'), from).toBeVisible();
    }
  }
});
