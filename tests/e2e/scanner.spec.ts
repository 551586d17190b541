// The scanner decodes a QR image generated here, with the WebAssembly reader
// served by our own server (no CDN), and opens the record the code names.
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { signIn } from './support.js';

test('a QR code from an image file opens the matching record beside the page', async ({ page }) => {
  const external: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://127.0.0.1')) external.push(r.url());
  });
  const file = path.join(os.tmpdir(), `daicho-qr-${Date.now()}.png`);
  await QRCode.toFile(file, 'admin@daicho.example', { width: 320, margin: 4 });
  const unknown = path.join(os.tmpdir(), `daicho-qr-unknown-${Date.now()}.png`);
  await QRCode.toFile(unknown, 'TAG-NOT-HERE-42', { width: 320, margin: 4 });

  await signIn(page);
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('QR');
  await expect(page.getByRole('option', { selected: true })).toContainText('QRコード／バーコードを読み取る');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'コードの読み取り' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('画像ファイルを読み込む').setInputFiles(unknown);
  await expect(dialog.getByRole('status')).toContainText('読み取り結果: TAG-NOT-HERE-42');
  await expect(dialog.getByRole('status')).toContainText('一致するデバイス・備品などはありません');

  await dialog.getByLabel('画像ファイルを読み込む').setInputFiles(file);
  const side = page.getByRole('complementary', { name: 'サイドペイン' });
  await expect(side.getByRole('heading', { name: '人物 › 個人情報' })).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(external).toEqual([]);
});
