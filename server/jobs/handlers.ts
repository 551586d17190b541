// Every queue's handler, in one place: the server (main.ts) and the API
// tests' in-process app (tests/support/app.ts) run the same set.
import type { FileStorage } from '../storage/storage.js';
import { type Mailer, mailJobHandler } from '../mail/mailer.js';
import { MAIL_QUEUE } from '../mail/outbox.js';
import { CSV_IMPORT_QUEUE, csvImportJobHandler, PENDING_LISTS_QUEUE, pendingListsJobHandler } from '../modules/module/csv-job.js';
import { APP_REFRESH_QUEUE, appRefreshJobHandler } from '../modules/software/refresh.js';
import type { JobHandler } from './queue.js';

export function jobHandlers(o: { mailer: Mailer; storage: FileStorage; allowPrivateNetwork: boolean }): Record<string, JobHandler> {
  return {
    [MAIL_QUEUE]: mailJobHandler(o.mailer),
    [CSV_IMPORT_QUEUE]: csvImportJobHandler(o.storage),
    [PENDING_LISTS_QUEUE]: pendingListsJobHandler(),
    [APP_REFRESH_QUEUE]: appRefreshJobHandler({ allowPrivateNetwork: o.allowPrivateNetwork }),
  };
}
