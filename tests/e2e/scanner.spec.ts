// The scanner decodes a QR image generated here, with the WebAssembly reader
// served by our own server (no CDN), and opens the record whose device tag,
// asset tag or serial number is exactly the code: never a record that only
// contains it (GA-0000 in GA-00007) or a person whose e-mail it is.
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { signIn, test } from './support.js';

async function qr(text: string): Promise<string> {
  const file = path.join(os.tmpdir(), `daicho-qr-${text.replace(/\W/g, '_')}-${Date.now()}.png`);
  await QRCode.toFile(file, text, { width: 320, margin: 4 });
  return file;
}

async function openScanner(page: Page) {
  // Right after sign-in the workspace may still be binding its keys: press
  // again until the palette is open (once open, it is not pressed again).
  const combobox = page.getByRole('combobox');
  await expect(async () => {
    if (!(await combobox.isVisible())) await page.keyboard.press('Control+k');
    await expect(combobox).toBeFocused({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.type('QR');
  await expect(page.getByRole('option', { selected: true })).toContainText('QRコード／バーコードを読み取る');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'コードの読み取り' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a QR code that is no exact code opens nothing and says so', async ({ page }) => {
  const external: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://127.0.0.1')) external.push(r.url());
  });
  const unknown = await qr('TAG-NOT-HERE-42');
  // Part of every demo asset tag (GA-00001…), and a person's e-mail.
  const partial = await qr('GA-0000');
  const email = await qr('admin@daicho.example');

  await signIn(page);
  const dialog = await openScanner(page);
  const file = dialog.getByLabel('画像ファイルを読み込む');
  await file.setInputFiles(unknown);
  await expect(dialog.getByRole('status')).toContainText('読み取り結果: TAG-NOT-HERE-42');
  await expect(dialog.getByRole('status')).toContainText('コード TAG-NOT-HERE-42 に完全に一致するデバイスタグ・資産番号・シリアル番号はありません。');
  await file.setInputFiles(partial);
  await expect(dialog.getByRole('status')).toContainText('コード GA-0000 に完全に一致する');
  await file.setInputFiles(email);
  await expect(dialog.getByRole('status')).toContainText('コード admin@daicho.example に完全に一致する');
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'サイドペイン' })).toHaveCount(0);
  expect(external).toEqual([]);
});

test("a QR code of an equipment asset tag opens that equipment beside the page", async ({ page }) => {
  // A demo asset tag, in another case (a code matches ignoring case).
  const file = await qr('ga-00007');
  await signIn(page);
  const dialog = await openScanner(page);
  await dialog.getByLabel('画像ファイルを読み込む').setInputFiles(file);
  await expect(dialog).toBeHidden();
  const side = page.getByRole('complementary', { name: 'サイドペイン' });
  await expect(side.getByRole('heading', { level: 1 })).toContainText('備品 /');
  await expect(side.getByRole('heading', { level: 1 })).toContainText('#007');
  const tag = side.locator('.record-fields div').filter({ has: page.locator('dt', { hasText: '資産番号' }) }).locator('dd');
  await expect(tag).toHaveText('GA-00007');
  // The page behind stays where it was.
  await expect(page).toHaveURL(/\/software\/registry/);
});
