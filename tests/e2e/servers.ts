// The e2e servers: one a Playwright worker, each with its own data dir,
// cognito-local and MailDev, so that two workers never share a row and a
// file's tests see only their own changes, as with one worker. Ports: the
// console at DAICHO_E2E_PORT (18080) + 10 × the worker's parallelIndex,
// MailDev's SMTP and web ports 1 and 2 above it, cognito-local 1149 above.

/** Workers, and servers (DAICHO_E2E_WORKERS, 2 by default: the two cores). */
export const E2E_WORKERS = Math.max(1, Number(process.env.DAICHO_E2E_WORKERS ?? 2));
const FIRST_PORT = Number(process.env.DAICHO_E2E_PORT ?? 18080);
const STRIDE = 10;

export interface E2eServer {
  port: number;
  /** The console and its API. */
  base: string;
  /** MailDev's web API (the mail the server sent). */
  maildev: string;
  smtpPort: number;
  maildevWebPort: number;
  cognitoPort: number;
}

/** The server of the worker with this parallelIndex. */
export function e2eServer(slot: number): E2eServer {
  const port = FIRST_PORT + slot * STRIDE;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    maildev: `http://127.0.0.1:${port + 2}`,
    smtpPort: port + 1,
    maildevWebPort: port + 2,
    cognitoPort: port + 1149,
  };
}
