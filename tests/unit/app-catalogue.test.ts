// The marketplace catalogue and the shadow-IT table: well-formed ids,
// categories and domains, a logo of our own for every app, and hostname
// lookup by exact domain or subdomain.
import fs from 'node:fs';
import path from 'node:path';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_APPS, SOFTWARE_CATEGORIES, TRACEABLE_SAAS, traceableSaasOf } from '../../server/seed/app-catalogue.js';

const publicDir = path.resolve('public'); // Vite's default publicDir (vite.config.ts sets none)
const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const hostname = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const categories: readonly string[] = SOFTWARE_CATEGORIES;

describe('app catalogue', () => {
  it('has 21 distinct categories and 40–50 apps', () => {
    expect(SOFTWARE_CATEGORIES).toHaveLength(21);
    expect(new Set(SOFTWARE_CATEGORIES).size).toBe(21);
    expect(CATALOGUE_APPS.length).toBeGreaterThanOrEqual(40);
    expect(CATALOGUE_APPS.length).toBeLessThanOrEqual(50);
  });

  it('has unique kebab-case ids', () => {
    const ids = CATALOGUE_APPS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id, id).toMatch(kebab);
  });

  it('puts every app in one of the 21 categories, and every category but other has an app', () => {
    for (const app of CATALOGUE_APPS) expect(categories, app.id).toContain(app.category);
    const used = new Set(CATALOGUE_APPS.map((a) => a.category));
    for (const category of SOFTWARE_CATEGORIES.filter((c) => c !== 'other')) expect(used.has(category), category).toBe(true);
  });

  it.each(CATALOGUE_APPS.map((a) => [a.id, a] as const))('%s has its fields filled in', (_id, app) => {
    expect(app.name.trim()).not.toBe('');
    expect(app.vendor.trim()).not.toBe('');
    expect(new URL(app.websiteUrl).protocol).toBe('https:');
    expect(app.description['ja-JP'].trim()).not.toBe('');
    expect(app.description['en-US'].trim()).not.toBe('');
    expect(app.description['ja-JP']).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(app.connectors).toContain('CSV');
    expect(new Set(app.connectors).size).toBe(app.connectors.length);
    for (const c of app.connectors) expect(['SCIM', 'CSV']).toContain(c);
    for (const d of app.domains) expect(d, d).toMatch(hostname);
  });

  it.each(CATALOGUE_APPS.map((a) => [a.id, a] as const))('%s has a logo of its own: a small, self-contained SVG with a title', (id, app) => {
    expect(app.logo).toBe(`/app-logos/${id}.svg`);
    const file = path.join(publicDir, app.logo);
    expect(fs.existsSync(file), file).toBe(true);
    const text = fs.readFileSync(file, 'utf8');
    expect(text.length).toBeLessThan(1024);
    // Nothing fetched from elsewhere: no links, images, external fonts or styles.
    expect(text).not.toMatch(/href|<image|@import|url\(/i);
    const doc = new new Window().DOMParser().parseFromString(text, 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const svg = doc.documentElement;
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect(svg.getAttribute('viewBox')).toBe('0 0 64 64');
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getElementsByTagName('title')[0]?.textContent).toBe(app.name);
  });

  it('has no logo files without an app', () => {
    const files = fs.readdirSync(path.join(publicDir, 'app-logos')).sort();
    expect(files).toEqual(CATALOGUE_APPS.map((a) => `${a.id}.svg`).sort());
  });
});

describe('traceable SaaS', () => {
  const appIds = new Set(CATALOGUE_APPS.map((a) => a.id));

  it('lists every domain once, and each domain finds its own entry', () => {
    const domains = TRACEABLE_SAAS.map((s) => s.domain);
    expect(new Set(domains).size).toBe(domains.length);
    for (const saas of TRACEABLE_SAAS) {
      expect(saas.domain).toMatch(hostname);
      expect(categories, saas.domain).toContain(saas.category);
      expect(traceableSaasOf(saas.domain)).toBe(saas);
    }
  });

  it('covers every catalogue domain with the app as its integratable app', () => {
    for (const app of CATALOGUE_APPS) {
      for (const domain of app.domains) {
        expect(TRACEABLE_SAAS.find((s) => s.domain === domain), domain).toEqual({ domain, name: app.name, category: app.category, integratableAppId: app.id });
      }
    }
    for (const saas of TRACEABLE_SAAS) if (saas.integratableAppId !== null) expect(appIds.has(saas.integratableAppId), saas.domain).toBe(true);
  });

  it('knows popular SaaS outside the catalogue', () => {
    const others = new Set(TRACEABLE_SAAS.filter((s) => s.integratableAppId === null).map((s) => s.name));
    expect(others.size).toBeGreaterThanOrEqual(15);
    for (const name of others) expect(CATALOGUE_APPS.some((a) => a.name === name), name).toBe(false);
  });

  it('finds a SaaS by exact domain or any subdomain', () => {
    expect(traceableSaasOf('app.slack.com')?.integratableAppId).toBe('slack');
    expect(traceableSaasOf('acme.slack.com')?.integratableAppId).toBe('slack');
    expect(traceableSaasOf('slack.com')?.name).toBe('Slack');
    expect(traceableSaasOf('APP.Slack.com.')?.integratableAppId).toBe('slack');
    expect(traceableSaasOf('acme.atlassian.net')?.integratableAppId).toBe('jira');
    expect(traceableSaasOf('analytics.google.com')?.integratableAppId).toBe('google-analytics');
  });

  it('finds nothing for look-alike or unknown hosts', () => {
    expect(traceableSaasOf('notslack.com')).toBeNull();
    expect(traceableSaasOf('slack.com.example.org')).toBeNull();
    expect(traceableSaasOf('google.com')).toBeNull();
    expect(traceableSaasOf('com')).toBeNull();
    expect(traceableSaasOf('')).toBeNull();
  });

  it('gives no integratable app for SaaS outside the catalogue, subdomains included', () => {
    const chatgpt = traceableSaasOf('chatgpt.com');
    expect(chatgpt?.name).toBe('ChatGPT');
    expect(chatgpt?.integratableAppId).toBeNull();
    expect(traceableSaasOf('auth.chatgpt.com')?.integratableAppId).toBeNull();
    expect(traceableSaasOf('chat.openai.com')?.name).toBe('ChatGPT');
    expect(traceableSaasOf('gemini.google.com')?.integratableAppId).toBeNull();
  });
});
