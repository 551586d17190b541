// The local mail catcher of `npm start` and the tests: MailDev in a process
// of its own. A mail the server sends shows in its inbox; a port already
// taken is a clear error naming the ports and the settings to change; once
// stopped, nothing listens any more.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { freePortSet } from '../../server/local/cognito-local.js';
import { startMailDev } from '../../server/local/maildev.js';
import { createMailer } from '../../server/mail/mailer.js';
import { startTestMailDev, waitForMail } from '../support/maildev.js';

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

describe('local MailDev', () => {
  const started: { stop(): Promise<void> }[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const m of started) await m.stop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('catches a mail sent over SMTP and shows it in its inbox', async () => {
    const maildev = await startTestMailDev();
    started.push(maildev);
    const mailer = createMailer({ smtpUrl: maildev.smtpUrl, from: 'daicho@example.test' });
    try {
      await mailer.send({ to: 'sato@example.test', subject: '招待のお知らせ', text: 'Daicho へようこそ' });
    } finally {
      mailer.close();
    }
    const mail = await waitForMail(maildev.webUrl, (m) => m.subject === '招待のお知らせ');
    expect(mail.to).toEqual(['sato@example.test']);
    expect(mail.text).toContain('Daicho へようこそ');
  });

  it('says which ports are taken and what to set instead; stopped, it no longer listens', async () => {
    const [smtpPort, webPort] = (await freePortSet(2)) as [number, number];
    const logger = pino({ level: 'silent' });
    const dir = (name: string) => {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), `daicho-maildev-${name}-`));
      dirs.push(d);
      return d;
    };
    const first = await startMailDev({ smtpPort, webPort, dataDir: dir('a'), logger });
    started.push(first);
    expect(await accepts(smtpPort)).toBe(true);
    const second = startMailDev({ smtpPort, webPort, dataDir: dir('b'), logger });
    await expect(second).rejects.toThrow(`MailDev could not listen on 127.0.0.1:${smtpPort} (SMTP) and 127.0.0.1:${webPort} (web)`);
    await expect(second).rejects.toThrow('Set MAILDEV_SMTP_PORT/MAILDEV_WEB_PORT, or SMTP_URL');
    // The first one still catches mail: the failed start left it alone.
    expect(await accepts(smtpPort)).toBe(true);
    await first.stop();
    expect(await accepts(smtpPort)).toBe(false);
    expect(await accepts(webPort)).toBe(false);
  });
});
