// Server-side user administration in the configured pool (AdminCreateUser
// when an invitation is accepted, AdminSetUserPassword on password reset).
import crypto from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { IdentityAdmin } from '../deps.js';

export function createCognitoAdmin(opts: { region: string; endpoint?: string | undefined; userPoolId: string }): IdentityAdmin {
  const idp = new CognitoIdentityProviderClient({
    region: opts.region,
    ...(opts.endpoint
      ? { endpoint: opts.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  const UserPoolId = opts.userPoolId;

  async function subOf(email: string): Promise<string> {
    const user = await idp.send(new AdminGetUserCommand({ UserPoolId, Username: email }));
    const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new Error(`pool user ${email} has no sub`);
    return sub;
  }

  return {
    async createUser({ email, password, givenName, familyName }) {
      try {
        await idp.send(
          new AdminCreateUserCommand({
            UserPoolId,
            Username: email,
            MessageAction: 'SUPPRESS',
            // Replaced at once by the chosen password; never sent anywhere.
            TemporaryPassword: `Tmp-${crypto.randomBytes(12).toString('base64url')}1!`,
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
              { Name: 'given_name', Value: givenName },
              { Name: 'family_name', Value: familyName },
            ],
          }),
        );
      } catch (err) {
        // Already there (a retried accept, or the demo users on restart): keep its password.
        if ((err as { name?: string }).name === 'UsernameExistsException') return { sub: await subOf(email) };
        throw err;
      }
      await idp.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }));
      return { sub: await subOf(email) };
    },
    async setPassword(email, password) {
      await idp.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }));
    },
  };
}
