// The software logo (spec 4, 5, 7 Software) through the real app and the
// real local file store: save details, ask for a presigned URL, PUT the
// image there (or DELETE it), and read it back where the header does. Bad
// types and sizes are refused, and another organisation gets nothing. The S3
// driver's presigned DELETE runs against s3rver.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSoftwareLogo, getSoftwareLogoPresignedUrl, IMAGE_MAX_BYTES } from '../../src/api/contracts/software-logo.js';
import * as S from '../../src/api/contracts/software.js';
import { moduleContracts } from '../../src/api/modules/contracts.js';
import { software } from '../../src/api/modules/software.js';
import { loadConfig } from '../../server/config.js';
import { softwareLogoKey } from '../../server/modules/software/logo.routes.js';
import { createStorage } from '../../server/storage/index.js';
import { S3FileStorage } from '../../server/storage/s3.js';
import { apiFailure } from '../support/api.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';

let s: TestServer;
let orgA: string;
let adminA: TestAccount;
let adminAEn: TestAccount;
let adminB: TestAccount;
let gaOnly: TestAccount;
let slackId: string;
let customId: string;
const sw = moduleContracts(software);

// A 1×1 PNG and a tiny GIF: real image bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The app serves the storage's URLs too (same origin): request them in-process. */
const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
const send = (url: string, init: RequestInit) => s.app.request(local(url), init);

beforeAll(async () => {
  s = await createTestServer();
  orgA = await s.createOrg();
  const orgB = await s.createOrg();
  [adminA, adminAEn, adminB, gaOnly] = await Promise.all([
    s.createAccount({ orgId: orgA, areas: ['IT'] }),
    s.createAccount({ orgId: orgA, areas: ['IT'], locale: 'en-US' }),
    s.createAccount({ orgId: orgB, areas: ['IT'] }),
    s.createAccount({ orgId: orgA, areas: ['GA'] }),
  ]);
  const a = s.client(adminA.token);
  slackId = (await a(S.installApp, { body: { appId: 'slack', tenantName: 'acme' } })).softwareId;
  customId = (await a(sw.create, { body: { name: '社内ツール', softwareType: 'SCRATCH' } as never })).id;
});
afterAll(() => s?.close());

describe('the software logo', () => {
  it('an app’s software shows its catalogue logo until one is uploaded; a software without an app has none', async () => {
    const a = s.client(adminA.token);
    expect(await a(getSoftwareLogo, { params: { softwareId: slackId } })).toEqual({ url: '/app-logos/slack.svg', custom: false });
    expect(await a(getSoftwareLogo, { params: { softwareId: customId } })).toEqual({ url: null, custom: false });
  });

  it('save details, presigned URL, PUT: the header reads the upload back; a second upload replaces it', async () => {
    const a = s.client(adminA.token);
    // Spec 4: the details are saved first.
    await a(S.putSoftwareDetail, { params: { softwareId: customId }, body: { name: '社内ツール', status: 'ACTIVE', vendorName: '自社' } });
    const p = await a(getSoftwareLogoPresignedUrl, { params: { softwareId: customId }, query: { method: 'PUT', filename: 'ロゴ.png' } });
    expect(p).toMatchObject({ method: 'PUT', contentType: 'image/png', maxBytes: IMAGE_MAX_BYTES });
    const u = new URL(p.url);
    expect(u.origin).toBe(s.config.publicUrl);
    expect(u.pathname).toBe(`/v2/files/${softwareLogoKey(orgA, customId)}`);
    expect(u.searchParams.get('op')).toBe('put');

    const put = await send(p.url, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } });
    expect(put.status, await put.text()).toBe(200);
    const logo = await a(getSoftwareLogo, { params: { softwareId: customId } });
    expect(logo.custom).toBe(true);
    const read = await send(logo.url!, { method: 'GET' });
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(PNG)).toBe(true);

    const gif = await a(getSoftwareLogoPresignedUrl, { params: { softwareId: customId }, query: { filename: 'logo.GIF' } });
    expect(gif.contentType).toBe('image/gif');
    expect((await send(gif.url, { method: 'PUT', body: GIF, headers: { 'content-type': 'image/gif' } })).status).toBe(200);
    const again = await a(getSoftwareLogo, { params: { softwareId: customId } });
    expect(Buffer.from(await (await send(again.url!, { method: 'GET' })).arrayBuffer()).equals(GIF)).toBe(true);
  });

  it('refuses what is not an image, another Content-Type than signed, and files over 5 MB; the logo stays', async () => {
    const en = s.client(adminAEn.token);
    for (const filename of ['logo.svg', 'logo.html', 'logo']) {
      const bad = await apiFailure(en(getSoftwareLogoPresignedUrl, { params: { softwareId: slackId }, query: { method: 'PUT', filename } }));
      expect(bad.status, filename).toBe(400);
      expect(bad.body.fieldErrors).toEqual({ filename: ['Choose a PNG, JPEG, WebP or GIF image (SVG is not accepted).'] });
    }
    const missing = await apiFailure(en(getSoftwareLogoPresignedUrl, { params: { softwareId: slackId }, query: { method: 'PUT' } }));
    expect(missing.body.fieldErrors).toEqual({ filename: ['This field is required.'] });

    const p = await en(getSoftwareLogoPresignedUrl, { params: { softwareId: slackId }, query: { filename: 'logo.png' } });
    // A PNG URL does not take an HTML page.
    const html = await send(p.url, { method: 'PUT', body: '<script>alert(1)</script>', headers: { 'content-type': 'text/html' } });
    expect(html.status).toBe(415);
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1, 0x61);
    const tooLarge = await send(p.url, { method: 'PUT', body: big, headers: { 'content-type': 'image/png' } });
    expect(tooLarge.status).toBe(413);
    // Nothing was stored: the catalogue logo is still the one shown.
    expect(await en(getSoftwareLogo, { params: { softwareId: slackId } })).toEqual({ url: '/app-logos/slack.svg', custom: false });
    expect(await s.storage.size(softwareLogoKey(orgA, slackId))).toBeNull();
    // The URL is signed for PUT: it deletes nothing.
    expect((await send(p.url.replace('op=put', 'op=delete'), { method: 'DELETE' })).status).toBe(403);
  });

  it('presigned DELETE removes the upload; the catalogue logo shows again', async () => {
    const a = s.client(adminA.token);
    const p = await a(getSoftwareLogoPresignedUrl, { params: { softwareId: slackId }, query: { filename: 'slack.png' } });
    expect((await send(p.url, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } })).status).toBe(200);
    expect((await a(getSoftwareLogo, { params: { softwareId: slackId } })).custom).toBe(true);

    await a(S.putSoftwareDetail, { params: { softwareId: slackId }, body: { name: 'Slack', status: 'ACTIVE' } });
    const d = await a(getSoftwareLogoPresignedUrl, { params: { softwareId: slackId }, query: { method: 'DELETE' } });
    expect(d).toMatchObject({ method: 'DELETE', contentType: null });
    expect(new URL(d.url).searchParams.get('op')).toBe('delete');
    // The DELETE URL uploads nothing.
    expect((await send(d.url, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } })).status).toBe(403);
    expect((await send(d.url, { method: 'DELETE' })).status).toBe(204);
    expect(await s.storage.size(softwareLogoKey(orgA, slackId))).toBeNull();
    expect(await a(getSoftwareLogo, { params: { softwareId: slackId } })).toEqual({ url: '/app-logos/slack.svg', custom: false });
    // Deleting again is not an error (as S3).
    expect((await send(d.url, { method: 'DELETE' })).status).toBe(204);
  });

  it('another organisation cannot get a URL for our software or read its logo; another area gets 403', async () => {
    const b = s.client(adminB.token);
    for (const softwareId of [slackId, customId]) {
      expect((await apiFailure(b(getSoftwareLogoPresignedUrl, { params: { softwareId }, query: { filename: 'x.png' } }))).status).toBe(404);
      expect((await apiFailure(b(getSoftwareLogoPresignedUrl, { params: { softwareId }, query: { method: 'DELETE' } }))).status).toBe(404);
      expect((await apiFailure(b(getSoftwareLogo, { params: { softwareId } }))).status).toBe(404);
    }
    // B's own software gets a key under B's organisation.
    const own = (await b(S.installApp, { body: { appId: 'slack' } })).softwareId;
    const p = await b(getSoftwareLogoPresignedUrl, { params: { softwareId: own }, query: { filename: 'b.png' } });
    expect(new URL(p.url).pathname).toBe(`/v2/files/${softwareLogoKey(adminB.orgId, own)}`);
    expect((await send(p.url, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } })).status).toBe(200);
    // A's logo of the same app is untouched.
    expect((await s.client(adminA.token)(getSoftwareLogo, { params: { softwareId: slackId } })).custom).toBe(false);

    const ga = s.client(gaOnly.token);
    expect((await apiFailure(ga(getSoftwareLogoPresignedUrl, { params: { softwareId: customId }, query: { filename: 'x.png' } }))).status).toBe(403);
  });
});

describe('the S3 driver’s presigned DELETE', () => {
  const bucket = 'daicho-logo-test';
  let dir: string;
  let server: S3rver;
  let s3: S3FileStorage;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
    const { port } = await server.run();
    s3 = createStorage(
      loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: bucket, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }),
    ) as S3FileStorage;
    expect(s3).toBeInstanceOf(S3FileStorage);
  });
  afterAll(async () => {
    s3?.client.destroy();
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is a SigV4 URL signed for DELETE that removes the object', async () => {
    const key = softwareLogoKey('org-1', '00000000-0000-4000-8000-000000000001');
    const up = await s3.presignUpload({ key, contentType: 'image/png', maxBytes: IMAGE_MAX_BYTES });
    expect((await fetch(up.url, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } })).status).toBe(200);
    expect(await s3.size(key)).toBe(PNG.length);
    const { url } = await s3.presignDelete({ key });
    const u = new URL(url);
    expect(u.pathname).toBe(`/${bucket}/${key}`);
    expect(u.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect([...u.searchParams.keys()].some((k) => k.toLowerCase().includes('checksum'))).toBe(false);
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(204);
    expect(await s3.size(key)).toBeNull();
  });
});
