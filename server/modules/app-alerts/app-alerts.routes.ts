// App alerts and shadow IT (contracts: src/api/contracts/app-alerts.ts): the
// counts, the account alert lists across live integrations, the CSV export,
// the shadow-IT lists, the ingestion token and endpoint, and the custom-SaaS
// install that turns a shadow-IT app into sanctioned software.
import { sql } from 'kysely';
import * as A from '../../../src/api/contracts/app-alerts.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { ensureSoftware } from '../software/software.routes.js';
import { countAccountAlerts, listAccountAlerts } from './alert-accounts.js';
import { alertsExport } from './csv.js';
import { ingestVisits, newIngestionToken, orgOfToken, setIngestionToken, tokenStatus } from './ingestion.js';
import { countShadowItApps, listShadowItApps, listShadowItVisits, traceableApp } from './shadow-it.js';

const bearer = (header: string | undefined) => header?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;

export function appAlertRoutes(): AnyRoute[] {
  const routes = [
    defineRoute(A.countAppAlerts, async (_i, { tx }) => {
      const accounts = await countAccountAlerts(tx);
      return { counts: { SHADOW_IT: await countShadowItApps(tx), ...accounts } };
    }),
    defineRoute(A.listAlertUsers, async ({ query }, { tx }) => listAccountAlerts(tx, query)),
    defineRoute(A.exportAppAlertsCsv, async ({ query }, { auth, locale, deps }) => alertsExport(deps, auth, locale, query)),

    defineRoute(A.listShadowItApps, async ({ query }, { tx }) => listShadowItApps(tx, query)),
    defineRoute(A.listShadowItVisits, async ({ query }, { tx }) => listShadowItVisits(tx, query)),
    defineRoute(A.getTraceableApp, async ({ params }, { tx }) => {
      const app = await traceableApp(tx, params.traceableAppId);
      if (!app) throw notFound();
      return app;
    }),

    defineRoute(A.getIngestionToken, async (_i, { tx }) => {
      const row = await tokenStatus(tx);
      return { exists: !!row, hint: row?.hint ?? null, createdAt: row?.created_at.toISOString() ?? null, ingestPath: A.SHADOW_IT_INGEST_PATH };
    }),
    defineRoute(A.rotateIngestionToken, async (_i, { tx, auth }) => {
      const token = newIngestionToken();
      const row = await setIngestionToken(tx, auth.orgId, auth.accountId, token);
      return { exists: true, hint: row.hint, createdAt: row.created_at.toISOString(), ingestPath: A.SHADOW_IT_INGEST_PATH, token };
    }),
    // Public as a route (no signed-in user): the ingestion token is the
    // credential. The body is validated before the token is looked at (the
    // route's middleware validates first); a bad token is 401 either way.
    defineRoute(A.ingestVisits, async ({ body }, { c, tx }) => {
      const token = bearer(c.req.header('authorization'));
      const orgId = token ? await orgOfToken(tx, token) : null;
      if (!orgId) throw new AppError(401, 'UNAUTHENTICATED', 'appAlerts:ingestion.badToken');
      // From here on row-level security shows only the token's organisation.
      await sql`SELECT set_config('app.org_id', ${orgId}, true)`.execute(tx);
      return ingestVisits(tx, orgId, body.events);
    }),

    defineRoute(A.createCustomApp, async ({ body }, { tx, auth }) => {
      const traceable = body.traceableSaasId ? await traceableApp(tx, body.traceableSaasId) : null;
      if (body.traceableSaasId && !traceable) throw fieldError('traceableSaasId', 'validation.reference');
      const row = (
        await sql<{ id: string; app_id: null; name: string; custom_app: boolean; custom_saas_type: string; software_id: null }>`
          INSERT INTO app_integrations (org_id, name, custom_app, custom_saas_type, tenant_name)
          VALUES (${auth.orgId}, ${body.name}, true, ${body.customSaasType}, ${body.tenantName || null})
          RETURNING id, app_id, name, custom_app, custom_saas_type, software_id`.execute(tx)
      ).rows[0]!;
      const softwareId = await ensureSoftware(tx, auth.orgId, row);
      await sql`UPDATE software SET website_url = ${body.websiteUrl || traceable?.websiteUrl || null}, traceable_app_id = ${traceable?.id ?? null},
        category = coalesce(category, ${traceable?.category ?? null}) WHERE id = ${softwareId}`.execute(tx);
      return { appIntegrationId: row.id, softwareId };
    }),
  ];
  return routes as unknown as AnyRoute[];
}
