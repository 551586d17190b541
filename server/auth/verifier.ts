// Verifies Cognito access tokens against the pool's JWKS with jose:
// RS256 signature, exact issuer, expiry, token_use 'access', our client id.
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../config.js';
import type { TokenVerifier, VerifiedToken } from '../deps.js';

export function createCognitoVerifier(opts: {
  issuer: string;
  jwksUrl: string;
  clientId: string;
  clockToleranceSec?: number;
  /** How long one fetch of the keys may take. */
  jwksTimeoutMs?: number;
}): TokenVerifier {
  // Keys are cached and refetched on an unknown kid (key rotation), at most every 30 s.
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { cooldownDuration: 30_000, timeoutDuration: opts.jwksTimeoutMs ?? 5000 });
  const check = (token: string) =>
    jwtVerify(token, jwks, {
      issuer: opts.issuer,
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'sub', 'token_use', 'client_id'],
      clockTolerance: opts.clockToleranceSec ?? 5,
    });
  // A token verified once is taken as verified again for a while: the same
  // bytes give the same answer, and an RS256 check (~0.25 ms of CPU) was a
  // tenth of a kept list page's answer (server/http/list-cache.ts). Its
  // expiry is still checked every time; at most VERIFIED_TTL_MS, so a key
  // withdrawn from the pool's JWKS stops working within that time too.
  const verified = new Map<string, { token: VerifiedToken; until: number }>();
  return {
    async warm() {
      await jwks.reload();
    },
    async verify(token: string): Promise<VerifiedToken> {
      const now = Date.now();
      const known = verified.get(token);
      if (known && now < known.until && now / 1000 < known.token.expiresAt + (opts.clockToleranceSec ?? 5)) return known.token;
      const fresh = await verifyOnce(token);
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { token: fresh, until: now + VERIFIED_TTL_MS });
      return fresh;
    },
  };

  async function verifyOnce(token: string): Promise<VerifiedToken> {
    // A fetch of the keys that timed out is tried once more before the
    // request fails with 503: the timeout is wall-clock, and a process
    // whose event loop was busy for a while (the embedded database runs
    // in-process: a large import's chunk) sees its timer fire before it
    // reads an answer that had arrived.
    const { payload } = await check(token).catch((err: unknown) => {
      if ((err as { code?: string }).code === 'ERR_JWKS_TIMEOUT') return check(token);
      throw err;
    });
    if (payload.token_use !== 'access') throw new Error('not an access token');
    if (payload.client_id !== opts.clientId) throw new Error('token of another client');
    const sub = String(payload.sub);
    const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat;
    return {
      sub,
      username: String(payload.username ?? sub),
      // origin_jti (Cognito) survives refreshes; the emulator has none, and its
      // event_id is new per sign-in (and per refresh: a refresh there asks for
      // the MFA code again).
      sessionKey:
        typeof payload.origin_jti === 'string'
          ? payload.origin_jti
          : typeof payload.event_id === 'string'
            ? payload.event_id
            : `${sub}:${authTime}`,
      expiresAt: payload.exp!,
    };
  }
}

const VERIFIED_TTL_MS = 5 * 60_000;
const VERIFIED_MAX = 10_000;

const AMAZON_ISSUER = /^https:\/\/cognito-idp\.[a-z0-9-]+\.amazonaws\.com\/[\w-]+$/;

/** The issuer to trust and where its keys are. An issuer that is not Amazon's
 * (the emulator, whose signing key ships in its package) needs
 * COGNITO_TRUST_LOCAL_ISSUER=true. */
export function issuerFromConfig(config: Config, local?: { issuer: string; jwksUrl: string }): { issuer: string; jwksUrl: string } {
  const issuer =
    config.COGNITO_ISSUER ??
    local?.issuer ??
    (config.COGNITO_ENDPOINT
      ? `${config.COGNITO_ENDPOINT.replace(/\/$/, '')}/${config.COGNITO_USER_POOL_ID}`
      : `https://cognito-idp.${config.COGNITO_REGION}.amazonaws.com/${config.COGNITO_USER_POOL_ID}`);
  if (!AMAZON_ISSUER.test(issuer) && !config.COGNITO_TRUST_LOCAL_ISSUER) {
    throw new Error(
      `Refusing to trust the token issuer ${issuer}: it is not an Amazon Cognito pool. ` +
        'Set COGNITO_TRUST_LOCAL_ISSUER=true only for a local emulator (its signing key is public).',
    );
  }
  return { issuer, jwksUrl: local?.jwksUrl ?? `${issuer}/.well-known/jwks.json` };
}
