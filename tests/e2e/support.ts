import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO_USERS, type DemoUserKey } from '../../server/seed/demo.js';

export const demo = (key: DemoUserKey) => DEMO_USERS.find((u) => u.key === key)!;

/** Signs in through the form, by keyboard, and waits for the home page. */
export async function signIn(page: Page, key: DemoUserKey = 'admin') {
  const user = demo(key);
  await page.goto('/auth/sign-in');
  await page.getByLabel(/メールアドレス|E-mail/).fill(user.email);
  await page.getByLabel(/パスワード|Password/).fill(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/software\/registry$/);
  // The workspace has loaded the session (areas decide which commands apply).
  await expect(page.getByRole('contentinfo', { name: 'status' })).toContainText(user.email);
}

export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/**
 * Ctrl+K, then waits until the palette's input has the focus. Text that is
 * not on the keyboard (Japanese) reaches the page as inserted text, not as
 * key presses, so it needs the input up; ASCII typed at once is kept by the
 * palette itself (tests/e2e/palette.spec.ts).
 */
export async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox')).toBeFocused();
}
