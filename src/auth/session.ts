// The browser's sign-in: amazon-cognito-identity-js against the pool the
// server names (GET /v2/auth/config), tokens refreshed by the library, and
// the access token handed to the API client.
//
// The library (with its buffer and SHA-256 polyfills, ~45 KB gzip) is loaded
// only when it has work to do: signing in, or refreshing an expired token.
// A start with a still-valid stored session reads the tokens the library
// keeps in localStorage (its documented key layout) and needs none of it, so
// the console's first paint does not wait for it. The sign-in screen
// prefetches it.
import type { CognitoUserPool, CognitoUserSession } from 'amazon-cognito-identity-js';
import { createApiClient } from '../api/client.js';
import { type AuthConfig, getAuthConfig } from '../api/contracts/auth.js';
import type { z } from 'zod';

export type PoolConfig = z.infer<typeof AuthConfig>;

type Cognito = typeof import('amazon-cognito-identity-js');
let cognito: Promise<Cognito> | null = null;
/** The Cognito library, loaded once on first use. */
export const loadCognito = (): Promise<Cognito> => (cognito ??= import('amazon-cognito-identity-js'));

interface StoredTokens {
  accessToken: string;
  idToken: string;
  clockDrift: number;
}

/** `exp` of a JWT, in seconds; 0 when unreadable. */
function expiry(jwt: string): number {
  try {
    const payload = jwt.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp : 0;
  } catch {
    return 0;
  }
}

export class BrowserAuth {
  private pool: CognitoUserPool | null = null;
  private session: CognitoUserSession | null = null;
  private readonly keyPrefix: string;

  private constructor(readonly config: PoolConfig) {
    this.keyPrefix = `CognitoIdentityServiceProvider.${config.clientId}`;
  }

  /** Loads the pool settings and restores a stored session, if still valid. */
  static async start(): Promise<BrowserAuth> {
    const config = await createApiClient()(getAuthConfig);
    const auth = new BrowserAuth(config);
    // A stored session that has expired needs the library to refresh it.
    if (!auth.storedValid() && auth.lastUser()) await auth.restore();
    return auth;
  }

  private lastUser(): string | null {
    return localStorage.getItem(`${this.keyPrefix}.LastAuthUser`);
  }

  /** The tokens the library stored for the last user, as it stores them. */
  private stored(): StoredTokens | null {
    const user = this.lastUser();
    if (!user) return null;
    const get = (k: string) => localStorage.getItem(`${this.keyPrefix}.${user}.${k}`);
    const accessToken = get('accessToken');
    const idToken = get('idToken');
    if (!accessToken || !idToken) return null;
    return { accessToken, idToken, clockDrift: Number(get('clockDrift')) || 0 };
  }

  /** The library's own validity rule (CognitoUserSession.isValid), on the stored tokens. */
  private storedValid(): boolean {
    const s = this.stored();
    if (!s) return false;
    const now = Math.floor(Date.now() / 1000) - s.clockDrift;
    return now < expiry(s.accessToken) && now < expiry(s.idToken);
  }

  private async userPool(): Promise<CognitoUserPool> {
    if (this.pool) return this.pool;
    const { CognitoUserPool } = await loadCognito();
    this.pool = new CognitoUserPool({
      UserPoolId: this.config.userPoolId,
      ClientId: this.config.clientId,
      ...(this.config.endpoint ? { endpoint: this.config.endpoint } : {}),
    });
    return this.pool;
  }

  isSignedIn(): boolean {
    return this.session ? this.session.isValid() : this.storedValid();
  }

  /** Through the library: refreshes an expired session with the refresh token. */
  private async restore(): Promise<void> {
    const user = (await this.userPool()).getCurrentUser();
    if (!user) {
      this.session = null;
      return;
    }
    await new Promise<void>((resolve) => {
      user.getSession((err: Error | null, session: CognitoUserSession | null) => {
        this.session = !err && session?.isValid() ? session : null;
        resolve();
      });
    });
  }

  async signIn(email: string, password: string): Promise<void> {
    const { AuthenticationDetails, CognitoUser } = await loadCognito();
    const user = new CognitoUser({ Username: email, Pool: await this.userPool() });
    user.setAuthenticationFlowType(this.config.authFlow);
    return new Promise((resolve, reject) => {
      user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
        onSuccess: (session) => {
          this.session = session;
          resolve();
        },
        onFailure: (err: unknown) => reject(err instanceof Error ? err : new Error(String(err))),
      });
    });
  }

  /** A current access token, refreshed through the pool when it has expired. */
  async accessToken(): Promise<string | null> {
    if (this.session?.isValid()) return this.session.getAccessToken().getJwtToken();
    if (!this.session && this.storedValid()) return this.stored()!.accessToken;
    if (!this.session && !this.lastUser()) return null;
    await this.restore();
    return this.session?.getAccessToken().getJwtToken() ?? null;
  }

  /** Forgets the session here (as the library's signOut does: local only). */
  signOut(): void {
    const user = this.lastUser();
    if (user) {
      for (const k of ['idToken', 'accessToken', 'refreshToken', 'clockDrift', 'userData']) localStorage.removeItem(`${this.keyPrefix}.${user}.${k}`);
      localStorage.removeItem(`${this.keyPrefix}.LastAuthUser`);
    }
    this.session = null;
  }
}
