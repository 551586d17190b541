// Reading the test MailDev's inbox through its REST API.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { freePortSet } from '../../server/local/cognito-local.js';
import { type LocalMailDev, startMailDev } from '../../server/local/maildev.js';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  date: string;
}

export async function startTestMailDev(): Promise<LocalMailDev> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-maildev-'));
  const [smtpPort, webPort] = (await freePortSet(2)) as [number, number];
  const m = await startMailDev({ smtpPort, webPort, dataDir: dir, logger: pino({ level: 'silent' }) });
  return {
    ...m,
    async stop() {
      await m.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function listMails(webUrl: string): Promise<CaughtMail[]> {
  const res = await fetch(`${webUrl}/api/email`);
  if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
  const raw = (await res.json()) as Array<{ to?: Array<{ address: string }>; subject?: string; text?: string; date?: string; time?: string }>;
  return raw.map((m) => ({
    to: (m.to ?? []).map((t) => t.address),
    subject: m.subject ?? '',
    text: m.text ?? '',
    date: m.date ?? m.time ?? '',
  }));
}

export async function waitForMail(webUrl: string, predicate: (m: CaughtMail) => boolean, timeoutMs = 10_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listMails(webUrl)).find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no matching mail arrived');
    await new Promise((r) => setTimeout(r, 100));
  }
}
