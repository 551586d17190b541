// `npm start` as a user runs it: the real server process with every embedded
// default (PGlite on disk, its own cognito-local and MailDev), signed into
// with a printed demo account; stopped with SIGTERM and started again, it
// keeps every row.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client.js';
import { getAuthConfig } from '../../src/api/contracts/auth.js';
import { getSession, patchSessionLocale } from '../../src/api/contracts/session.js';
import { signIn } from '../support/cognito.js';
import { freePorts, type Ports, startServer, stopServer } from '../support/server-process.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-start-'));
let child: ChildProcess | null = null;

async function start(ports: Ports) {
  const server = await startServer({ dataDir, ports });
  child = server.proc;
  return server;
}
const stop = (proc: ChildProcess) => stopServer(proc, 20_000);

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('runs with demo data on embedded defaults and keeps it across a restart', { timeout: 180_000 }, async () => {
    const ports = await freePorts();
    const base = `http://127.0.0.1:${ports.http}`;
    const first = await start(ports);
    const banner = first.output();
    expect(banner).toContain(`Daicho is running: ${base}`);
    expect(banner).toContain(`Mail inbox (MailDev): http://127.0.0.1:${ports.web}`);
    for (const email of ['admin@daicho.example', 'it-operator@daicho.example', 'individual@daicho.example']) expect(banner).toContain(email);
    const password = banner.match(/admin@daicho\.example\s+(\S+)/)![1]!;

    const health = await fetch(`${base}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
    const anon = createApiClient({ baseUrl: base });
    const auth = await anon(getAuthConfig);
    expect(auth).toMatchObject({ authFlow: 'USER_PASSWORD_AUTH', endpoint: `http://127.0.0.1:${ports.cognito}` });
    const login = async () => {
      const tokens = await signIn({ endpoint: auth.endpoint!, userPoolId: auth.userPoolId, clientId: auth.clientId, email: 'admin@daicho.example', password });
      return createApiClient({ baseUrl: base, getToken: () => tokens.accessToken });
    };
    let api = await login();
    const session = await api(getSession);
    expect(session.accessibleScopes).toHaveLength(6);
    expect(session.locale).toBe('ja-JP');
    await api(patchSessionLocale, { body: { locale: 'en-US' } });
    const console = await fetch(`${base}/some/console/route`);
    expect(console.headers.get('content-type')).toContain('text/html');

    expect(await stop(first.proc)).toBe(0);

    const second = await start(ports);
    api = await login();
    const again = await api(getSession);
    expect(again.locale).toBe('en-US');
    expect(again.organization).toEqual(session.organization);
    expect(second.output()).not.toContain('failed');
    expect(await stop(second.proc)).toBe(0);
  });
});
