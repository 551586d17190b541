// Alerts and shadow IT by keyboard (issue 6, "Done when"): a detector sends
// visits to the ingestion endpoint with the demo organisation's token; the
// app shows up among the shadow-IT apps; from the palette it becomes a
// custom SaaS (the form prefilled from it, saved with Ctrl+Enter) and leaves
// shadow IT. The alert list is exported as CSV and the file read back; the
// ingestion token is rotated after a confirmation and the new one works.
// Every alert pane and the custom-SaaS form pass axe.
import fs from 'node:fs';
import crypto from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_INGESTION_TOKEN } from '../../server/seed/shadow-it.js';
import { parse } from '../support/csv.js';
import { expectAccessible, openPalette, signIn, test } from './support.js';

const BOM = '\uFEFF';

/** Otter.ai visits from private addresses (no person has them): more than any demo app has. */
async function ingestOtter(request: APIRequestContext, token: string, count: number) {
  const events = Array.from({ length: count }, (_, i) => ({
    eventId: `e2e-otter-${crypto.randomUUID()}`,
    visitedAt: new Date(Date.now() - (i % 20) * 3_600_000).toISOString(),
    userEmail: `listener${i % 4}@private.example`,
    url: `https://otter.ai/u/${i}`,
    detectionTool: 'proxy-log',
  }));
  return request.post('/v2/shadow-it/visits', { headers: { authorization: `Bearer ${token}` }, data: { events } });
}

/** Runs a palette action by typing its words and taking the selected option. */
async function palette(page: Page, words: string, option: string | RegExp) {
  await openPalette(page);
  await page.keyboard.type(words);
  await expect(page.getByRole('option', { selected: true })).toContainText(option);
  await page.keyboard.press('Enter');
}

/** The total in the grid's footer, once its rows are in. */
async function footCount(page: Page) {
  await expect(page.locator('.grid-foot')).toContainText(/[1-9][\d,]* 件/);
  return Number(((await page.locator('.grid-foot').textContent()) ?? '').match(/([\d,]+) 件/)?.[1]?.replaceAll(',', ''));
}

test('a shadow-IT app from ingested visits becomes a custom SaaS from the palette', async ({ page, request }) => {
  const sent = await ingestOtter(request, DEMO_INGESTION_TOKEN, 240);
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toEqual({ accepted: 240, duplicate: 0, ignored: 0 });

  await signIn(page);
  await palette(page, 'シャドーITアプリ', 'シャドーITアプリ');
  await expect(page).toHaveURL(/\/software\/alerts\/shadow-it\/apps$/);
  const grid = page.getByRole('grid', { name: 'シャドーITアプリ' });
  await expect(grid).toBeFocused();
  // Most visited first (spec 5): Otter.ai leads, four unknown users, 240 visits.
  const first = grid.locator('.grid-body [role="row"]').first();
  await expect(first).toContainText('Otter.ai');
  await expect(first).toContainText('240');
  await expect(page.getByRole('navigation', { name: 'アラートの種類' }).getByRole('link', { name: /シャドーITアプリ \d+/ })).toBeVisible();
  await expectAccessible(page);

  // Unknown users only (Alt+1): Otter.ai's visitors are all unknown, it stays first.
  await expect(grid).toBeFocused();
  await page.keyboard.press('Alt+1');
  await expect(page).toHaveURL(/unknown=ONLY/);
  await expect(first).toContainText('Otter.ai');
  await expect(page.getByRole('button', { name: '不明なユーザーのみ' })).toHaveAttribute('aria-pressed', 'true');

  // The focused row (the first) becomes a custom SaaS, from the palette.
  await palette(page, 'カスタムSaaS', 'カスタムSaaSとして追加');
  await expect(page).toHaveURL(/\/software\/add\/custom-saas\/GENERAL_AFFAIRS\?traceableSaasId=[0-9a-f-]{36}$/);
  const name = page.getByRole('textbox', { name: '名前' });
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('Otter.ai');
  await expect(page.getByRole('textbox', { name: 'WebサイトのURL' })).toHaveValue('https://otter.ai/');
  await expect(page.getByText('シャドーITアプリ「Otter.ai」から追加します。')).toBeVisible();
  await expectAccessible(page);

  // A validation error keeps what was typed: an empty name, a tenant.
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('営業部');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.field-error')).toContainText('必須');
  await expect(page.getByRole('textbox', { name: 'テナント名' })).toHaveValue('営業部');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(name).toBeFocused();
  await page.keyboard.type('Otter.ai Business');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('カスタムSaaS「Otter.ai Business」を追加しました')).toBeVisible();
  await expect(page).toHaveURL(/\/app-integrations\/[0-9a-f-]{36}/);

  // Back in shadow IT: Otter.ai is sanctioned now.
  await palette(page, 'シャドーITアプリ', 'シャドーITアプリ');
  await expect(grid).toBeFocused();
  await expect(grid.locator('.grid-body [role="row"]').first()).toBeVisible();
  await expect(grid).not.toContainText('Otter.ai');
});

test('the alert lists export as CSV, every alert pane passes axe, and the ingestion token rotates', async ({ page, request }) => {
  await signIn(page);
  await palette(page, 'シャドーIT閲覧履歴', 'シャドーIT閲覧履歴');
  await expect(page).toHaveURL(/\/software\/alerts\/shadow-it\/visit-histories$/);
  const grid = page.getByRole('grid', { name: 'シャドーIT閲覧履歴' });
  await expect(grid).toBeFocused();
  const visits = await footCount(page);
  expect(visits).toBeGreaterThan(100);
  await expectAccessible(page);

  // Export by the pane's key, Shift+E: every visit, Japanese headers, a BOM.
  const download = page.waitForEvent('download');
  await page.keyboard.press('Shift+E');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^app-alerts-SHADOW_IT_VISITS-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await file.path(), 'utf8');
  expect(text.startsWith(BOM)).toBe(true);
  const [header = [], ...rows] = parse(text.slice(1)).filter((r) => r.some(Boolean));
  expect(header).toEqual(['アクセス日時', 'ユーザー名', 'ユーザーのメールアドレス', 'アプリ', 'カテゴリ', 'URL', '検出方法']);
  expect(rows).toHaveLength(visits);
  expect(rows.every((r) => /^https:\/\//.test(r[5] ?? ''))).toBe(true);

  // The shadow-IT apps from the palette: the file holds the rows on screen.
  await palette(page, 'シャドーITアプリ', 'シャドーITアプリ');
  await expect(page.getByRole('grid', { name: 'シャドーITアプリ' })).toBeFocused();
  const apps = await footCount(page);
  const appsFile = page.waitForEvent('download');
  await palette(page, 'アラート一覧を CSV', 'アラート一覧を CSV でエクスポート');
  const appsText = fs.readFileSync(await (await appsFile).path(), 'utf8');
  const [appsHeader = [], ...appRows] = parse(appsText.slice(1)).filter((r) => r.some(Boolean));
  expect(appsHeader.slice(0, 3)).toEqual(['アプリ名', 'カテゴリ', 'Webサイト']);
  expect(appRows).toHaveLength(apps);
  expect(appRows.map((r) => r[0])).toContain('ChatGPT');

  // Each account alert page: its tab, its grid, axe.
  for (const [path, title] of [
    ['violated-role', 'ロール違反'],
    ['violated-assignment', '割り当て違反'],
    ['no-worker', '従業員不在のアカウント'],
    ['no-user', 'アカウント未発行の人物'],
    ['inactive-user', '非アクティブなアカウント'],
    ['alumni', '退職者'],
  ] as const) {
    await page.goto(`/software/alerts/${path}`);
    await expect(page.getByRole('grid', { name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${title} \\d+`) })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);
  }

  // The ingestion token: shown (t), then rotated from the palette after a confirmation.
  await page.goto('/software/alerts/shadow-it/apps');
  await page.getByRole('grid', { name: 'シャドーITアプリ' }).focus();
  await page.keyboard.press('t');
  const dialog = page.getByRole('dialog', { name: 'シャドーIT取り込みトークン' });
  await expect(dialog).toContainText('dsi_demo…');
  await expect(dialog).toContainText('/v2/shadow-it/visits');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await palette(page, 'トークンを再発行', 'シャドーIT取り込みトークンを再発行');
  const confirm = page.getByRole('dialog', { name: '取り込みトークンを再発行しますか？' });
  await expect(confirm.getByRole('button', { name: '再発行' })).toBeFocused();
  await page.keyboard.press('Enter');
  const fresh = page.getByRole('dialog', { name: '新しい取り込みトークン' });
  await expect(fresh).toBeVisible();
  const token = await fresh.getByRole('textbox').inputValue();
  expect(token).toMatch(/^dsi_[\w-]{43}$/);
  // The old token stops at once; the new one is taken.
  expect((await ingestOtter(request, DEMO_INGESTION_TOKEN, 1)).status()).toBe(401);
  const ok = await ingestOtter(request, token, 1);
  expect(ok.status()).toBe(200);
  await page.keyboard.press('Escape');
});
