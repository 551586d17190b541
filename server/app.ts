// The HTTP application: one Hono app serving the API (/v2, /v3), the OpenAPI
// document, /healthz and, in `npm start`, the built console.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { OpenAPIHono } from '@hono/zod-openapi';
import { sql } from 'kysely';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ErrorBody } from '../src/api/contracts/errors.js';
import type { AppDeps } from './deps.js';
import { AppError } from './http/errors.js';
import { issueMessage, localeFromAcceptLanguage, t } from './http/i18n.js';
import { ListCache } from './http/list-cache.js';
import { migrationsDir } from './db/migrate.js';
import { registerRoutes } from './http/register.js';
import { mountExports } from './modules/module/csv.routes.js';
import type { AppEnv } from './http/route.js';
import { routeTable } from './routes.js';
import { LocalFileStorage } from './storage/local.js';
import { mountLocalFiles } from './storage/local.routes.js';
import { storageOrigin } from './storage/index.js';

const API_PREFIXES = ['/v2/', '/v3/'];
const isApiPath = (p: string) => API_PREFIXES.some((x) => p.startsWith(x)) || p === '/healthz';

export function fieldErrorsOf(locale: AppEnv['Variables']['locale'], issues: readonly z.core.$ZodIssue[]) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fieldErrors[key] ??= []).push(issueMessage(locale, issue));
  }
  return fieldErrors;
}

/** Origins the browser must reach besides our own: the identity pool. */
function connectSources(deps: AppDeps): string[] {
  const c = deps.config;
  const cognito = c.COGNITO_ENDPOINT ?? `https://cognito-idp.${c.COGNITO_REGION}.amazonaws.com`;
  const files = storageOrigin(c);
  return ["'self'", new URL(cognito).origin, ...(files ? [files] : [])];
}

/** Another schema may shape a list differently: its ETags differ. Replicas
 * of one build agree. */
const LIST_CACHE_SALT = fs.readdirSync(migrationsDir).sort().join(',');

export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const locale = c.get('locale');
      const body: ErrorBody = {
        code: 'VALIDATION_ERROR',
        message: t(locale, 'VALIDATION_ERROR'),
        fieldErrors: fieldErrorsOf(locale, result.error.issues),
      };
      return c.json(body, 400);
    },
  });

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 100) || crypto.randomUUID();
    c.set('requestId', requestId);
    c.set('locale', localeFromAcceptLanguage(c.req.header('accept-language')));
    c.header('x-request-id', requestId);
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const level = c.res.status >= 500 ? 'error' : 'info';
    deps.logger[level]({ requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  });

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...[storageOrigin(deps.config)].filter((o) => o !== null)],
        fontSrc: ["'self'"],
        connectSrc: connectSources(deps),
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      xFrameOptions: 'DENY',
      xContentTypeOptions: 'nosniff',
      referrerPolicy: 'no-referrer',
      strictTransportSecurity: 'max-age=31536000; includeSubDomains',
      crossOriginEmbedderPolicy: false,
    }),
  );

  app.get('/healthz', async (c) => {
    try {
      await sql`SELECT 1`.execute(deps.db);
      return c.json({ status: 'ok', database: 'up' });
    } catch {
      return c.json({ status: 'error', database: 'down' }, 503);
    }
  });

  registerRoutes(app, routeTable, deps, deps.config.LIST_CACHE_MB > 0 ? new ListCache(deps.config.LIST_CACHE_MB * 2 ** 20, LIST_CACHE_SALT) : null);
  mountExports(app, deps);
  // The local storage driver's signed file URLs (S3 serves its own).
  if (deps.storage instanceof LocalFileStorage) mountLocalFiles(app, deps.storage);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A Cognito access token of the configured user pool and client.',
  });
  app.doc31('/v2/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Daicho API', version: '2', description: 'The API behind the Daicho console.' },
  });

  if (deps.staticDir && fs.existsSync(path.join(deps.staticDir, 'index.html'))) {
    const root = path.relative(process.cwd(), deps.staticDir) || '.';
    const indexHtml = fs.readFileSync(path.join(deps.staticDir, 'index.html'), 'utf8');
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('cache-control', 'public, max-age=31536000, immutable');
    });
    app.use('*', async (c, next) => (isApiPath(c.req.path) ? next() : serveStatic({ root, precompressed: true })(c, next)));
    // Client-side routes: every other GET gets the console's index.html.
    app.get('*', async (c, next) => (isApiPath(c.req.path) ? next() : c.html(indexHtml)));
  }

  app.notFound((c) => {
    const locale = c.get('locale');
    const body: ErrorBody = {
      code: 'NOT_FOUND',
      message: t(locale, 'ROUTE_NOT_FOUND', { method: c.req.method, path: c.req.path }),
    };
    return c.json(body, 404);
  });

  app.onError((err, c) => {
    const locale = c.get('locale') ?? 'ja-JP';
    if (err instanceof AppError) {
      const body: ErrorBody = { code: err.code, message: t(locale, err.messageKey, err.vars) };
      if (err.code === 'FORBIDDEN') body.title = t(locale, 'FORBIDDEN_TITLE');
      if (err.fieldErrors) {
        body.fieldErrors = Object.fromEntries(
          Object.entries(err.fieldErrors).map(([k, v]) => [k, v.map((m) => t(locale, m))]),
        );
      }
      return c.json(body, err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's own 4xx: malformed JSON and the like.
      const body: ErrorBody = {
        code: 'VALIDATION_ERROR',
        message: t(locale, 'VALIDATION_ERROR'),
        fieldErrors: { _: [t(locale, 'validation.invalidJson')] },
      };
      return c.json(body, err.status as ContentfulStatusCode);
    }
    const requestId = c.get('requestId');
    deps.logger.error({ err, requestId, path: c.req.path }, 'unhandled error');
    const body: ErrorBody = { code: 'INTERNAL_ERROR', message: t(locale, 'INTERNAL_ERROR'), requestId };
    return c.json(body, 500);
  });

  return app;
}
