// The HTTP side of the local storage driver: the presigned URLs of
// local.ts land here. Not contract routes and no bearer token: the signature
// in the query is the permission (as with S3). Same origin as the console,
// so no CORS.
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { Readable } from 'node:stream';
import { t } from '../http/i18n.js';
import type { AppEnv } from '../http/route.js';
import { LOCAL_FILES_PREFIX, type LocalFileStorage, type LocalOp } from './local.js';
import { attachmentDisposition, contentTypeOf, isValidKey } from './storage.js';

export type LocalFileErrorCode =
  | 'signature_invalid'
  | 'signature_expired'
  | 'key_invalid'
  | 'content_type_invalid'
  | 'file_too_large'
  | 'not_found';

const MESSAGE_KEYS: Record<LocalFileErrorCode, string> = {
  signature_invalid: 'files.signatureInvalid',
  signature_expired: 'files.signatureExpired',
  key_invalid: 'files.keyInvalid',
  content_type_invalid: 'files.contentTypeInvalid',
  file_too_large: 'files.tooLarge',
  not_found: 'files.notFound',
};

function fail(c: Context<AppEnv>, status: ContentfulStatusCode, code: LocalFileErrorCode, vars: Record<string, string | number> = {}) {
  return c.json({ code, message: t(c.get('locale'), MESSAGE_KEYS[code], vars) }, status);
}

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/** The key in the request path, decoded segment by segment; null when malformed. */
function keyOf(c: Context<AppEnv>): string | null {
  const pathname = new URL(c.req.url).pathname;
  if (!pathname.startsWith(LOCAL_FILES_PREFIX)) return null;
  try {
    const key = pathname.slice(LOCAL_FILES_PREFIX.length).split('/').map(decodeURIComponent).join('/');
    return isValidKey(key) ? key : null;
  } catch {
    return null;
  }
}

/** Checks key and signature; a Response when the request must stop here. */
function authorise(c: Context<AppEnv>, storage: LocalFileStorage, op: LocalOp) {
  const key = keyOf(c);
  if (key === null) return { res: fail(c, 400, 'key_invalid') } as const;
  const v = storage.verify(op, key, new URL(c.req.url).searchParams);
  if (!v.ok) return { res: fail(c, 403, v.reason === 'expired' ? 'signature_expired' : 'signature_invalid') } as const;
  return { grant: v.grant } as const;
}

export function mountLocalFiles(app: Hono<AppEnv>, storage: LocalFileStorage): void {
  app.put(`${LOCAL_FILES_PREFIX}*`, async (c) => {
    const a = authorise(c, storage, 'put');
    if ('res' in a) return a.res;
    const grant = a.grant;
    if (grant.op !== 'put') return fail(c, 403, 'signature_invalid');
    // As S3 with a signed Content-Type: the header must be exactly the signed value.
    if ((c.req.header('content-type') ?? '').trim() !== grant.contentType) {
      return fail(c, 415, 'content_type_invalid', { contentType: grant.contentType });
    }
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > grant.maxBytes) {
      return fail(c, 413, 'file_too_large', { maxMegabytes: megabytes(grant.maxBytes) });
    }
    const written = await storage.write(grant.key, c.req.raw.body, grant.maxBytes);
    if (!written.ok) return fail(c, 413, 'file_too_large', { maxMegabytes: megabytes(grant.maxBytes) });
    return c.body(null, 200);
  });

  // As S3's DeleteObject: 204 whether or not the object was there.
  app.delete(`${LOCAL_FILES_PREFIX}*`, async (c) => {
    const a = authorise(c, storage, 'delete');
    if ('res' in a) return a.res;
    if (a.grant.op !== 'delete') return fail(c, 403, 'signature_invalid');
    await storage.delete(a.grant.key);
    return c.body(null, 204);
  });

  app.get(`${LOCAL_FILES_PREFIX}*`, async (c) => {
    const a = authorise(c, storage, 'get');
    if ('res' in a) return a.res;
    const grant = a.grant;
    if (grant.op !== 'get') return fail(c, 403, 'signature_invalid');
    const file = await storage.open(grant.key);
    if (!file) return fail(c, 404, 'not_found');
    const headers: Record<string, string> = {
      'content-type': contentTypeOf(grant.key),
      'content-length': String(file.size),
      'cache-control': 'private, no-store',
    };
    if (grant.filename) headers['content-disposition'] = attachmentDisposition(grant.filename);
    if (c.req.method === 'HEAD') {
      file.stream.destroy();
      return c.body(null, 200, headers);
    }
    return c.body(Readable.toWeb(file.stream) as unknown as ReadableStream, 200, headers);
  });
}
