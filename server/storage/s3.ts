// The S3 storage driver (production): any S3 API (AWS, or an S3-compatible
// service through S3_ENDPOINT). The browser PUTs and GETs with SigV4
// presigned URLs; the bucket's CORS must allow PUT, GET and DELETE (the software logo) from the
// console's origin with the Content-Type header.
//
// Size limit: a presigned PUT signs the Content-Type but cannot bound the
// body's length (only a presigned POST policy could). So maxBytes is not
// enforced by S3: whoever reads an uploaded object must first check size()
// and reject anything over the limit: readWithin() in storage.ts does both.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../config.js';
import {
  DEFAULT_DOWNLOAD_EXPIRY_SECONDS,
  DEFAULT_UPLOAD_EXPIRY_SECONDS,
  type FileStorage,
  StorageNotFound,
  assertValidKey,
  attachmentDisposition,
  expirySeconds,
} from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint; implies path-style addressing. */
  endpoint?: string | undefined;
  /** Both or neither; neither = the SDK's default credential chain. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.Code === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

export class S3FileStorage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(o: S3StorageOptions) {
    if (!o.bucket) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3.');
    if (Boolean(o.accessKeyId) !== Boolean(o.secretAccessKey)) {
      throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the default AWS credential chain).');
    }
    const config: S3ClientConfig = {
      region: o.region,
      // No flexible checksums unless an operation requires one: presigned
      // URLs must not carry x-amz-checksum-* the browser cannot compute, and
      // S3-compatible services differ in their support.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (o.endpoint) {
      config.endpoint = o.endpoint;
      config.forcePathStyle = true;
    }
    if (o.accessKeyId && o.secretAccessKey) {
      config.credentials = { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey };
    }
    this.client = new S3Client(config);
    this.bucket = o.bucket;
  }

  async presignUpload(o: { key: string; contentType: string; maxBytes: number; expiresInSeconds?: number }): Promise<{ url: string }> {
    assertValidKey(o.key);
    // ContentType is signed: a PUT with another Content-Type fails the signature.
    // maxBytes cannot be signed into a PUT URL (see the top of this file).
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: o.key, ContentType: o.contentType });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: expirySeconds(o.expiresInSeconds, DEFAULT_UPLOAD_EXPIRY_SECONDS),
      signableHeaders: new Set(['content-type']),
    });
    return { url };
  }

  async presignDownload(o: { key: string; filename?: string; expiresInSeconds?: number }): Promise<{ url: string }> {
    assertValidKey(o.key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: o.key,
      ...(o.filename ? { ResponseContentDisposition: attachmentDisposition(o.filename) } : {}),
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: expirySeconds(o.expiresInSeconds, DEFAULT_DOWNLOAD_EXPIRY_SECONDS),
    });
    return { url };
  }

  async presignDelete(o: { key: string; expiresInSeconds?: number }): Promise<{ url: string }> {
    assertValidKey(o.key);
    // The bucket's CORS must allow DELETE from the console's origin too.
    const command = new DeleteObjectCommand({ Bucket: this.bucket, Key: o.key });
    const url = await getSignedUrl(this.client, command, { expiresIn: expirySeconds(o.expiresInSeconds, DEFAULT_UPLOAD_EXPIRY_SECONDS) });
    return { url };
  }

  async read(key: string): Promise<Buffer> {
    assertValidKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) return Buffer.alloc(0);
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (err) {
      if (isNotFound(err)) throw new StorageNotFound(key);
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    assertValidKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

export function createS3Storage(
  config: Pick<Config, 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>,
): S3FileStorage {
  return new S3FileStorage({
    bucket: config.S3_BUCKET ?? '',
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  });
}

/** The origin the browser sends files to, for the CSP (connect-src, img-src). */
export function s3Origin(config: Pick<Config, 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT'>): string {
  if (config.S3_ENDPOINT) return new URL(config.S3_ENDPOINT).origin;
  // The SDK addresses a bucket with dots in its name path-style (TLS certificates).
  if (config.S3_BUCKET?.includes('.')) return `https://s3.${config.S3_REGION}.amazonaws.com`;
  return `https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`;
}
