// MailDev in a process of its own (started by ./maildev.ts with
// exit-with-parent.cjs preloaded): the API process does not carry MailDev
// and its web inbox (37 MB of heap, measured with --expose-gc), so it is
// the same process in `npm start` as in production, where SMTP_URL names
// the mail server. Options come from the environment; the parent hears
// "ready" or the error over the IPC channel.
import { MailDev } from 'maildev';

const env = process.env;
const maildev = new MailDev({
  smtp: Number(env.MAILDEV_SMTP_PORT),
  ip: env.MAILDEV_HOST,
  web: Number(env.MAILDEV_WEB_PORT),
  webIp: env.MAILDEV_HOST,
  mailDirectory: env.MAILDEV_DIR,
  silent: true,
});

const stop = () => void maildev.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

try {
  await maildev.start();
  process.send?.({ ready: true });
} catch (err) {
  process.send?.({ error: err instanceof Error ? err.message : String(err) });
  process.exit(1);
}
