// Failures a handler throws. The error handler in app.ts turns each into the
// one error body of src/api/contracts/errors.ts, in the caller's language.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../src/api/contracts/errors.js';

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    /** Message key in locales/<lang>/errors.json; defaults to the code. */
    readonly messageKey: string = code,
    readonly vars: Record<string, string | number> = {},
    readonly fieldErrors?: Record<string, string[]>,
    /** Keep the request's writes although the call fails (e.g. a counted wrong MFA code). */
    readonly commit = false,
  ) {
    super(`${code}: ${messageKey}`);
  }
}

export const notFound = (key = 'NOT_FOUND') => new AppError(404, 'NOT_FOUND', key);
export const conflict = (key = 'CONFLICT') => new AppError(409, 'CONFLICT', key);
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED');
export const forbidden = () => new AppError(403, 'FORBIDDEN');
/** A field-level failure found by the handler (after schema validation). */
export const fieldError = (field: string, key: string) =>
  new AppError(400, 'VALIDATION_ERROR', 'VALIDATION_ERROR', {}, { [field]: [key] });
