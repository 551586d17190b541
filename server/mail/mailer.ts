// SMTP delivery for the 'mail.send' jobs (nodemailer).
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { JobHandler } from '../jobs/queue.js';
import type { OutgoingMail } from './outbox.js';

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailer(opts: { smtpUrl: string; from: string }): Mailer {
  // Bounded waits: the send runs inside the job's transaction, which a hung
  // SMTP server must not hold open for minutes.
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}

const MailPayload = z.object({ to: z.string().min(1), subject: z.string(), text: z.string() });

/** Throws on SMTP failure, so the queue retries with backoff. */
export function mailJobHandler(mailer: Mailer): JobHandler {
  return async ({ job }) => {
    const mail = MailPayload.parse(job.payload);
    await mailer.send(mail);
    return { sentTo: mail.to };
  };
}
