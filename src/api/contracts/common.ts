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

/** 'YYYY-MM-DD'. */
export const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date that exists: '2024-02-29' yes, '2023-02-29' and '2024-13-01' no. */
export const isCalendarDate = (s: string) => {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A date field: 'YYYY-MM-DD' of a day that exists (else 400 validation.date, never a failed ::date cast). */
export const zCalendarDate = z.string().refine(isCalendarDate, { message: 'validation.date' });

/** Cognito's default password policy: 8+ characters with upper, lower, digit and symbol. */
export const Password = z
  .string()
  .min(8, { message: 'validation.passwordPolicy' })
  .max(256)
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[^A-Za-z0-9]/.test(p), {
    message: 'validation.passwordPolicy',
  });
