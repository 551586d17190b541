import { z } from 'zod';

export const LOCALES = ['ja-JP', 'en-US'] as const;
export const Locale = z.enum(LOCALES);
export type Locale = z.infer<typeof Locale>;
export const DEFAULT_LOCALE: Locale = 'ja-JP';

export const Uuid = z.uuid();
export const Ok = z.object({ ok: z.literal(true) });

/** A required text field: trimmed emptiness is an error with its own message. */
export const requiredText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => s.trim().length > 0, { message: 'validation.notBlank' });

/** Cognito's default password policy: 8+ characters with upper, lower, digit and symbol. */
export const Password = z
  .string()
  .min(8, { message: 'validation.passwordPolicy' })
  .max(256)
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[^A-Za-z0-9]/.test(p), {
    message: 'validation.passwordPolicy',
  });
