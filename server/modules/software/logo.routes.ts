// The software logo (spec 4, 7 Software): presigned URLs to PUT or DELETE
// the logo directly at the file storage (local files by default, S3 in
// production), and where the header reads it from. No file passes through
// the API. One key per software, so a new upload replaces the old one and a
// delete needs no look-up: org/{orgId}/software-logo/{softwareId}/logo.
import { sql } from 'kysely';
import { IMAGE_MAX_BYTES, LOGO_READ_SECONDS, getSoftwareLogo, getSoftwareLogoPresignedUrl, imageContentType } from '../../../src/api/contracts/software-logo.js';
import type { Tx } from '../../db/tenant.js';
import { fieldError, notFound } from '../../http/errors.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';

/** The logo's key: under the organisation, so keyBelongsTo holds for it. */
export const softwareLogoKey = (orgId: string, softwareId: string) => `org/${orgId}/software-logo/${softwareId}/logo`;

/** The software (row-level security: of the caller's organisation only) and its app's catalogue logo, or 404. */
async function softwareOf(tx: Tx, softwareId: string): Promise<{ id: string; appLogo: string | null }> {
  const r = await sql<{ id: string; logo_url: string | null }>`
    SELECT s.id, a.logo_url FROM software s LEFT JOIN apps a ON a.id = s.app_id WHERE s.id = ${softwareId}`.execute(tx);
  const row = r.rows[0];
  if (!row) throw notFound();
  return { id: row.id, appLogo: row.logo_url };
}

export function softwareLogoRoutes(): AnyRoute[] {
  const routes = [
    defineRoute(getSoftwareLogoPresignedUrl, async ({ params, query }, { tx, auth, deps }) => {
      const s = await softwareOf(tx, params.softwareId);
      const key = softwareLogoKey(auth.orgId, s.id);
      if (query.method === 'DELETE') {
        const { url } = await deps.storage.presignDelete({ key });
        return { url, method: 'DELETE' as const, contentType: null, maxBytes: IMAGE_MAX_BYTES };
      }
      if (!query.filename) throw fieldError('filename', 'validation.required');
      // Images only (no SVG: it can carry scripts); the signed Content-Type
      // makes an upload of another type fail at the storage (415 / S3 403).
      const contentType = imageContentType(query.filename);
      if (!contentType) throw fieldError('filename', 'validation.imageFilename');
      const { url } = await deps.storage.presignUpload({ key, contentType, maxBytes: IMAGE_MAX_BYTES });
      return { url, method: 'PUT' as const, contentType, maxBytes: IMAGE_MAX_BYTES };
    }),

    defineRoute(getSoftwareLogo, async ({ params }, { tx, auth, deps }) => {
      const s = await softwareOf(tx, params.softwareId);
      const key = softwareLogoKey(auth.orgId, s.id);
      // S3 cannot bound a presigned PUT's size: an object over the limit is
      // not shown (as if absent), so the limit holds for every driver.
      const size = await deps.storage.size(key);
      if (size !== null && size > 0 && size <= IMAGE_MAX_BYTES) {
        const { url } = await deps.storage.presignDownload({ key, expiresInSeconds: LOGO_READ_SECONDS });
        return { url, custom: true };
      }
      return { url: s.appLogo, custom: false };
    }),
  ];
  return routes as unknown as AnyRoute[];
}
