import axe from 'axe-core';
import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_USERS, type DemoUserKey } from '../../server/seed/demo-users.js';
import { E2E_WORKERS, type E2eServer, e2eServer } from './servers.js';

/**
 * Playwright's `test`, with one more check on every test: the console names
 * each message it was asked for and did not have (`[i18n] missing message`,
 * src/i18n.ts); a test that met one fails, so no flow shows a bare key.
 */
export const test = base.extend<{ messages: void; server: E2eServer }>({
  // The worker's own server (tests/e2e/servers.ts): pages, the request
  // fixture and the API clients of a test all talk to it.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
  server: async ({}, use, testInfo) => {
    // Only DAICHO_E2E_WORKERS servers were started: a worker beyond them
    // (`--workers` set higher) would have none of its own.
    if (testInfo.parallelIndex >= E2E_WORKERS) throw new Error(`worker ${testInfo.parallelIndex + 1} has no server: set DAICHO_E2E_WORKERS=${testInfo.config.workers}, not --workers`);
    await use(e2eServer(testInfo.parallelIndex));
  },
  baseURL: async ({ server }, use) => use(server.base),
  messages: [
    async ({ page }, use) => {
      const missing: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning' && m.text().startsWith('[i18n] missing')) missing.push(m.text());
      });
      await use();
      expect(missing, 'messages the console did not have').toEqual([]);
    },
    { auto: true },
  ],
});

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

/**
 * axe-core's rules on the page as it is now: no serious or critical
 * violation. axe is put into the document once and run there, violations
 * only. (@axe-core/playwright put its 600 kB source into the page on every
 * call and opened a blank page to assemble the results in: 2 to 7 s a call
 * on a 2-core machine, against about 0.5 s; this console has no frames for
 * it to reach into.)
 */
export async function expectAccessible(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.join(' '), message: n.any[0]?.message ?? '' })) }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target} ${n.message}`).slice(0, 3).join(', ')})`)).toEqual([]);
}

/**
 * Ctrl+K, then waits until the palette's input has the focus. Text that is
 * not on the keyboard (Japanese) reaches the page as inserted text, not as
 * key presses, so it needs the input up; ASCII typed at once is kept by the
 * palette itself (tests/e2e/palette.spec.ts).
 */
export async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: /^(コマンドパレット|Command palette)$/ })).toBeFocused();
}

/**
 * Run a command by typing into the palette. Enter is pressed only once the
 * highlighted option is the one meant (`expected`, the title the user sees;
 * by default the typed text): while the user types, the results re-rank, and
 * an Enter on the first option that shows up would run whatever matched the
 * first letters. Returns when the palette has gone (its last frames still take keys).
 */
export async function runFromPalette(page: Page, text: string, expected: string | RegExp = text) {
  await openPalette(page);
  await page.keyboard.type(text);
  await expect(page.locator('div[role="option"][aria-selected="true"]')).toContainText(expected);
  await page.keyboard.press('Enter');
  await expect(page.locator('.palette-input')).toHaveCount(0);
}

/** A call to our API with the signed-in user's token (a test's setup the user does not see). */
export async function callApi<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const user = Object.keys(localStorage).find((k) => k.endsWith('.LastAuthUser'));
      const token = user && localStorage.getItem(`${user.replace(/\.LastAuthUser$/, '')}.${localStorage.getItem(user)}.accessToken`);
      const res = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    },
    { method, url, body },
  ) as Promise<T>;
}

/**
 * The CSV wizard's file picker by keyboard: with the focus in the wizard,
 * `o` (its command) opens the browser's file chooser, and the file goes in
 * as the OS dialog would give it: Playwright's file chooser stands in for
 * the OS's, which is not the page's part.
 */
export async function chooseFile(page: Page, file: string) {
  await expect(page.locator('.csv-wizard:focus-within')).toHaveCount(1);
  await interceptFileChoosers(page);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('o');
  await (await chooser).setFiles(file);
}

const intercepting = new WeakSet<Page>();
/** Has the browser hand its file choosers to the test from now on. The
 * interception is switched on by the first listener, asynchronously: a round
 * trip to the page makes sure it is on before the key that opens a chooser. */
async function interceptFileChoosers(page: Page) {
  if (intercepting.has(page)) return;
  intercepting.add(page);
  page.on('filechooser', () => undefined);
  await page.evaluate(() => 0);
}
