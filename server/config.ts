// Server configuration, read once from the environment. Every variable is
// documented in .env.example; nothing else reads process.env.
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Cognito. Unset pool id in `npm start` = run the cognito-local emulator.
  COGNITO_USER_POOL_ID: z.string().optional(),
  COGNITO_CLIENT_ID: z.string().optional(),
  COGNITO_REGION: z.string().default('ap-northeast-1'),
  COGNITO_ENDPOINT: z.string().url().optional(),
  COGNITO_ISSUER: z.string().url().optional(),
  COGNITO_AUTH_FLOW: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']).default('USER_SRP_AUTH'),
  COGNITO_TRUST_LOCAL_ISSUER: bool,
  COGNITO_LOCAL_PORT: z.coerce.number().int().default(9229),
  // Mail. Unset SMTP_URL in `npm start` = run MailDev.
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Daicho <no-reply@daicho.local>'),
  MAILDEV_SMTP_PORT: z.coerce.number().int().default(1025),
  MAILDEV_WEB_PORT: z.coerce.number().int().default(1080),
  INVITATION_TTL_DAYS: z.coerce.number().int().positive().default(7),
  JOB_POLL_MS: z.coerce.number().int().positive().default(1000),
  // List pages kept in memory between writes (server/http/list-cache.ts); 0: none.
  LIST_CACHE_MB: z.coerce.number().int().min(0).default(64),
  // Connectors (SCIM) may call loopback and private addresses: only for a
  // tenant on the same network, or tests. Off, they are refused (SSRF guard).
  CONNECTOR_ALLOW_PRIVATE_NETWORK: bool,
  SEED: z.enum(['auto', 'off']).default('auto'),
  // File storage (server/storage): local files under DATA_DIR, or S3.
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  FILE_SIGNING_SECRET: z.string().min(32).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().default('ap-northeast-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
});

export type Config = z.infer<typeof schema> & { dataDir: string; publicUrl: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://${c.HOST === '0.0.0.0' ? '127.0.0.1' : c.HOST}:${c.PORT}`).replace(/\/$/, ''),
  };
}
