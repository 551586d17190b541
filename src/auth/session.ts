// The browser's sign-in: amazon-cognito-identity-js against the pool the
// server names (GET /v2/auth/config), tokens refreshed by the library, and
// the access token handed to the API client.
import { AuthenticationDetails, CognitoUser, CognitoUserPool, type CognitoUserSession } from 'amazon-cognito-identity-js';
import { createApiClient } from '../api/client.js';
import { type AuthConfig, getAuthConfig } from '../api/contracts/auth.js';
import type { z } from 'zod';

export type PoolConfig = z.infer<typeof AuthConfig>;

export class BrowserAuth {
  private pool: CognitoUserPool;
  private session: CognitoUserSession | null = null;

  private constructor(readonly config: PoolConfig) {
    this.pool = new CognitoUserPool({
      UserPoolId: config.userPoolId,
      ClientId: config.clientId,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    });
  }

  /** Loads the pool settings and restores a stored session, if still valid. */
  static async start(): Promise<BrowserAuth> {
    const config = await createApiClient()(getAuthConfig);
    const auth = new BrowserAuth(config);
    await auth.restore();
    return auth;
  }

  isSignedIn(): boolean {
    return this.session?.isValid() ?? false;
  }

  private restore(): Promise<void> {
    const user = this.pool.getCurrentUser();
    if (!user) return Promise.resolve();
    return new Promise((resolve) => {
      user.getSession((err: Error | null, session: CognitoUserSession | null) => {
        this.session = !err && session?.isValid() ? session : null;
        resolve();
      });
    });
  }

  signIn(email: string, password: string): Promise<void> {
    const user = new CognitoUser({ Username: email, Pool: this.pool });
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
    if (!this.session) return null;
    if (!this.session.isValid()) await this.restore();
    return this.session?.getAccessToken().getJwtToken() ?? null;
  }

  signOut(): void {
    this.pool.getCurrentUser()?.signOut();
    this.session = null;
  }
}
