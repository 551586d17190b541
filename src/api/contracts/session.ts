import { z } from 'zod';
import { Locale, Ok } from './common.js';
import { AREAS, access, defineContract } from './define.js';

// The flags' defaults: the server's answer starts from them (the
// organisation's settings override), and the console uses them while the
// session is loading or when it could not be read (NewFeature is on by default).
export const FEATURE_FLAGS = { NewFeature: true } as const;
export type FeatureFlag = keyof typeof FEATURE_FLAGS;

/** A flag as the session gives it, else its default; an unknown flag is off. */
export function featureFlag(flags: Readonly<Record<string, boolean>> | null | undefined, name: string): boolean {
  return flags?.[name] ?? (FEATURE_FLAGS as Readonly<Record<string, boolean>>)[name] ?? false;
}

export const Session = z.object({
  account: z.object({ id: z.uuid(), email: z.string() }),
  person: z
    .object({
      id: z.uuid(),
      familyName: z.string(),
      givenName: z.string(),
      middleName: z.string().nullable(),
      avatarUrl: z.string().nullable(),
    })
    .nullable(),
  organization: z.object({ id: z.uuid(), name: z.string() }),
  locale: Locale,
  operatorAccess: z.boolean(),
  individualAccess: z.boolean(),
  /** The product areas this account may open (union over its roles). */
  accessibleScopes: z.array(z.enum(AREAS)),
  featureFlags: z.record(z.string(), z.boolean()),
  mfa: z.object({ emailRequired: z.boolean(), verified: z.boolean() }),
});
export type Session = z.infer<typeof Session>;

export const getSession = defineContract({
  id: 'session.get',
  method: 'get',
  path: '/v2/session',
  access: access.signedIn,
  summary: 'The signed-in account, its person, locale, access and feature flags',
  response: Session,
});

export const patchSessionLocale = defineContract({
  id: 'session.patchLocale',
  method: 'patch',
  path: '/v2/session/locale',
  access: access.signedIn,
  mfaExempt: true,
  summary: "Store the account's locale",
  body: z.object({ locale: Locale }),
  response: Ok,
});

export const MfaChallenge = z.object({
  /** The address the code went to, masked (t***@example.com). */
  sentTo: z.string(),
  expiresAt: z.iso.datetime(),
});

export const createMfaEmailChallenge = defineContract({
  id: 'session.mfaEmailChallenge',
  method: 'post',
  path: '/v2/session/mfa/email/challenge',
  access: access.signedIn,
  mfaExempt: true,
  summary: 'Mail a 6-digit sign-in code (10-minute expiry, 5 tries)',
  response: MfaChallenge,
  status: 201,
});

export const verifyMfaEmail = defineContract({
  id: 'session.mfaEmailVerify',
  method: 'post',
  path: '/v2/session/mfa/email/verify',
  access: access.signedIn,
  mfaExempt: true,
  summary: 'Check the mailed code; on success this sign-in may call everything else',
  body: z.object({ code: z.string().regex(/^\d{6}$/, { message: 'validation.mfaCode' }) }),
  response: z.object({ verified: z.literal(true) }),
});
