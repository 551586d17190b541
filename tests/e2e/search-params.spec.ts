// A list view is a URL: invalid values fall back to their defaults and the
// address bar is cleaned; valid ones stay and survive a reload.
import { expect } from '@playwright/test';
import { signIn, test } from './support.js';

test('an invalid search parameter falls back to its default', async ({ page }) => {
  await signIn(page);
  await page.goto('/public-ids/registry?publicIdType=PASSPORTS&freeText=tanaka');
  await expect(page).toHaveURL(/\/public-ids\/registry\?freeText=tanaka$/);
  await page.goto('/equipment?pageSize=5000&category=DISPOSED');
  await expect(page).toHaveURL(/\/equipment\?category=DISPOSED$/);
  await page.reload();
  await expect(page).toHaveURL(/\/equipment\?category=DISPOSED$/);
  await expect(page.getByRole('heading', { name: '備品' })).toBeVisible();
});
