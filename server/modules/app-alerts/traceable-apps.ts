// The traceable apps of shadow-IT detection: TRACEABLE_SAAS (one entry per
// domain, server/seed/app-catalogue.ts) grouped per product. A catalogue app
// is one product whatever its domains (slug = its app id, its logo); a SaaS
// outside the catalogue is keyed by its first domain ('chatgpt-com') and has
// no logo (the console draws its initial).
import { CATALOGUE_APPS, type SoftwareCategory, TRACEABLE_SAAS, traceableSaasOf } from '../../seed/app-catalogue.js';

export interface TraceableAppDef {
  slug: string;
  name: string;
  category: SoftwareCategory;
  websiteUrl: string;
  domains: string[];
  integratableAppId: string | null;
  avatarUrl: string | null;
}

const slugOfDomain = (domain: string) => domain.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

function build(): TraceableAppDef[] {
  const bySlug = new Map<string, TraceableAppDef>();
  const byName = new Map<string, string>();
  for (const saas of TRACEABLE_SAAS) {
    // Products outside the catalogue are one product per name.
    const slug = saas.integratableAppId ?? byName.get(saas.name) ?? slugOfDomain(saas.domain);
    if (!saas.integratableAppId) byName.set(saas.name, slug);
    const known = bySlug.get(slug);
    if (known) {
      known.domains.push(saas.domain);
      continue;
    }
    const app = saas.integratableAppId ? CATALOGUE_APPS.find((a) => a.id === saas.integratableAppId) : undefined;
    bySlug.set(slug, {
      slug,
      name: saas.name,
      category: saas.category,
      websiteUrl: app?.websiteUrl ?? `https://${saas.domain}/`,
      domains: [saas.domain],
      integratableAppId: saas.integratableAppId,
      avatarUrl: app?.logo ?? null,
    });
  }
  return [...bySlug.values()];
}

export const TRACEABLE_APPS: readonly TraceableAppDef[] = build();

const SLUG_BY_DOMAIN = new Map(TRACEABLE_APPS.flatMap((a) => a.domains.map((d) => [d, a.slug] as const)));

/** The traceable app's slug a URL's host belongs to (subdomains too), or null. */
export function traceableSlugOfUrl(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  const saas = traceableSaasOf(host);
  return saas ? (SLUG_BY_DOMAIN.get(saas.domain) ?? null) : null;
}
