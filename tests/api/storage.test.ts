// File storage: presigned upload URLs from the contract routes, the local
// driver's signed /v2/files URLs through the real app, and the S3 driver
// against s3rver (an in-process S3 emulator).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_MAX_BYTES, IMAGE_MAX_BYTES } from '../../src/api/contracts/storage.js';
import { loadConfig } from '../../server/config.js';
import { createStorage } from '../../server/storage/index.js';
import { LocalFileStorage } from '../../server/storage/local.js';
import { S3FileStorage } from '../../server/storage/s3.js';
import {
  InvalidStorageKey,
  StorageNotFound,
  StorageTooLarge,
  keyBelongsTo,
  readWithin,
  sanitiseFilename,
  uploadKey,
} from '../../server/storage/storage.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';

let s: TestServer;
let local: LocalFileStorage;
let operatorJa: TestAccount;
let operatorEn: TestAccount;
let individual: TestAccount;

beforeAll(async () => {
  s = await createTestServer();
  expect(s.storage).toBeInstanceOf(LocalFileStorage);
  local = s.storage as LocalFileStorage;
  const orgId = await s.createOrg();
  [operatorJa, operatorEn, individual] = await Promise.all([
    s.createAccount({ orgId, kinds: ['OPERATOR'] }),
    s.createAccount({ orgId, kinds: ['OPERATOR'], locale: 'en-US' }),
    s.createAccount({ orgId, kinds: ['INDIVIDUAL'] }),
  ]);
});
afterAll(() => s?.close());

const presign = (kind: 'import-csv' | 'image', filename: string, acc: TestAccount | null = operatorJa) =>
  s.app.request(`/v2/s3/presigned-url/${kind}?filename=${encodeURIComponent(filename)}`, {
    headers: { ...(acc ? { authorization: `Bearer ${acc.token}` } : {}), 'accept-language': 'en-US' },
  });

async function presignCsv(filename = 'people.csv'): Promise<{ url: string; key: string }> {
  const res = await presign('import-csv', filename);
  expect(res.status).toBe(200);
  return res.json();
}

const put = (url: string, body: BodyInit | null, headers: Record<string, string>, init: RequestInit = {}) =>
  s.app.request(url, { method: 'PUT', body, headers, ...init });

/** Every file under the storage root (temporary ones included). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** A body stream with no Content-Length: the server has to count. */
function streamOf(total: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(chunk, total - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x61));
    },
  });
}

describe('presigned upload URLs', () => {
  it('an operator gets a key of their organisation and a signed URL on this server', async () => {
    const { url, key } = await presignCsv('社員 一覧(2024).CSV');
    expect(key).toMatch(new RegExp(`^org/${operatorJa.orgId}/import-csv/[0-9a-f-]{36}/社員_一覧_2024_\\.CSV$`));
    expect(keyBelongsTo(key, operatorJa.orgId)).toBe(true);
    expect(keyBelongsTo(key, crypto.randomUUID())).toBe(false);
    const u = new URL(url);
    expect(u.origin).toBe(s.config.publicUrl);
    expect(u.pathname.startsWith(`/v2/files/org/${operatorJa.orgId}/import-csv/`)).toBe(true);
    expect(Object.fromEntries(u.searchParams)).toMatchObject({ op: 'put', ct: 'text/csv', max: String(CSV_MAX_BYTES) });
  });

  it('images: png, jpeg, webp and gif with their content type; never svg', async () => {
    const res = await presign('image', 'Logo.PNG');
    expect(res.status).toBe(200);
    const { url, key } = await res.json();
    expect(key).toMatch(/\/image\/[0-9a-f-]{36}\/Logo\.PNG$/);
    expect(Object.fromEntries(new URL(url).searchParams)).toMatchObject({ ct: 'image/png', max: String(IMAGE_MAX_BYTES) });
    const jpeg = await (await presign('image', 'photo.jpg')).json();
    expect(new URL(jpeg.url).searchParams.get('ct')).toBe('image/jpeg');
    for (const bad of ['logo.svg', 'logo', 'logo.png.exe']) {
      const r = await presign('image', bad, operatorEn);
      expect(r.status, bad).toBe(400);
      expect((await r.json()).fieldErrors).toEqual({ filename: ['Choose a PNG, JPEG, WebP or GIF image (SVG is not accepted).'] });
    }
  });

  it('a filename not ending in .csv is a 400 in the account language', async () => {
    const ja = await presign('import-csv', 'people.xlsx', operatorJa);
    expect(ja.status).toBe(400);
    expect(await ja.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: '入力内容に誤りがあります。該当する項目を確認してください。',
      fieldErrors: { filename: ['CSV ファイル（名前が .csv で終わるもの）を選択してください。'] },
    });
    const en = await presign('import-csv', 'people.csv.txt', operatorEn);
    expect(en.status).toBe(400);
    expect((await en.json()).fieldErrors).toEqual({ filename: ['Choose a CSV file (a name ending in .csv).'] });
    const missing = await s.app.request('/v2/s3/presigned-url/import-csv', { headers: { authorization: `Bearer ${operatorEn.token}` } });
    expect((await missing.json()).fieldErrors).toEqual({ filename: ['This field is required.'] });
  });

  it('needs a signed-in operator', async () => {
    const anon = await presign('import-csv', 'a.csv', null);
    expect(anon.status).toBe(401);
    expect((await anon.json()).code).toBe('UNAUTHENTICATED');
    expect((await presign('image', 'a.png', null)).status).toBe(401);
    const ind = await presign('import-csv', 'a.csv', individual);
    expect(ind.status).toBe(403);
    expect((await ind.json()).code).toBe('FORBIDDEN');
  });

  it('keys: sanitised names, no way out of the organisation or the root', async () => {
    expect(sanitiseFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFilename('..\\..\\boot.ini')).toBe('boot.ini');
    expect(sanitiseFilename('.env')).toBe('file.env');
    expect(sanitiseFilename('')).toBe('file');
    expect(uploadKey('o1', 'import-csv', '../x.csv')).toMatch(/^org\/o1\/import-csv\/[0-9a-f-]{36}\/x\.csv$/);
    for (const key of ['org/a/../b.csv', '../b.csv', '/etc/passwd', 'org\\a.csv', 'org//a.csv', 'org/./a.csv', '']) {
      await expect(local.presignUpload({ key, contentType: 'text/csv', maxBytes: 10 }), key).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(local.read(key), key).rejects.toBeInstanceOf(InvalidStorageKey);
      expect(keyBelongsTo(key, 'a')).toBe(false);
    }
    expect(keyBelongsTo(`org/${operatorJa.orgId}/../other/x.csv`, operatorJa.orgId)).toBe(false);
  });
});

describe('the local driver: PUT and GET on /v2/files', () => {
  it('a CSV PUT with text/csv is stored whole; the server reads it back', async () => {
    const { url, key } = await presignCsv();
    const bytes = Buffer.from('氏名,メール\n山田 太郎,taro@example.com\n', 'utf8');
    const res = await put(url, bytes, { 'content-type': 'text/csv' });
    expect(res.status).toBe(200);
    expect(await s.storage.read(key)).toEqual(bytes);
    expect(await s.storage.size(key)).toBe(bytes.length);
    expect(filesUnder(path.join(local.root, '.tmp'))).toEqual([]);
    // The same URL again replaces the file (as S3 would).
    expect((await put(url, 'a,b\n', { 'content-type': 'text/csv' })).status).toBe(200);
    expect((await s.storage.read(key)).toString()).toBe('a,b\n');
    await s.storage.delete(key);
    expect(await s.storage.size(key)).toBeNull();
    await expect(s.storage.read(key)).rejects.toBeInstanceOf(StorageNotFound);
    expect(fs.existsSync(path.dirname(path.join(local.root, key)))).toBe(false);
  });

  it('another Content-Type is 415 and stores nothing', async () => {
    const { url, key } = await presignCsv();
    for (const ct of ['application/octet-stream', 'text/plain', 'text/csv; charset=utf-8']) {
      const res = await put(url, 'a,b\n', { 'content-type': ct, 'accept-language': 'en-US' });
      expect(res.status, ct).toBe(415);
      expect(await res.json()).toEqual({ code: 'content_type_invalid', message: 'Send the file with the Content-Type text/csv.' });
    }
    expect(await s.storage.size(key)).toBeNull();
  });

  it('a body over the limit is 413 by Content-Length, and by counting when none is given; nothing is left', async () => {
    const { url, key } = await presignCsv();
    const before = filesUnder(local.root);
    const declared = await put(url, 'x', { 'content-type': 'text/csv', 'content-length': String(CSV_MAX_BYTES + 1), 'accept-language': 'ja' });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ code: 'file_too_large', message: 'ファイルが上限の 10 MB を超えています。' });
    const streamed = await put(url, streamOf(CSV_MAX_BYTES + 1), { 'content-type': 'text/csv' }, { duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).code).toBe('file_too_large');
    expect(await s.storage.size(key)).toBeNull();
    expect(filesUnder(local.root)).toEqual(before);
    // Exactly the limit is fine.
    const small = await local.presignUpload({ key, contentType: 'text/csv', maxBytes: 5 });
    expect((await put(small.url, streamOf(6, 2), { 'content-type': 'text/csv' }, { duplex: 'half' } as RequestInit)).status).toBe(413);
    expect(await s.storage.size(key)).toBeNull();
    expect((await put(small.url, streamOf(5, 2), { 'content-type': 'text/csv' }, { duplex: 'half' } as RequestInit)).status).toBe(200);
    expect(await s.storage.size(key)).toBe(5);
  });

  it('a tampered signature, key, limit or expiry is 403 signature_invalid', async () => {
    const { url } = await presignCsv();
    const other = await presignCsv();
    const body = 'a,b\n';
    const h = { 'content-type': 'text/csv', 'accept-language': 'en-US' };
    const u = new URL(url);
    const sig = u.searchParams.get('sig')!;
    const variants: string[] = [];
    const withParam = (name: string, value: string) => {
      const v = new URL(url);
      v.searchParams.set(name, value);
      return v.toString();
    };
    variants.push(withParam('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`));
    variants.push(withParam('sig', ''));
    variants.push(withParam('max', String(CSV_MAX_BYTES * 10)));
    variants.push(withParam('ct', 'text/html'));
    variants.push(withParam('exp', String(Number(u.searchParams.get('exp')) + 3600)));
    variants.push(withParam('op', 'get'));
    const moved = new URL(other.url);
    moved.search = u.search; // another key with this key's signature
    variants.push(moved.toString());
    const noSig = new URL(url);
    noSig.searchParams.delete('sig');
    variants.push(noSig.toString());
    for (const v of variants) {
      const res = await put(v, body, { ...h, 'content-type': new URL(v).searchParams.get('ct') ?? 'text/csv' });
      expect(res.status, v).toBe(403);
      expect(await res.json()).toEqual({ code: 'signature_invalid', message: 'This file link is not valid.' });
    }
    // A PUT URL does not read, and a GET URL does not write.
    expect((await s.app.request(url)).status).toBe(403);
  });

  it('an expired URL is 403 signature_expired', async () => {
    // A replica sharing the data directory reads the same generated secret.
    const secretFile = path.join(s.config.dataDir, 'file-signing-secret');
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
    const secret = fs.readFileSync(secretFile, 'utf8').trim();
    const anHourAgo = new LocalFileStorage({ root: local.root, publicUrl: s.config.publicUrl, secret, now: () => Date.now() - 3_600_000 });
    const key = uploadKey(operatorJa.orgId, 'import-csv', 'old.csv');
    const { url } = await anHourAgo.presignUpload({ key, contentType: 'text/csv', maxBytes: 100, expiresInSeconds: 60 });
    const res = await put(url, 'a\n', { 'content-type': 'text/csv', 'accept-language': 'en-US' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'signature_expired', message: 'This file link has expired. Please try again.' });
    const download = await anHourAgo.presignDownload({ key, expiresInSeconds: 60 });
    expect((await s.app.request(download.url)).status).toBe(403);
    // Moving the expiry forward breaks the signature instead.
    const edited = new URL(url);
    edited.searchParams.set('exp', String(Math.floor(Date.now() / 1000) + 600));
    expect(await (await put(edited.toString(), 'a\n', { 'content-type': 'text/csv' })).json()).toMatchObject({ code: 'signature_invalid' });
    // And a secret of another installation signs nothing here.
    const stranger = new LocalFileStorage({ root: local.root, publicUrl: s.config.publicUrl, secret: 'x'.repeat(40) });
    const foreign = await stranger.presignUpload({ key, contentType: 'text/csv', maxBytes: 100 });
    expect((await put(foreign.url, 'a\n', { 'content-type': 'text/csv' })).status).toBe(403);
    expect(await s.storage.size(key)).toBeNull();
  });

  it('a path that leaves the root is rejected before anything else', async () => {
    const { url } = await presignCsv();
    const query = new URL(url).search;
    for (const p of ['/v2/files/org%2F..%2F..%2Fetc%2Fpasswd', '/v2/files/..%5C..%5Cetc', '/v2/files/org/%2E%2E%2Fx.csv', '/v2/files/.tmp/x', '/v2/files/a%00b']) {
      const res = await put(`${s.config.publicUrl}${p}${query}`, 'a\n', { 'content-type': 'text/csv' });
      expect(res.status, p).toBe(400);
      expect((await res.json()).code).toBe('key_invalid');
      expect((await s.app.request(`${p}${query}`)).status, p).toBe(400);
    }
  });

  it('a GET URL streams the file, with Content-Disposition when a filename is given', async () => {
    const { url, key } = await presignCsv();
    const bytes = Buffer.from('id,name\n1,テスト\n', 'utf8');
    expect((await put(url, bytes, { 'content-type': 'text/csv' })).status).toBe(200);

    const named = await s.storage.presignDownload({ key, filename: '社員 "一覧".csv' });
    expect(new URL(named.url).searchParams.get('op')).toBe('get');
    const res = await s.app.request(named.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const cd = res.headers.get('content-disposition') ?? '';
    expect(cd).toMatch(/^attachment; filename="[^"]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(cd.split("UTF-8''")[1]!)).toBe('社員 _一覧_.csv');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);

    const plain = await s.app.request((await s.storage.presignDownload({ key })).url);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer())).toEqual(bytes);

    // The filename is signed too.
    const renamed = new URL(named.url);
    renamed.searchParams.set('filename', 'evil.html');
    expect((await s.app.request(renamed.toString())).status).toBe(403);
    // A GET URL does not write.
    expect((await put(named.url, 'x', { 'content-type': 'text/csv' })).status).toBe(403);

    await s.storage.delete(key);
    const gone = await s.app.request(named.url, { headers: { 'accept-language': 'en-US' } });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ code: 'not_found', message: 'The file was not found.' });
  });
});

describe('the S3 driver against s3rver', () => {
  const bucket = 'daicho-test';
  let dir: string;
  let server: S3rver;
  let s3: S3FileStorage;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
    const { port } = await server.run();
    const storage = createStorage(
      loadConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: bucket,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
    );
    expect(storage).toBeInstanceOf(S3FileStorage);
    s3 = storage as S3FileStorage;
  });
  afterAll(async () => {
    s3?.client.destroy();
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('presigned PUT with the signed Content-Type, then read, size, presigned GET and delete', async () => {
    const key = uploadKey('org-1', 'import-csv', '社員.csv');
    const bytes = Buffer.from('氏名,メール\n佐藤 花子,hanako@example.com\n', 'utf8');
    const { url } = await s3.presignUpload({ key, contentType: 'text/csv', maxBytes: CSV_MAX_BYTES });
    const u = new URL(url);
    expect(u.pathname.startsWith(`/${bucket}/org/org-1/import-csv/`)).toBe(true); // path-style with an endpoint
    // The Content-Type is signed: S3 refuses a PUT with another one. (s3rver
    // checks no SigV4 signature, so the URL itself is inspected here.)
    expect(u.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-type', 'host']);
    expect([...u.searchParams.keys()].some((k) => k.toLowerCase().includes('checksum'))).toBe(false);

    const res = await fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': 'text/csv' } });
    expect(res.status, await res.text()).toBe(200);
    expect(await s3.read(key)).toEqual(bytes);
    expect(await s3.size(key)).toBe(bytes.length);
    // Nothing bounded the PUT's size: readers check it before reading.
    expect(await readWithin(s3, key, bytes.length)).toEqual(bytes);
    await expect(readWithin(s3, key, bytes.length - 1)).rejects.toBeInstanceOf(StorageTooLarge);

    const download = await s3.presignDownload({ key, filename: '社員一覧.csv' });
    const got = await fetch(download.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('text/csv');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(bytes);
    expect(got.headers.get('content-disposition')).toContain("filename*=UTF-8''%E7%A4%BE%E5%93%A1");

    await s3.delete(key);
    expect(await s3.size(key)).toBeNull();
    await expect(s3.read(key)).rejects.toBeInstanceOf(StorageNotFound);
  });

  it('a missing key: read throws StorageNotFound, size is null, delete is quiet', async () => {
    const key = 'org/org-1/import-csv/missing/none.csv';
    await expect(s3.read(key)).rejects.toBeInstanceOf(StorageNotFound);
    await expect(readWithin(s3, key, 100)).rejects.toBeInstanceOf(StorageNotFound);
    expect(await s3.size(key)).toBeNull();
    await expect(s3.delete(key)).resolves.toBeUndefined();
  });

  it('refuses configuration without a bucket, and half a key pair', () => {
    expect(() => createStorage(loadConfig({ STORAGE_DRIVER: 's3' }))).toThrow(/S3_BUCKET/);
    expect(() => createStorage(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'x' }))).toThrow(/S3_SECRET_ACCESS_KEY/);
  });
});
