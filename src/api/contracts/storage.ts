// Upload URLs: the browser asks for a presigned URL, PUTs the file there
// with exactly the Content-Type below, then names the returned key in the
// call that uses the file (an import, a logo). The server checks the size of
// the object before it reads it: larger files are refused even where the
// storage cannot bound the upload itself (S3 presigned PUT).
import { z } from 'zod';
import { access, defineContract } from './define.js';

export const CSV_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The Content-Type the browser must send with a CSV upload. */
export const CSV_CONTENT_TYPE = 'text/csv';

/** Accepted image extensions and the Content-Type to send with each. SVG is
 * not accepted: it can carry scripts. */
export const IMAGE_CONTENT_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;

const extensionOf = (filename: string) => /\.([^./\\]+)$/.exec(filename.trim())?.[1]?.toLowerCase() ?? '';

/** The Content-Type to upload an image under, by its name; null when not accepted. */
export function imageContentType(filename: string): string | null {
  const ext = extensionOf(filename);
  return Object.hasOwn(IMAGE_CONTENT_TYPES, ext) ? IMAGE_CONTENT_TYPES[ext as keyof typeof IMAGE_CONTENT_TYPES] : null;
}

const Filename = z.string().trim().min(1).max(255);

export const PresignedUpload = z.object({
  /** PUT the file here, with the Content-Type header above. */
  url: z.string(),
  /** Name this in the call that uses the file. */
  key: z.string(),
});
export type PresignedUpload = z.infer<typeof PresignedUpload>;

/** Any operator may upload (what the file is used for checks its own area). */
export const presignImportCsv = defineContract({
  id: 'storage.presignImportCsv',
  method: 'get',
  path: '/v2/s3/presigned-url/import-csv',
  access: access.signedIn,
  summary: 'A URL to upload one CSV file for an import (text/csv, at most 10 MB)',
  query: z.object({
    filename: Filename.refine((f) => extensionOf(f) === 'csv', { message: 'validation.csvFilename' }),
  }),
  response: PresignedUpload,
});

export const presignImage = defineContract({
  id: 'storage.presignImage',
  method: 'get',
  path: '/v2/s3/presigned-url/image',
  access: access.signedIn,
  summary: 'A URL to upload one image (PNG, JPEG, WebP or GIF, at most 5 MB)',
  query: z.object({
    filename: Filename.refine((f) => imageContentType(f) !== null, { message: 'validation.imageFilename' }),
  }),
  response: PresignedUpload,
});
