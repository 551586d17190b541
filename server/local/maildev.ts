// MailDev for `npm start` and the tests: catches every mail the server sends
// (SMTP) and shows it in a web inbox, mails kept in a directory.
import fs from 'node:fs';
import { MailDev } from 'maildev';
import type { Logger } from 'pino';

export interface LocalMailDev {
  smtpUrl: string;
  webUrl: string;
  stop(): Promise<void>;
}

export async function startMailDev(opts: {
  smtpPort: number;
  webPort: number;
  dataDir: string;
  logger: Logger;
  host?: string;
}): Promise<LocalMailDev> {
  const host = opts.host ?? '127.0.0.1';
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const maildev = new MailDev({
    smtp: opts.smtpPort,
    ip: host,
    web: opts.webPort,
    webIp: host,
    mailDirectory: opts.dataDir,
    silent: true,
  });
  try {
    await maildev.start();
  } catch (err) {
    throw new Error(
      `MailDev could not listen on ${host}:${opts.smtpPort} (SMTP) and ${host}:${opts.webPort} (web): ${(err as Error).message}. ` +
        'Set MAILDEV_SMTP_PORT/MAILDEV_WEB_PORT, or SMTP_URL to use another mail server.',
      { cause: err },
    );
  }
  opts.logger.debug({ smtpPort: opts.smtpPort, webPort: opts.webPort }, 'MailDev started');
  return {
    smtpUrl: `smtp://${host}:${opts.smtpPort}`,
    webUrl: `http://${host}:${opts.webPort}`,
    stop: () => maildev.stop(),
  };
}
