// Short numeric codes sent by mail (MFA, password reset): random, stored only
// as a salted hash, compared in constant time.
import crypto from 'node:crypto';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

export function newCode(): { code: string; hash: string } {
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  const salt = crypto.randomBytes(16).toString('hex');
  return { code, hash: hashCode(salt, code) };
}

function hashCode(salt: string, code: string): string {
  return `${salt}:${crypto.createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const [salt = ''] = stored.split(':', 1);
  const a = Buffer.from(hashCode(salt, code));
  const b = Buffer.from(stored);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
