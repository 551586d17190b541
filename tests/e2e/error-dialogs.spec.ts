// The error catalogue's dialogs (spec 8) by keyboard: the global error dialog
// (default title and message, one button going back in history, to / when
// there is none), the error screen a failed page shows, and the forbidden
// dialog of an operator with no area at all (spec 6: the no-accessible text).
//
// The global error dialog opens on a failure on our side: any 5xx answer of
// an API call (the API wrapper in main.tsx); the tests make the roles list
// answer 500. The error screen, which a page failing to load shows, is
// checked with a real failure (its code chunk cannot be fetched).
import { expect, type Page } from '@playwright/test';
import { demo, expectAccessible, openPalette, signIn, test } from './support.js';

const ERROR_TITLE = 'エラーが発生しました';
const ERROR_BODY = '予期しないエラーが発生しました。';

async function expectFocusTrapped(page: Page) {
  for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
  }
}

/** From now on the roles list answers 500 (a failure on our side); the
 * filter makes the list ask again, which opens the error dialog. */
async function failRolesList(page: Page) {
  await page.route(
    (url) => url.pathname === '/v2/settings/roles',
    (route) => route.fulfill({ status: 500, json: { code: 'INTERNAL_ERROR', message: 'Internal error' } }),
  );
}
async function refilter(page: Page, text: string) {
  await page.keyboard.press('/');
  await page.keyboard.type(text);
}

/** The dialog as the spec gives it: default title and message, exactly one button (focused), axe-clean, focus kept inside. */
async function expectErrorDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: ERROR_TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: ERROR_TITLE })).toBeVisible();
  await expect(dialog).toContainText(ERROR_BODY);
  await expect(dialog.getByRole('button')).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: '戻る' })).toBeFocused();
  await expectAccessible(page);
  await expectFocusTrapped(page);
  await expect(dialog.getByRole('button', { name: '戻る' })).toBeFocused();
  return dialog;
}

/** Signed in, then to the roles list by the palette: an in-app step in history. */
async function toRolesFromHome(page: Page) {
  await signIn(page);
  await openPalette(page);
  await page.keyboard.type('Roles');
  await expect(page.getByRole('option', { selected: true })).toContainText('設定 › ロール');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/permission-and-roles\/roles$/);
}

/**
 * A tab of its own, as a link opened in a new tab: same sign-in, and a history
 * of one entry (a tab from context.newPage() keeps its about:blank entry, so
 * history.length would be 2 and "back" would leave the console).
 */
async function freshTab(opener: Page, path: string) {
  const [page] = await Promise.all([
    opener.context().waitForEvent('page'),
    opener.evaluate((href) => void window.open(href, '_blank', 'noopener'), path),
  ]);
  await page.waitForURL((url) => url.pathname === path);
  expect(await page.evaluate(() => window.history.length)).toBe(1);
  return page;
}

test('the global error dialog: default title and message, one button back in history; Escape closes it', async ({ page }) => {
  await toRolesFromHome(page);
  const grid = page.getByRole('grid', { name: 'ロール' });
  await expect(grid).toBeFocused();

  await failRolesList(page);
  await refilter(page, 'a');
  const dialog = await expectErrorDialog(page);
  // The page behind is inert: keys do nothing there while it is open.
  await page.keyboard.press('j');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/settings\/permission-and-roles\/roles/);
  // The list shows the failure in place too.
  await expect(grid.getByRole('alert')).toBeVisible();

  // The button goes back one step: to the page the palette came from.
  await page.getByRole('searchbox', { name: '絞り込み' }).focus();
  await page.keyboard.type('b');
  await expectErrorDialog(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/software\/registry$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the global error dialog goes to / when there is no history', async ({ page }) => {
  await signIn(page);
  await failRolesList(page);
  const tab = await freshTab(page, '/settings/permission-and-roles/roles');
  await failRolesList(tab);
  await tab.reload();
  await expectErrorDialog(tab);
  await tab.keyboard.press('Enter');
  // / redirects to the software home.
  await expect(tab).toHaveURL(/\/software\/registry$/);
  await expect(tab.getByRole('dialog')).toHaveCount(0);
});

// The API wrapper (main.tsx) opens the error dialog on any 5xx.
test('a 5xx answer from the API opens the global error dialog', async ({ page }) => {
  await toRolesFromHome(page);
  await page.route(
    (url) => url.pathname === '/v2/settings/people-groups',
    (route) => route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Internal error' } }),
  );
  await page.goto('/settings/permission-and-roles/people-groups');
  // After the query's two retries of a 5xx.
  await expect(page.getByRole('dialog', { name: ERROR_TITLE })).toBeVisible({ timeout: 15_000 });
  await expectErrorDialog(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/permission-and-roles\/roles$/);
});

const UNLOADED_TITLE = '画面の一部を読み込めませんでした';
const UNLOADED_BODY = 'コンソールが更新されたか、接続が途切れました。ページを再読み込みしてください。';

test('a page whose code cannot be fetched says to reload: Reload brings it, Back goes back, or to / without history', async ({ page, context }) => {
  // The roles list's code chunk cannot be fetched (a deploy replaced it, the
  // network dropped): the route's error screen takes the pane's place.
  await signIn(page);
  const chunk = '**/assets/permission-lists-*.js';
  await context.route(chunk, (route) => route.abort());
  await openPalette(page);
  await page.keyboard.type('Roles');
  await expect(page.getByRole('option', { selected: true })).toContainText('設定 › ロール');
  await page.keyboard.press('Enter');
  const screen = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: UNLOADED_TITLE }) });
  await expect(screen).toBeVisible();
  await expect(screen).toContainText(UNLOADED_BODY);
  await expect(screen.getByRole('button')).toHaveText(['再読み込み', '戻る']);
  // The workspace around it still works (status line, breadcrumb).
  await expect(page.getByRole('navigation', { name: 'パンくずリスト' })).toHaveText(/設定.*ロール/);
  await expectAccessible(page);
  await screen.getByRole('button', { name: '戻る' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/software\/registry$/);
  await expect(screen).toHaveCount(0);

  const tab = await freshTab(page, '/settings/permission-and-roles/roles');
  const tabScreen = tab.getByRole('alert').filter({ has: tab.getByRole('heading', { name: UNLOADED_TITLE }) });
  await expect(tabScreen).toBeVisible();
  await tabScreen.getByRole('button', { name: '戻る' }).focus();
  await tab.keyboard.press('Enter');
  await expect(tab).toHaveURL(/\/software\/registry$/);

  // The code can be fetched again (the connection is back): Reload shows the page.
  await page.goForward();
  await expect(screen).toBeVisible();
  await context.unroute(chunk);
  await screen.getByRole('button', { name: '再読み込み' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('grid', { name: 'ロール' })).toBeVisible();
  await expect(screen).toHaveCount(0);
});

test("a command whose code cannot be fetched says to reload, and the list stays as it was", async ({ page, context }) => {
  await signIn(page);
  await page.goto('/equipment');
  const list = page.getByRole('grid', { name: '備品' });
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  await context.route('**/assets/module.actions-*.js', (route) => route.abort());
  await list.focus();
  await page.keyboard.press('Shift+KeyE'); // export: its body is fetched on first run
  const dialog = page.getByRole('dialog', { name: UNLOADED_TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(UNLOADED_BODY);
  await expectAccessible(page);
  await expectFocusTrapped(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/equipment$/);
  await expect(list.getByRole('row').nth(1)).toBeVisible();
});

test('a 403 for an operator with no accessible area: the no-accessible message, no way out but Close', async ({ page }) => {
  // No demo account fits (DEMO_USERS: admin has every area, it has IT, the
  // individual is no operator). The IT operator gets a real 403 on the MFA
  // page (settings area); the client then reads GET /v2/session to choose
  // the dialog's text and buttons (main.tsx: operatorAccess, and
  // accessibleScopes.length > 0). That answer comes from the server with
  // `accessibleScopes` emptied: an operator whose roles open no area.
  await signIn(page, 'it');
  await page.route(
    (url) => url.pathname === '/v2/session',
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const session = (await response.json()) as { operatorAccess: boolean; individualAccess: boolean };
      expect(session.operatorAccess).toBe(true);
      expect(session.individualAccess).toBe(false);
      await route.fulfill({ response, json: { ...session, accessibleScopes: [] } });
    },
  );
  await page.goto('/settings/mfa');
  const dialog = page.getByRole('dialog', { name: 'アクセスが拒否されました' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('このアカウントが開ける領域はありません。管理者に権限を依頼してください。');
  await expect(dialog).not.toContainText('この機能を利用する権限がありません。');
  // No staff console (no area), no individual tasks (no individual access): Close only.
  await expect(dialog.getByRole('button')).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'スタッフ画面へ' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'マイタスクへ' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: '閉じる' })).toBeFocused();
  await expectAccessible(page);
  await expectFocusTrapped(page);
  await expect(dialog.getByRole('button', { name: '閉じる' })).toBeFocused();
  // Escape closes it where it is.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/settings\/mfa$/);

  // Again, and Close by keyboard.
  await page.reload();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: '閉じる' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/settings\/mfa$/);
});

test('a 401 from the API signs out and goes to sign-in, which leads back to the page', async ({ page }) => {
  await toRolesFromHome(page);
  await expect(page.getByRole('grid', { name: 'ロール' })).toBeFocused();
  // The token is no longer accepted (revoked, the pool rotated its keys): the
  // roles list answers 401 the next time it asks.
  await page.route(
    (url) => url.pathname === '/v2/settings/roles',
    (route) => route.fulfill({ status: 401, json: { code: 'UNAUTHENTICATED', message: '認証が必要です。' } }),
  );
  await refilter(page, 'a');
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Fsettings%2Fpermission-and-roles%2Froles/);
  await expect(page.getByRole('heading', { name: '台帳にサインイン' })).toBeVisible();
  // Signed out in this browser: the stored session is gone, no error dialog.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider.')))).toEqual([]);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Signing in again lands on the page it was on.
  await page.unrouteAll();
  const { email, password } = demo('admin');
  await expect(page.getByLabel('メールアドレス')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/permission-and-roles\/roles/);
  await expect(page.getByRole('grid', { name: 'ロール' })).toBeVisible();
});

test('a start that fails says to reload the page, in both languages', async ({ page }) => {
  // The identity pool's settings, the first thing the start asks for, cannot be had.
  await page.route(
    (url) => url.pathname === '/v2/auth/config',
    (route) => route.fulfill({ status: 503, json: { code: 'INTERNAL_ERROR', message: 'Service unavailable' } }),
  );
  await page.goto('/auth/sign-in');
  await expect(page.locator('#root')).toHaveText(
    'Failed to initialize application. Please reload the page. / アプリケーションの初期化に失敗しました。ページを再読み込みしてください。',
  );
  // Reloading once the service is back starts the console.
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByRole('heading', { name: '台帳にサインイン' })).toBeVisible();
});
