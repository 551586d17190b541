// Presigned upload URLs. The handlers only sign: no file passes through the
// API, and nothing is written to the database until the file is used.
import {
  CSV_CONTENT_TYPE,
  CSV_MAX_BYTES,
  IMAGE_MAX_BYTES,
  imageContentType,
  presignImage,
  presignImportCsv,
} from '../../../src/api/contracts/storage.js';
import { fieldError, forbidden } from '../../http/errors.js';
import { type AuthContext, defineRoute } from '../../http/route.js';
import { uploadKey } from '../../storage/storage.js';

/** Uploads are for operators (staff), whatever their areas; an
 * individual-only account has nothing to upload. */
function assertOperator(auth: AuthContext) {
  if (!auth.operatorAccess) throw forbidden();
}

export const storageRoutes = [
  defineRoute(presignImportCsv, async ({ query }, { auth, deps }) => {
    assertOperator(auth);
    const key = uploadKey(auth.orgId, 'import-csv', query.filename);
    const { url } = await deps.storage.presignUpload({ key, contentType: CSV_CONTENT_TYPE, maxBytes: CSV_MAX_BYTES });
    return { url, key };
  }),

  defineRoute(presignImage, async ({ query }, { auth, deps }) => {
    assertOperator(auth);
    const contentType = imageContentType(query.filename);
    if (!contentType) throw fieldError('filename', 'validation.imageFilename');
    const key = uploadKey(auth.orgId, 'image', query.filename);
    const { url } = await deps.storage.presignUpload({ key, contentType, maxBytes: IMAGE_MAX_BYTES });
    return { url, key };
  }),
];
