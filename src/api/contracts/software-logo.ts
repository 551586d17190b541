// The software logo (spec 4, 5, 7 Software): a change or delete first saves
// the details, then asks GET /v2/software/{softwareId}/logo/presigned-url
// for a URL, then PUTs the image to it or sends DELETE to it, directly to the
// file storage. The spec does not show the call's query or answer: `method`
// says which operation the URL is signed for (a presigned URL is good for
// one method), `filename` names the image of a PUT (its extension decides the
// Content-Type the upload must carry). One logo per software, at one key.
import { z } from 'zod';
import { access, defineContract } from './define.js';
import { IMAGE_MAX_BYTES } from './storage.js';

export { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES, imageContentType } from './storage.js';

export const LOGO_METHODS = ['PUT', 'DELETE'] as const;
export type LogoMethod = (typeof LOGO_METHODS)[number];

const SoftwareParams = z.object({ softwareId: z.uuid() });

export const getSoftwareLogoPresignedUrl = defineContract({
  id: 'software.logoPresignedUrl',
  method: 'get',
  path: '/v2/software/{softwareId}/logo/presigned-url',
  access: access.area('IT'),
  summary: 'A URL to PUT the software’s logo to (PNG, JPEG, WebP or GIF, at most 5 MB) or to DELETE it at',
  params: SoftwareParams,
  query: z.object({
    method: z.enum(LOGO_METHODS).default('PUT'),
    /** Required for PUT: an image name (png, jpg, jpeg, webp, gif). */
    filename: z.string().trim().min(1).max(255).optional(),
  }),
  response: z.object({
    url: z.string(),
    method: z.enum(LOGO_METHODS),
    /** PUT only: send exactly this Content-Type. */
    contentType: z.string().nullable(),
    maxBytes: z.number(),
  }),
});

/** Beyond the spec: where the header reads the logo from. */
export const getSoftwareLogo = defineContract({
  id: 'software.logo',
  method: 'get',
  path: '/v2/software/{softwareId}/logo',
  access: access.area('IT'),
  summary: 'The software’s logo: its uploaded one (a short-lived URL), else its marketplace app’s, else none',
  params: SoftwareParams,
  response: z.object({
    url: z.string().nullable(),
    /** True when the logo is the organisation's own upload (it can be deleted). */
    custom: z.boolean(),
  }),
});

/** How long the header may show a read URL before asking again (the URL lives an hour). */
export const LOGO_READ_SECONDS = 60 * 60;
export const LOGO_MAX_BYTES = IMAGE_MAX_BYTES;
