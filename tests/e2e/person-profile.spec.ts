// The person profile (issue 7), by keyboard: a person found with the palette
// opens beside the page, then in the main pane; Alt+1…8 walk the tabs (each
// accessible); on the devices tab Shift+Enter opens the device beside the
// profile. Then a person is moved through the lifecycle to alumni with the
// palette's commands (a date before the previous stage's is refused, what
// was typed stays), lands on the alumni profile and is among those who left
// within a month.
import { expect, type Page } from '@playwright/test';
import { callApi, expectAccessible, runFromPalette, signIn, test } from './support.js';

const TABS = ['public-id', 'personal-information', 'history', 'equipment', 'employee-information', 'devices', 'apps', 'activity'] as const;
const TAB_NAMES = ['公的ID', '個人情報', '履歴', '備品', '従業員情報', 'デバイス', 'アプリ', 'アクティビティ'];

interface Row {
  personId: string;
  name: string;
  email: string | null;
  workers: Array<{ stage: string | null; workerType: string }>;
  devices: Array<{ id: string; name: string }>;
}
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const DEMO_USER = /@daicho\.example$/;
/** Current people of the demo organisation (not the demo sign-in users, who keep their state for other tests). */
async function currentPeople(page: Page, query: string): Promise<Row[]> {
  const r = await callApi<{ items: Row[] }>(page, 'GET', `/v2/people?${query}&pageSize=1000`);
  const signIns = ['admin', 'it-operator', 'individual'].map((u) => `${u}@daicho.example`);
  return r.items.filter((x) => !signIns.includes(x.email ?? '') && DEMO_USER.test(x.email ?? 'x@daicho.example'));
}

/** A current person holding a device (not a demo sign-in user). */
async function personWithDevice(page: Page) {
  const person = (await currentPeople(page, 'menu=All&category=all-active')).find((x) => x.devices.length > 0)!;
  expect(person).toBeTruthy();
  return person;
}

async function walkTabs(page: Page, personId: string, which: readonly number[]) {
  const main = page.getByRole('main');
  const tabs = main.getByRole('navigation', { name: 'プロフィールのページ' });
  for (const i of which) {
    const tab = TABS[i]!;
    await page.keyboard.press(`Alt+Digit${i + 1}`);
    await expect(page).toHaveURL(new RegExp(`/person/${personId}/${tab}$`));
    await expect(tabs.getByRole('link', { name: TAB_NAMES[i] })).toHaveAttribute('aria-current', 'page');
    if (tab === 'public-id') await expect(main).toContainText('公的IDモジュール');
    if (tab === 'history' || tab === 'activity' || tab === 'devices') await expect(main.getByRole('grid').first()).toBeFocused();
    await expectAccessible(page);
  }
}

test('the palette finds a person, who opens beside the page and then in the main pane; the first tabs', async ({ page }) => {
  await signIn(page);
  const person = await personWithDevice(page);

  // The palette finds the person; the hit opens beside the page.
  await runFromPalette(page, person.name, person.name);
  const side = page.getByRole('complementary');
  await expect(side.getByRole('heading', { level: 1 })).toContainText(person.name);
  // Into the side pane (F6), to its "open in the main pane" link.
  await page.keyboard.press('F6');
  const openMain = side.getByRole('link', { name: 'メインペインで開く' });
  for (let i = 0; i < 12 && !(await openMain.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(openMain).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/person/${person.personId}/personal-information$`));
  await page.keyboard.press('Alt+Shift+KeyW');
  await expect(side).toHaveCount(0);

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toContainText(person.name);
  await expect(main.getByRole('navigation', { name: 'プロフィールのページ' }).getByRole('link', { name: '個人情報' })).toBeFocused();
  await expect(main.locator('[data-stage]').first()).not.toHaveText('');
  await expectAccessible(page);

  // `e` edits; a reading that is not katakana is refused under its field and stays as typed; Escape leaves.
  await page.keyboard.press('e');
  await expect(main.getByRole('textbox', { name: '姓', exact: true })).toBeFocused();
  const kana = main.getByRole('textbox', { name: '姓（カナ）' });
  await kana.fill('yamada');
  await page.keyboard.press('Control+Enter');
  await expect(main.getByRole('alert').filter({ hasText: '読みはカタカナで入力してください。' })).toBeVisible();
  await expect(kana).toHaveValue('yamada');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(kana).toHaveCount(0);

  await walkTabs(page, person.personId, [0, 2, 3]);
});

test('the other tabs by Alt+number; on the devices tab Shift+Enter opens the device beside the profile', async ({ page }) => {
  await signIn(page);
  const person = await personWithDevice(page);
  await page.goto(`/person/${person.personId}/personal-information`);
  const main = page.getByRole('main');
  await expect(main.getByRole('navigation', { name: 'プロフィールのページ' }).getByRole('link', { name: '個人情報' })).toBeFocused();
  await walkTabs(page, person.personId, [4, 6, 7, 5]);

  // Devices: held now first; Shift+Enter opens the device beside the profile.
  const grid = main.getByRole('grid', { name: 'デバイス' });
  await expect(grid).toBeFocused();
  await expect(grid.getByRole('row').nth(1)).toContainText('現在');
  await page.keyboard.press('Shift+Enter');
  const side = page.getByRole('complementary');
  await expect(side.getByRole('heading', { level: 1 })).toContainText(person.devices[0]!.name);
  await expect(side.getByRole('table', { name: '利用者の履歴' })).toContainText(person.name);
  await expectAccessible(page);
});

test('the lifecycle commands move a person to alumni, who then left within a month', async ({ page }) => {
  await signIn(page);
  const person = (await currentPeople(page, 'menu=Employee&category=employee-active')).filter((x) => x.workers.length === 1 && x.workers[0]!.stage === 'ACTIVE').at(-1)!;
  await page.goto(`/person/${person.personId}/personal-information`);
  const main = page.getByRole('main');
  await expect(main.getByRole('navigation', { name: 'プロフィールのページ' }).getByRole('link', { name: '個人情報' })).toBeFocused();
  await expect(main.locator('[data-stage]')).toHaveText('在籍');

  // Leaving, notified ten days ago.
  await runFromPalette(page, '退職申出を記録');
  const dialog = page.getByRole('dialog', { name: '記録する: 退職予定' });
  const date = dialog.getByLabel('発効日');
  await expect(date).toBeFocused();
  await expect(date).toHaveValue(today());
  await date.fill(addDays(today(), -10));
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('status').filter({ hasText: '退職予定として記録しました' })).toBeVisible();
  await expect(main.locator('[data-stage="LEAVING"]')).toHaveText('退職予定');

  // Alumni: a last working day before the leaving notice is refused; the date typed stays.
  await runFromPalette(page, '最終出社日（退職）を記録');
  const last = page.getByRole('dialog', { name: '記録する: 退職済み' }).getByLabel('最終出社日');
  await last.fill(addDays(today(), -20));
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText(`${addDays(today(), -10)}（退職予定）以降の日付を指定してください。`);
  await expect(last).toHaveValue(addDays(today(), -20));
  await expectAccessible(page);
  // The last working day was yesterday: alumni today.
  await last.fill(addDays(today(), -1));
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('status').filter({ hasText: '退職済みとして記録しました' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/alumni/${person.personId}/personal-information$`));
  await expect(main.getByRole('heading', { level: 1 })).toContainText('退職者');

  // Left within a month: the alumni list's recent-leaver filter finds them.
  await page.goto('/people/alumni?isLeavingDateWithIn_A_Month=true');
  await expect(main.getByRole('grid')).toContainText(person.name);
});

test('a lifecycle step shows in the list the user comes back to, without a reload', async ({ page }) => {
  await signIn(page);
  const offered = await currentPeople(page, 'menu=Employee&category=employee-offered');
  const person = offered.find((x) => x.workers.length === 1 && x.workers[0]!.stage === 'OFFERED')!;
  expect(person).toBeTruthy();
  await page.goto('/people/workforce?category=employee-offered');
  const main = page.getByRole('main');
  const grid = main.getByRole('grid');
  await expect(grid).toContainText(person.name);
  await expect(grid).toBeFocused();
  // The cursor to the person's row (the list is in name order, as the API gives it), then Enter.
  for (let i = 0; i < offered.indexOf(person); i++) await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/person/${person.personId}/personal-information$`));
  await expect(main.locator('[data-stage="OFFERED"]')).toBeVisible();
  await runFromPalette(page, '内定承諾を記録');
  await expect(page.getByRole('dialog').getByLabel('発効日')).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('status').filter({ hasText: '内定承諾として記録しました' })).toBeVisible();
  // Back to the list (in-app history): it no longer lists the person as offered.
  await page.goBack();
  await expect(page).toHaveURL(/\/people\/workforce\?category=employee-offered$/);
  await expect(grid).not.toContainText(person.name);
});
