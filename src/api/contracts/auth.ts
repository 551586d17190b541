import { z } from 'zod';
import { access, defineContract } from './define.js';
import { Password } from './common.js';

/** What the browser needs to sign in against the configured user pool. */
export const AuthConfig = z.object({
  region: z.string(),
  userPoolId: z.string(),
  clientId: z.string(),
  /** Set only for an emulator or private endpoint. */
  endpoint: z.string().nullable(),
  authFlow: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
});

export const getAuthConfig = defineContract({
  id: 'auth.config',
  method: 'get',
  path: '/v2/auth/config',
  access: access.public,
  summary: 'The identity pool and client the console signs in with',
  response: AuthConfig,
});

export const requestPasswordReset = defineContract({
  id: 'auth.passwordReset.request',
  method: 'post',
  path: '/v2/auth/password-reset',
  access: access.public,
  summary: 'Mail a reset code if an account has this address (the answer is the same either way)',
  body: z.object({ email: z.email({ message: 'validation.email' }).max(320) }),
  response: z.object({ ok: z.literal(true) }),
  status: 202,
});

export const confirmPasswordReset = defineContract({
  id: 'auth.passwordReset.confirm',
  method: 'post',
  path: '/v2/auth/password-reset/confirm',
  access: access.public,
  summary: 'Set a new password with the mailed code (10-minute expiry, 5 tries)',
  body: z.object({
    email: z.email({ message: 'validation.email' }).max(320),
    code: z.string().regex(/^\d{6}$/, { message: 'validation.mfaCode' }),
    password: Password,
  }),
  response: z.object({ ok: z.literal(true) }),
});
