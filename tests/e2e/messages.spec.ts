// Every module's words on screen, never their keys. The panes' messages come
// in a chunk of their own, loaded with the first pane (src/i18n.ts,
// <PaneMessages>): a page of each module, opened first thing after signing
// in, the shortcut sheet (every command's title) and the palette show text,
// in Japanese and, after a switch, in English; and the console named no
// message it did not have (every browser test checks that: support.ts).
import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { signIn, test } from './support.js';

const NAMESPACES = fs.readdirSync('locales/ja-JP').map((f) => f.replace(/\.json$/, ''));
/** A message key left as it is: `people:columns.name`. */
const KEY = new RegExp(`\\b(?:${NAMESPACES.join('|')}):[A-Za-z$][\\w.$]*`);

const PAGES = [
  '/people/workforce',
  '/people/alumni',
  '/equipment',
  '/organization/chart',
  '/person/add/employee',
  '/software/people',
  '/software/alerts/no-user',
  '/software/marketplace',
  '/app-integrations',
  '/settings/permission-and-roles/roles',
];

/** No key in the page's text: as the pane first shows (a pane drawn before
 * its messages would show keys until something redrew it), and once its data is in. */
async function expectNoKeys(page: Page, where: string) {
  const keyIn = async () => (await page.locator('body').innerText()).match(KEY)?.[0] ?? null;
  expect(await keyIn(), `${where}, as it first shows`).toBeNull();
  await page.waitForLoadState('networkidle');
  expect(await keyIn(), where).toBeNull();
}

test('a page of each module, the shortcut sheet and the palette show words, not keys, in both languages', async ({ page }) => {
  await signIn(page);
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('#pane-title, main h1').first()).toBeVisible();
    await expectNoKeys(page, path);
  }
  // Straight after a reload: the sheet lists every command's title.
  await page.reload();
  await expect(page.locator('#pane-title, main h1').first()).toBeVisible();
  await page.keyboard.press('Shift+?');
  const sheet = page.getByRole('dialog', { name: 'キーボードショートカット' });
  await expect(sheet).toBeVisible();
  expect((await sheet.innerText()).match(KEY)?.[0] ?? null, 'shortcut sheet').toBeNull();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // English: the page as it stands, then the palette's commands.
  await page.keyboard.press('Control+Meta+l');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  try {
    await expectNoKeys(page, 'the last page in English');
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('combobox')).toBeFocused();
    await page.keyboard.type('people');
    const options = page.getByRole('listbox');
    await expect(options.getByRole('option').first()).toBeVisible();
    expect((await options.innerText()).match(KEY)?.[0] ?? null, 'palette').toBeNull();
    await page.keyboard.press('Escape');
  } finally {
    // Back to Japanese (the language is the session's) for the other tests.
    await page.keyboard.press('Control+Meta+l');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  }
  // Every message asked for on the way was there: support.ts's `test` checks the console.
});
