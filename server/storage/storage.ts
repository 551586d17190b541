// File storage: where imports, logos and later uploads live. The browser
// never sends a file through the API: it asks a contract route for a
// presigned URL, PUTs the file there, and names the returned key in the next
// call; the server reads the object back by key. Two drivers: local (files
// under DATA_DIR, served by server/storage/local.routes.ts) and S3.
import crypto from 'node:crypto';

export interface FileStorage {
  /** A URL the browser PUTs the file to (Content-Type header = contentType). */
  presignUpload(o: { key: string; contentType: string; maxBytes: number; expiresInSeconds?: number }): Promise<{ url: string }>;
  /** A URL the browser GETs the file from; filename sets Content-Disposition attachment. */
  presignDownload(o: { key: string; filename?: string; expiresInSeconds?: number }): Promise<{ url: string }>;
  /** A URL the browser sends DELETE to, removing the object (the software logo's delete, spec 4). */
  presignDelete(o: { key: string; expiresInSeconds?: number }): Promise<{ url: string }>;
  /** Server-side read of a whole object (imports read their file this way); throws StorageNotFound when absent. */
  read(key: string): Promise<Buffer>;
  /** Server-side size without reading, or null when absent. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
}

export class StorageNotFound extends Error {
  constructor(readonly key: string) {
    super(`No stored file at ${key}`);
    this.name = 'StorageNotFound';
  }
}

/** A key that is not one of ours: empty segments, dot segments, backslashes… */
export class InvalidStorageKey extends Error {
  constructor(readonly key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidStorageKey';
  }
}

/** An object larger than the limit of what reads it (see readWithin). */
export class StorageTooLarge extends Error {
  constructor(
    readonly key: string,
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(`Stored file ${key} has ${size} bytes, more than ${maxBytes}`);
    this.name = 'StorageTooLarge';
  }
}

/** Reads an uploaded object only when it is within maxBytes: S3 presigned
 * PUTs cannot bound the size, so every reader of an upload goes through here.
 * Throws StorageNotFound or StorageTooLarge. */
export async function readWithin(storage: FileStorage, key: string, maxBytes: number): Promise<Buffer> {
  const size = await storage.size(key);
  if (size === null) throw new StorageNotFound(key);
  if (size > maxBytes) throw new StorageTooLarge(key, size, maxBytes);
  const data = await storage.read(key);
  // Replaced between the two calls: the bytes read decide.
  if (data.length > maxBytes) throw new StorageTooLarge(key, data.length, maxBytes);
  return data;
}

export const UPLOAD_PURPOSES = ['import-csv', 'image'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const DEFAULT_UPLOAD_EXPIRY_SECONDS = 15 * 60;
export const DEFAULT_DOWNLOAD_EXPIRY_SECONDS = 5 * 60;
/** S3's limit for SigV4 presigned URLs; the local driver keeps the same. */
export const MAX_EXPIRY_SECONDS = 7 * 24 * 60 * 60;

export function expirySeconds(requested: number | undefined, fallback: number): number {
  const s = Math.floor(requested ?? fallback);
  return Math.min(Math.max(s, 1), MAX_EXPIRY_SECONDS);
}

const MAX_KEY_LENGTH = 1024;
const MAX_FILENAME_LENGTH = 120;

/** True when the key is relative, made of plain segments (no '', '.', '..',
 * hidden names, backslashes, colons or control characters). */
export function isValidKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\\:\u0000-\u001f\u007f]/.test(key)) return false;
  return key.split('/').every((seg) => seg.length > 0 && !seg.startsWith('.'));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidStorageKey(key);
}

/** The last path part of a browser-given name, reduced to letters, digits,
 * '.', '-' and '_' (any script), never starting with a dot, at most 120 characters
 * keeping the extension. */
export function sanitiseFilename(filename: string): string {
  const base = filename.normalize('NFC').split(/[\\/]/).pop() ?? '';
  let name = base
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/_{2,}/g, '_');
  if (name.startsWith('.')) name = `file${name.replace(/^\.+/, '.')}`;
  if (name.length > MAX_FILENAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, MAX_FILENAME_LENGTH - ext.length) + ext;
  }
  return name || 'file';
}

/** `org/{orgId}/{purpose}/{uuid}/{sanitised filename}`: unguessable, and
 * owned by one organisation (see keyBelongsTo). */
export function uploadKey(orgId: string, purpose: UploadPurpose, filename: string): string {
  const key = `org/${orgId}/${purpose}/${crypto.randomUUID()}/${sanitiseFilename(filename)}`;
  assertValidKey(key);
  return key;
}

/** Whether a key a client hands back (e.g. the file of an import) is a valid
 * key of this organisation. Check it before reading: keys are not secrets. */
export function keyBelongsTo(key: string, orgId: string): boolean {
  return isValidKey(key) && orgId.length > 0 && !orgId.includes('/') && key.startsWith(`org/${orgId}/`);
}

/** Content-Disposition for a download: an ASCII fallback plus RFC 5987 UTF-8. */
export function attachmentDisposition(filename: string): string {
  const clean = filename.normalize('NFC').replace(/[\u0000-\u001f\u007f"\\/]/g, '_'); // eslint-disable-line no-control-regex
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_') || 'download';
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  csv: 'text/csv',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** Content-Type by the key's extension; anything else (html, svg…) is served
 * as opaque bytes, never as something the browser would render as a page. */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES_BY_EXTENSION[ext] ?? 'application/octet-stream';
}
