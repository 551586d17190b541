// Talking to a server started with tests/support/server-process.ts: sign in
// as the demo admin it printed (every area), and the presigned upload of a
// CSV file followed by the import call. Shared by the API tests and the
// load-and-faults benchmark (bench/suites/load.ts).
import { createApiClient } from '../../src/api/client.js';
import { getAuthConfig } from '../../src/api/contracts/auth.js';
import { presignImportCsv } from '../../src/api/contracts/storage.js';
import { DEMO_USERS } from '../../server/seed/demo-users.js';
import { signIn } from './cognito.js';

export type Api = ReturnType<typeof createApiClient>;

/** Signed in as the printed demo admin: a typed client and the raw access token. */
export async function signInDemoAdmin(base: string, output: string): Promise<{ api: Api; token: string }> {
  const admin = DEMO_USERS.find((u) => u.email === 'admin@daicho.example')!;
  const password = output.match(/admin@daicho\.example\s+(\S+)/)?.[1] ?? admin.password;
  const auth = await createApiClient({ baseUrl: base })(getAuthConfig);
  const tokens = await signIn({ endpoint: auth.endpoint!, userPoolId: auth.userPoolId, clientId: auth.clientId, email: admin.email, password });
  return { api: createApiClient({ baseUrl: base, getToken: () => tokens.accessToken }), token: tokens.accessToken };
}

/** A CSV of n equipment rows named "<marker> 1" … "<marker> n", English headers. */
export const equipmentCsv = (marker: string, n: number) =>
  ['Equipment,Usage status', ...Array.from({ length: n }, (_, i) => `${marker} ${i + 1},In use`)].join('\r\n') + '\r\n';

/** The presigned upload: the URL, the PUT of the file; returns the uploaded key. */
export async function uploadImportCsv(api: Api, filename: string, content: string): Promise<string> {
  const { url, key } = await api(presignImportCsv, { query: { filename } });
  const put = await fetch(url, { method: 'PUT', body: Buffer.from(content, 'utf8'), headers: { 'content-type': 'text/csv' } });
  if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
  return key;
}
