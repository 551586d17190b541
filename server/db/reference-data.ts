// The product's own reference data, written at every migrate (after the
// migrations, in their transaction): the marketplace catalogue
// (server/seed/app-catalogue.ts). Versioned with the code, so a release that
// adds an app adds it everywhere; apps an organisation has integrated are
// never removed (their rows stay, updated).
import { sql } from 'kysely';
import { CATALOGUE_APPS } from '../seed/app-catalogue.js';
import { TRACEABLE_APPS } from '../modules/app-alerts/traceable-apps.js';
import type { Tx } from './tenant.js';

export async function syncReferenceData(tx: Tx): Promise<void> {
  const rows = CATALOGUE_APPS.map((a, i) => ({
    id: a.id,
    name: a.name,
    vendor: a.vendor,
    category: a.category,
    website_url: a.websiteUrl,
    domains: a.domains,
    description_ja: a.description['ja-JP'],
    description_en: a.description['en-US'],
    connectors: a.connectors,
    logo_url: a.logo,
    display_order: i,
  }));
  await sql`INSERT INTO apps (id, name, vendor, category, website_url, domains, description_ja, description_en, connectors, logo_url, display_order)
    SELECT x.id, x.name, x.vendor, x.category, x.website_url, ARRAY(SELECT jsonb_array_elements_text(x.domains)), x.description_ja, x.description_en,
      ARRAY(SELECT jsonb_array_elements_text(x.connectors)), x.logo_url, x.display_order
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id text, name text, vendor text, category text, website_url text, domains jsonb,
      description_ja text, description_en text, connectors jsonb, logo_url text, display_order int)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, vendor = excluded.vendor, category = excluded.category, website_url = excluded.website_url,
      domains = excluded.domains, description_ja = excluded.description_ja, description_en = excluded.description_en,
      connectors = excluded.connectors, logo_url = excluded.logo_url, display_order = excluded.display_order`.execute(tx);
  await syncTraceableApps(tx);
}

/** The traceable apps of shadow-IT detection (0010): ids derived from the slug
 * (md5 shaped as a version-4 uuid), so every database names a product alike;
 * rows are updated, never removed. */
export async function syncTraceableApps(tx: Tx): Promise<void> {
  const rows = TRACEABLE_APPS.map((a, i) => ({ ...a, displayOrder: i }));
  await sql`INSERT INTO traceable_apps (id, slug, name, category, website_url, domains, integratable_app_id, avatar_url, display_order)
    SELECT (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18))::uuid, x.slug, x.name, x.category, x."websiteUrl", ARRAY(SELECT jsonb_array_elements_text(x.domains)),
      x."integratableAppId", x."avatarUrl", x."displayOrder"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(slug text, name text, category text, "websiteUrl" text, domains jsonb,
      "integratableAppId" text, "avatarUrl" text, "displayOrder" int)
    CROSS JOIN LATERAL md5('traceable-app:' || x.slug) AS h
    ON CONFLICT (slug) DO UPDATE SET name = excluded.name, category = excluded.category, website_url = excluded.website_url,
      domains = excluded.domains, integratable_app_id = excluded.integratable_app_id, avatar_url = excluded.avatar_url,
      display_order = excluded.display_order`.execute(tx);
}
