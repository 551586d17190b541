// The local file storage driver (the default): objects are files under
// {DATA_DIR}/files/{key}. Presigned URLs point at this server
// (/v2/files/{key}, see local.routes.ts) and carry an HMAC-SHA256 signature
// over the operation, key, expiry and limits, so that, as with S3, the URL
// itself is the permission.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Config } from '../config.js';
import {
  DEFAULT_DOWNLOAD_EXPIRY_SECONDS,
  DEFAULT_UPLOAD_EXPIRY_SECONDS,
  type FileStorage,
  InvalidStorageKey,
  StorageNotFound,
  assertValidKey,
  expirySeconds,
  isValidKey,
} from './storage.js';

export const LOCAL_FILES_PREFIX = '/v2/files/';
const SECRET_FILE = 'file-signing-secret';
/** Temporary uploads; a dot segment can never be a key, so never collides. */
const TMP_DIR = '.tmp';

export type LocalOp = 'put' | 'get' | 'delete';

/** What a valid signature allows. */
export type Grant =
  | { op: 'put'; key: string; maxBytes: number; contentType: string }
  | { op: 'get'; key: string; filename: string | null }
  | { op: 'delete'; key: string };

export type VerifyResult = { ok: true; grant: Grant } | { ok: false; reason: 'invalid' | 'expired' };

class TooLarge extends Error {}

const isErrno = (err: unknown, code: string) => (err as NodeJS.ErrnoException | null)?.code === code;

/** Encodes a key for a URL path, segment by segment. */
export const encodeKeyPath = (key: string) => key.split('/').map(encodeURIComponent).join('/');

export class LocalFileStorage implements FileStorage {
  readonly root: string;
  private readonly secret: Buffer;
  private readonly publicUrl: string;
  private readonly now: () => number;

  constructor(o: { root: string; publicUrl: string; secret: string; now?: () => number }) {
    if (o.secret.length < 32) throw new Error('The file signing secret must be at least 32 characters.');
    this.root = path.resolve(o.root);
    this.publicUrl = o.publicUrl.replace(/\/$/, '');
    this.secret = Buffer.from(o.secret, 'utf8');
    this.now = o.now ?? Date.now;
  }

  /** The file of a key; throws InvalidStorageKey for anything that would leave the root. */
  pathOf(key: string): string {
    assertValidKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new InvalidStorageKey(key);
    return file;
  }

  private sign(fields: Array<string | number>): string {
    return crypto.createHmac('sha256', this.secret).update(JSON.stringify(['daicho-file-v1', ...fields])).digest('base64url');
  }

  private url(key: string, params: Record<string, string>): string {
    const query = new URLSearchParams(params).toString();
    return `${this.publicUrl}${LOCAL_FILES_PREFIX}${encodeKeyPath(key)}?${query}`;
  }

  async presignUpload(o: { key: string; contentType: string; maxBytes: number; expiresInSeconds?: number }): Promise<{ url: string }> {
    assertValidKey(o.key);
    if (!Number.isSafeInteger(o.maxBytes) || o.maxBytes < 0) throw new Error('maxBytes must be a non-negative integer.');
    const exp = Math.floor(this.now() / 1000) + expirySeconds(o.expiresInSeconds, DEFAULT_UPLOAD_EXPIRY_SECONDS);
    const sig = this.sign(['put', o.key, exp, o.maxBytes, o.contentType]);
    return { url: this.url(o.key, { op: 'put', exp: String(exp), max: String(o.maxBytes), ct: o.contentType, sig }) };
  }

  async presignDownload(o: { key: string; filename?: string; expiresInSeconds?: number }): Promise<{ url: string }> {
    assertValidKey(o.key);
    const exp = Math.floor(this.now() / 1000) + expirySeconds(o.expiresInSeconds, DEFAULT_DOWNLOAD_EXPIRY_SECONDS);
    const filename = o.filename ?? '';
    const sig = this.sign(['get', o.key, exp, filename]);
    return { url: this.url(o.key, { op: 'get', exp: String(exp), ...(filename ? { filename } : {}), sig }) };
  }

  async presignDelete(o: { key: string; expiresInSeconds?: number }): Promise<{ url: string }> {
    assertValidKey(o.key);
    const exp = Math.floor(this.now() / 1000) + expirySeconds(o.expiresInSeconds, DEFAULT_UPLOAD_EXPIRY_SECONDS);
    const sig = this.sign(['delete', o.key, exp]);
    return { url: this.url(o.key, { op: 'delete', exp: String(exp), sig }) };
  }

  /** Checks a presigned URL's query for the operation and key it was called with. */
  verify(op: LocalOp, key: string, q: URLSearchParams): VerifyResult {
    const invalid = { ok: false, reason: 'invalid' } as const;
    if (!isValidKey(key) || q.get('op') !== op) return invalid;
    const expRaw = q.get('exp') ?? '';
    const given = Buffer.from(q.get('sig') ?? '', 'utf8');
    if (!/^\d{1,12}$/.test(expRaw)) return invalid;
    const exp = Number(expRaw);
    let grant: Grant;
    let expected: Buffer;
    if (op === 'put') {
      const maxRaw = q.get('max') ?? '';
      const contentType = q.get('ct');
      if (!/^\d{1,15}$/.test(maxRaw) || contentType === null) return invalid;
      grant = { op, key, maxBytes: Number(maxRaw), contentType };
      expected = Buffer.from(this.sign(['put', key, exp, grant.maxBytes, contentType]), 'utf8');
    } else if (op === 'delete') {
      grant = { op, key };
      expected = Buffer.from(this.sign(['delete', key, exp]), 'utf8');
    } else {
      const filename = q.get('filename') ?? '';
      grant = { op, key, filename: filename || null };
      expected = Buffer.from(this.sign(['get', key, exp, filename]), 'utf8');
    }
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return invalid;
    if (exp * 1000 <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, grant };
  }

  /** Streams a body into the key's file: counted, written to a temporary file
   * and renamed into place only when complete and within maxBytes. Returns
   * false (and leaves nothing behind) when the body is larger. */
  async write(key: string, body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null, maxBytes: number): Promise<{ ok: true; size: number } | { ok: false }> {
    const target = this.pathOf(key);
    const tmpDir = path.join(this.root, TMP_DIR);
    await fsp.mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `${crypto.randomUUID()}.part`);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        if (size > maxBytes) cb(new TooLarge());
        else cb(null, chunk);
      },
    });
    const source =
      body === null
        ? Readable.from([])
        : Symbol.asyncIterator in body
          ? Readable.from(body as AsyncIterable<Uint8Array>)
          : Readable.fromWeb(body as unknown as WebReadableStream<Uint8Array>);
    try {
      await pipeline(source, counter, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o640 }));
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(tmp, target);
      return { ok: true, size };
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      if (err instanceof TooLarge) return { ok: false };
      throw err;
    }
  }

  /** An open file for streaming, or null when absent. */
  async open(key: string): Promise<{ stream: fs.ReadStream; size: number } | null> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.pathOf(key), 'r');
    } catch (err) {
      if (isErrno(err, 'ENOENT') || isErrno(err, 'ENOTDIR') || isErrno(err, 'EISDIR')) return null;
      throw err;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    return { stream: handle.createReadStream(), size: stat.size };
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await fsp.readFile(this.pathOf(key));
    } catch (err) {
      if (isErrno(err, 'ENOENT') || isErrno(err, 'ENOTDIR') || isErrno(err, 'EISDIR')) throw new StorageNotFound(key);
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const stat = await fsp.stat(this.pathOf(key));
      return stat.isFile() ? stat.size : null;
    } catch (err) {
      if (isErrno(err, 'ENOENT') || isErrno(err, 'ENOTDIR')) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fsp.rm(file, { force: true });
    // The key's own directory ({uuid}/ of uploadKey) goes too when empty.
    await fsp.rmdir(path.dirname(file)).catch(() => undefined);
  }
}

/** FILE_SIGNING_SECRET, else the one in {dataDir}/file-signing-secret, created
 * once (mode 0600) so that replicas sharing the data directory agree. */
export function resolveSigningSecret(config: Pick<Config, 'FILE_SIGNING_SECRET' | 'dataDir'>): string {
  if (config.FILE_SIGNING_SECRET) return config.FILE_SIGNING_SECRET;
  const file = path.join(config.dataDir, SECRET_FILE);
  const readExisting = () => {
    const s = fs.readFileSync(file, 'utf8').trim();
    if (s.length < 32) throw new Error(`${file} holds no usable secret: delete it to make a new one, or set FILE_SIGNING_SECRET.`);
    return s;
  };
  try {
    return readExisting();
  } catch (err) {
    if (!isErrno(err, 'ENOENT')) throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Written whole to a temporary name, then linked into place: link fails if
  // another replica got there first, and then its secret wins.
  const tmp = path.join(config.dataDir, `.${SECRET_FILE}.${crypto.randomUUID()}`);
  fs.writeFileSync(tmp, `${crypto.randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if (!isErrno(err, 'EEXIST')) throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return readExisting();
}

export function createLocalStorage(config: Pick<Config, 'FILE_SIGNING_SECRET' | 'dataDir' | 'publicUrl'>): LocalFileStorage {
  return new LocalFileStorage({
    root: path.join(config.dataDir, 'files'),
    publicUrl: config.publicUrl,
    secret: resolveSigningSecret(config),
  });
}
