// i18next for the console, with every locale file bundled (no network fetch
// at start). ja-JP is the default; a failed set-up falls back to it (spec 8).
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './api/contracts/common.js';

const modules = import.meta.glob('../locales/*/*.json', { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>;

export function localeResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, content] of Object.entries(modules)) {
    const m = file.match(/locales\/([^/]+)\/([^/]+)\.json$/);
    if (!m) continue;
    const [, lang = '', ns = ''] = m;
    (resources[lang] ??= {})[ns] = content;
  }
  return resources;
}

export const NAMESPACES = ['common', 'routes', 'commands', 'errors', 'auth'] as const;

export async function setupI18n(initial: Locale = DEFAULT_LOCALE): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  try {
    await instance.init({
      resources: localeResources(),
      lng: initial,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } catch {
    await instance.changeLanguage(DEFAULT_LOCALE).catch(() => undefined);
  }
  return instance;
}
