// Sign-in as the console does it: amazon-cognito-identity-js with
// USER_PASSWORD_AUTH against the emulator.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AuthenticationDetails, CognitoUser, CognitoUserPool } from 'amazon-cognito-identity-js';
import { pino } from 'pino';
import { freePort, type LocalCognito, startCognitoLocal } from '../../server/local/cognito-local.js';

export interface Tokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

export function signIn(opts: { endpoint: string; userPoolId: string; clientId: string; email: string; password: string }): Promise<Tokens> {
  const pool = new CognitoUserPool({ UserPoolId: opts.userPoolId, ClientId: opts.clientId, endpoint: opts.endpoint });
  const user = new CognitoUser({ Username: opts.email, Pool: pool });
  user.setAuthenticationFlowType('USER_PASSWORD_AUTH');
  return new Promise((resolve, reject) => {
    user.authenticateUser(new AuthenticationDetails({ Username: opts.email, Password: opts.password }), {
      onSuccess: (s) =>
        resolve({
          accessToken: s.getAccessToken().getJwtToken(),
          idToken: s.getIdToken().getJwtToken(),
          refreshToken: s.getRefreshToken().getToken(),
        }),
      onFailure: (err: unknown) => reject(err instanceof Error ? err : new Error(JSON.stringify(err))),
      newPasswordRequired: () => reject(new Error('unexpected NEW_PASSWORD_REQUIRED')),
    });
  });
}

export async function startTestCognito(): Promise<LocalCognito> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-cognito-'));
  const cognito = await startCognitoLocal({
    dataDir: dir,
    port: await freePort(),
    logger: pino({ level: 'silent' }),
    fixedCode: '123456',
  });
  return {
    ...cognito,
    async stop() {
      await cognito.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
