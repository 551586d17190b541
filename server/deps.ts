// What the HTTP app needs from the outside world. main.ts wires the real
// implementations; tests wire the same real parts (PGlite, cognito-local,
// MailDev), never mocks.
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import type { FileStorage } from './storage/storage.js';

/** Claims of a verified Cognito access token that the server relies on. */
export interface VerifiedToken {
  sub: string;
  username: string;
  /** Identifies one sign-in: origin_jti (constant across refreshes), else event_id, else sub + auth_time. */
  sessionKey: string;
  expiresAt: number;
}

export interface TokenVerifier {
  /** Throws on anything wrong: signature, issuer, client, token use, expiry. */
  verify(token: string): Promise<VerifiedToken>;
  /** Fetches the signing keys now (at start), so the first request need not. */
  warm?(): Promise<void>;
}

export interface IdentityAdmin {
  /** Creates (or, if it exists, returns) the pool user with a permanent
   * password and a verified e-mail; returns its sub. */
  createUser(input: { email: string; password: string; givenName: string; familyName: string }): Promise<{ sub: string }>;
  /** Sets a permanent password for an existing pool user (password reset). */
  setPassword(email: string, password: string): Promise<void>;
}

export interface AppDeps {
  config: Config;
  db: Db;
  verifier: TokenVerifier;
  identity: IdentityAdmin;
  logger: Logger;
  /** Files (imports, logos): local files or S3, see server/storage. */
  storage: FileStorage;
  /** Built console (vite build output) served on the same port; absent in API tests. */
  staticDir?: string | undefined;
}
