// Mail leaves through the job queue: the message is enqueued in the
// transaction that decided to send it, and the 'mail.send' job hands it to
// SMTP (server/mail/mailer.ts). A rolled-back request sends nothing.
import { enqueue } from '../jobs/queue.js';
import type { Tx } from '../db/tenant.js';

export const MAIL_QUEUE = 'mail.send';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export function queueMail(tx: Tx, orgId: string, mail: OutgoingMail): Promise<string | null> {
  return enqueue(tx, { orgId, queue: MAIL_QUEUE, payload: { ...mail }, maxAttempts: 8 });
}
