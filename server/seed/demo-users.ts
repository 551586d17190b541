// The demo's sign-ins and organisation name, apart from the generator that
// fills the demo (./demo.ts, which loads faker: 17 MB of heap). The server
// needs these on every start with the local emulator (the sign-ins are put
// into its pool); the generator only on an empty database (server/main.ts).
import type { Db } from '../db/index.js';
import type { Tx } from '../db/tenant.js';

export type DemoUserKey = 'admin' | 'it' | 'individual';

export interface DemoUser {
  key: DemoUserKey;
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  description: string;
}

// Passwords meet Cognito's default policy (8+, upper, lower, digit, symbol).
export const DEMO_USERS: readonly DemoUser[] = [
  {
    key: 'admin',
    email: 'admin@daicho.example',
    password: 'Daicho-demo-1',
    givenName: '花子',
    familyName: '山田',
    description: 'Operator with every area (IT, HR, GA, LI, Marketplace, Settings), and individual access.',
  },
  {
    key: 'it',
    email: 'it-operator@daicho.example',
    password: 'Daicho-demo-1',
    givenName: '健太',
    familyName: '佐藤',
    description: 'Operator limited to the IT area.',
  },
  {
    key: 'individual',
    email: 'individual@daicho.example',
    password: 'Daicho-demo-1',
    givenName: '一郎',
    familyName: '鈴木',
    description: 'Individual access only: no operator console.',
  },
];

export const DEMO_ORG_NAME = '株式会社台帳デモ';

/** Whether the database holds any organisation: the demo is seeded only
 * into one that holds none (server/main.ts before loading the generator,
 * seedDemo again under its lock). As the connecting role: no scope yet. */
export async function hasOrganization(db: Db | Tx): Promise<boolean> {
  return (await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst()) !== undefined;
}
