// Real tokens from the emulator, verified against its JWKS: only a genuine,
// unexpired access token of our client passes.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CreateUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCognitoAdmin } from '../../server/auth/cognito-admin.js';
import { createCognitoVerifier, issuerFromConfig } from '../../server/auth/verifier.js';
import { loadConfig } from '../../server/config.js';
import type { TokenVerifier } from '../../server/deps.js';
import { emulatorClient } from '../../server/local/cognito-local.js';
import { TEST_ENV } from '../support/app.js';
import { signIn, type Tokens } from '../support/cognito.js';

const cognito = {
  endpoint: process.env[TEST_ENV.endpoint]!,
  userPoolId: process.env[TEST_ENV.poolId]!,
  clientId: process.env[TEST_ENV.clientId]!,
  issuer: process.env[TEST_ENV.issuer]!,
  jwksUrl: process.env[TEST_ENV.jwksUrl]!,
};
const email = `verify-${Date.now()}@daicho.test`;
const password = 'Verify-passw0rd!';
let verifier: TokenVerifier;
let tokens: Tokens;
let sub: string;

/** The emulator's signing key: it ships in the package, which is why its issuer is trusted only locally. */
async function emulatorKey() {
  const dir = path.dirname(createRequire(import.meta.url).resolve('cognito-local/package.json'));
  const { jwk } = JSON.parse(fs.readFileSync(path.join(dir, 'lib/keys/cognitoLocal.private.json'), 'utf8'));
  return importJWK(jwk, 'RS256');
}

async function resign(claims: Record<string, unknown>, key: CryptoKey | Uint8Array | Awaited<ReturnType<typeof importJWK>>) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(tokens.accessToken).kid! }).sign(key);
}

beforeAll(async () => {
  verifier = createCognitoVerifier({ issuer: cognito.issuer, jwksUrl: cognito.jwksUrl, clientId: cognito.clientId });
  const admin = createCognitoAdmin({ region: 'local', endpoint: cognito.endpoint, userPoolId: cognito.userPoolId });
  sub = (await admin.createUser({ email, password, givenName: 'V', familyName: 'T' })).sub;
  tokens = await signIn({ ...cognito, email, password });
});

describe('access token verification', () => {
  it('accepts a genuine access token and names its subject and sign-in', async () => {
    const v = await verifier.verify(tokens.accessToken);
    expect(v.sub).toBe(sub);
    expect(v.sessionKey).toBe(decodeJwt(tokens.accessToken).event_id);
    expect(v.expiresAt * 1000).toBeGreaterThan(Date.now());
  });

  it('accepts the same claims re-signed with the emulator key (control for the cases below)', async () => {
    const claims = decodeJwt(tokens.accessToken);
    await expect(verifier.verify(await resign(claims, await emulatorKey()))).resolves.toMatchObject({ sub });
  });

  it('rejects the ID token', async () => {
    await expect(verifier.verify(tokens.idToken)).rejects.toThrow();
  });

  it('rejects an expired token', async () => {
    const claims = decodeJwt(tokens.accessToken);
    const now = Math.floor(Date.now() / 1000);
    const expired = await resign({ ...claims, iat: now - 7200, exp: now - 3600 }, await emulatorKey());
    await expect(verifier.verify(expired)).rejects.toThrow(/exp/);
  });

  it('rejects a token that expired after it was last accepted (a verified token is remembered, its expiry is not)', async () => {
    const claims = decodeJwt(tokens.accessToken);
    const now = Math.floor(Date.now() / 1000);
    // Expires 6 s from now: past the 5 s clock tolerance within a few seconds.
    const token = await resign({ ...claims, iat: now - 60, exp: now + 1 }, await emulatorKey());
    await expect(verifier.verify(token)).resolves.toMatchObject({ sub });
    await new Promise((r) => setTimeout(r, 6_500));
    await expect(verifier.verify(token)).rejects.toThrow(/exp/);
  }, 15_000);

  it('rejects a token re-signed with another key under the same kid', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    await expect(verifier.verify(await resign(decodeJwt(tokens.accessToken), privateKey))).rejects.toThrow(/signature/);
  });

  it('rejects a token of another client of the same pool', async () => {
    const idp = emulatorClient(cognito.endpoint);
    const other = await idp.send(
      new CreateUserPoolClientCommand({ UserPoolId: cognito.userPoolId, ClientName: 'other', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'] }),
    );
    idp.destroy();
    const foreign = await signIn({ ...cognito, clientId: other.UserPoolClient!.ClientId!, email, password });
    expect(decodeJwt(foreign.accessToken).client_id).not.toBe(cognito.clientId);
    await expect(verifier.verify(foreign.accessToken)).rejects.toThrow(/client/);
  });

  it('rejects another issuer, a forged alg and garbage', async () => {
    const claims = decodeJwt(tokens.accessToken);
    await expect(verifier.verify(await resign({ ...claims, iss: 'http://evil.example/pool' }, await emulatorKey()))).rejects.toThrow();
    const [, payload] = tokens.accessToken.split('.');
    await expect(verifier.verify(`eyJhbGciOiJub25lIn0.${payload}.`)).rejects.toThrow();
    for (const junk of ['', 'garbage', 'a.b.c', tokens.accessToken.slice(0, -5)]) await expect(verifier.verify(junk)).rejects.toThrow();
  });
});

describe('issuer configuration', () => {
  it('trusts the emulator issuer only when told to', () => {
    const base = { COGNITO_USER_POOL_ID: 'local_pool', COGNITO_CLIENT_ID: 'c', COGNITO_ENDPOINT: 'http://127.0.0.1:9229' };
    expect(() => issuerFromConfig(loadConfig(base))).toThrow(/COGNITO_TRUST_LOCAL_ISSUER/);
    expect(issuerFromConfig(loadConfig({ ...base, COGNITO_TRUST_LOCAL_ISSUER: 'true' }))).toEqual({
      issuer: 'http://127.0.0.1:9229/local_pool',
      jwksUrl: 'http://127.0.0.1:9229/local_pool/.well-known/jwks.json',
    });
    expect(issuerFromConfig(loadConfig({ COGNITO_USER_POOL_ID: 'ap-northeast-1_AbC', COGNITO_REGION: 'ap-northeast-1' })).issuer).toBe(
      'https://cognito-idp.ap-northeast-1.amazonaws.com/ap-northeast-1_AbC',
    );
  });
});

describe('identity admin', () => {
  it('creating the same user twice keeps the first password and the same sub', async () => {
    const admin = createCognitoAdmin({ region: 'local', endpoint: cognito.endpoint, userPoolId: cognito.userPoolId });
    const again = await admin.createUser({ email, password: 'Different-passw0rd!', givenName: 'V', familyName: 'T' });
    expect(again.sub).toBe(sub);
    await expect(signIn({ ...cognito, email, password })).resolves.toBeTruthy();
  });
});


describe('fetching the signing keys', () => {
  /** A stand-in for a slow network in front of the pool's real JWKS: the first `stall` fetches never answer. */
  async function slowJwks(stall: number) {
    const http = await import('node:http');
    let seen = 0;
    const server = http.createServer(async (req, res) => {
      if (++seen <= stall) return; // never answers: the verifier's timeout fires
      const upstream = await fetch(cognito.jwksUrl);
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as import('node:net').AddressInfo;
    return { url: `http://127.0.0.1:${port}/jwks.json`, fetches: () => seen, close: () => (server.closeAllConnections(), server.close()) };
  }

  it('tries a fetch that timed out once more before failing the request', async () => {
    const jwks = await slowJwks(1);
    try {
      const v = createCognitoVerifier({ issuer: cognito.issuer, jwksUrl: jwks.url, clientId: cognito.clientId, jwksTimeoutMs: 300 });
      await expect(v.verify(tokens.accessToken)).resolves.toMatchObject({ sub });
      expect(jwks.fetches()).toBe(2);
    } finally {
      jwks.close();
    }
  });

  it('reports a pool whose keys stay unreachable as a timeout (the 503 path), not as a bad token', async () => {
    const jwks = await slowJwks(99);
    try {
      const v = createCognitoVerifier({ issuer: cognito.issuer, jwksUrl: jwks.url, clientId: cognito.clientId, jwksTimeoutMs: 200 });
      await expect(v.verify(tokens.accessToken)).rejects.toMatchObject({ code: 'ERR_JWKS_TIMEOUT' });
    } finally {
      jwks.close();
    }
  });

  it('warm() fetches the keys ahead, so a request needs no fetch', async () => {
    const jwks = await slowJwks(0);
    try {
      const v = createCognitoVerifier({ issuer: cognito.issuer, jwksUrl: jwks.url, clientId: cognito.clientId });
      await v.warm!();
      expect(jwks.fetches()).toBe(1);
      await expect(v.verify(tokens.accessToken)).resolves.toMatchObject({ sub });
      expect(jwks.fetches()).toBe(1);
    } finally {
      jwks.close();
    }
  });
});
