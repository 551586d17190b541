// The one error shape every API failure takes (CONVENTIONS: one error shape).
import { z } from 'zod';

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'MFA_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INVITATION_EXPIRED',
  'INVITATION_USED',
  'MFA_CODE_INVALID',
  'MFA_CODE_EXPIRED',
  'MFA_TOO_MANY_ATTEMPTS',
  'RESET_CODE_INVALID',
  'RESET_CODE_EXPIRED',
  'RESET_TOO_MANY_ATTEMPTS',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBody = z.object({
  code: z.enum(ERROR_CODES),
  /** In the caller's language (session locale, else Accept-Language). */
  message: z.string(),
  /** Set on FORBIDDEN: the forbidden dialog's title. */
  title: z.string().optional(),
  /** Field path ('a.b') to messages, on VALIDATION_ERROR. */
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  /** Quote this to support; set on INTERNAL_ERROR. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
