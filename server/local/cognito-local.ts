// The cognito-local emulator for `npm start` and the tests: a child process
// (it reads PORT/HOST at load and keeps data in ./.cognito under its working
// directory, so each data dir gets its own process), then an idempotent
// provisioning of the pool and the public console client.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Logger } from 'pino';

export interface LocalCognito {
  endpoint: string;
  region: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
  jwksUrl: string;
  stop(): Promise<void>;
}

export const LOCAL_REGION = 'local';
const POOL_NAME = 'daicho-local';
const CLIENT_NAME = 'daicho-console';

export async function freePort(): Promise<number> {
  return (await freePortSet(1))[0]!;
}

/** Binds `port` (0: any) on loopback and holds it; null when it is taken. */
function hold(port: number): Promise<net.Server | null> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(null));
    srv.listen(port, '127.0.0.1', () => resolve(srv));
  });
}

/**
 * `count` different free loopback ports. Each is held until all are chosen:
 * a port closed right away can be handed out again by the next ask, and two
 * services of one process on one port fail to start (EADDRINUSE). Any free
 * port, or ports tried at random `within` a range (each checked by binding it).
 */
export async function freePortSet(count: number, within?: { start: number; size: number }): Promise<number[]> {
  const held: net.Server[] = [];
  try {
    for (let tries = 0; held.length < count; tries++) {
      if (within && tries >= within.size) throw new Error(`no ${count} free ports in ${within.start}–${within.start + within.size - 1}`);
      const srv = await hold(within ? within.start + Math.floor(Math.random() * within.size) : 0);
      if (srv) held.push(srv);
      else if (!within) throw new Error('no free port');
    }
    return held.map((srv) => (srv.address() as net.AddressInfo).port);
  } finally {
    await Promise.all(held.map((srv) => new Promise<void>((resolve) => srv.close(() => resolve()))));
  }
}

/** A client for the emulator: any credentials pass. */
export function emulatorClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

async function waitUntilUp(endpoint: string, child: ChildProcess, output: () => string, port: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`cognito-local exited (code ${child.exitCode}) before answering on port ${port}:\n${output()}`);
    }
    try {
      await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`cognito-local did not answer on port ${port} within 20 s (is the port in use?)\n${output()}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

async function provision(endpoint: string): Promise<{ userPoolId: string; clientId: string }> {
  const idp = emulatorClient(endpoint);
  try {
    const pools = await idp.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((p) => p.Name === POOL_NAME)?.Id;
    if (!userPoolId) {
      const created = await idp.send(
        new CreateUserPoolCommand({
          PoolName: POOL_NAME,
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
        }),
      );
      userPoolId = created.UserPool!.Id!;
    }
    const clients = await idp.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
    let clientId = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
    if (!clientId) {
      const created = await idp.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: CLIENT_NAME,
          GenerateSecret: false,
          ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH'],
        }),
      );
      clientId = created.UserPoolClient!.ClientId!;
    }
    return { userPoolId, clientId };
  } finally {
    idp.destroy();
  }
}

export async function startCognitoLocal(opts: {
  dataDir: string;
  port: number;
  host?: string;
  logger: Logger;
  fixedCode?: string;
}): Promise<LocalCognito> {
  const host = opts.host ?? '127.0.0.1';
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const pkg = createRequire(import.meta.url).resolve('cognito-local/package.json');
  const bin = path.join(path.dirname(pkg), 'lib', 'bin', 'start.js');
  // Exits with this process even if it is killed outright (exit-with-parent.cjs).
  const watchdog = fileURLToPath(new URL('./exit-with-parent.cjs', import.meta.url));
  const child = spawn(process.execPath, ['-r', watchdog, bin], {
    cwd: opts.dataDir,
    env: {
      PATH: process.env.PATH,
      PORT: String(opts.port),
      HOST: host,
      ...(opts.fixedCode ? { CODE: opts.fixedCode } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const collect = (d: Buffer) => {
    const s = String(d);
    output = (output + s).slice(-4000);
    for (const line of s.split('\n')) if (line.trim()) opts.logger.debug(line.trim());
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const endpoint = `http://${host}:${opts.port}`;
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilUp(endpoint, child, () => output, opts.port);
    const { userPoolId, clientId } = await provision(endpoint);
    const issuer = `${endpoint}/${userPoolId}`;
    return { endpoint, region: LOCAL_REGION, userPoolId, clientId, issuer, jwksUrl: `${issuer}/.well-known/jwks.json`, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
