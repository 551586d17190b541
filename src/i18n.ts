// i18next for the console. Each language's locale files form one chunk
// (src/i18n/<lang>.ts), loaded when the language is first used: a start
// loads one language, not both, and switching loads the other before the
// switch (i18next waits for its backend). ja-JP is the default; a failed
// set-up falls back to it (spec 8).
import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './api/contracts/common.js';

type Bundle = Record<string, Record<string, unknown>>;

const BUNDLES: Record<Locale, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  'ja-JP': () => import('./i18n/ja-JP.js'),
  'en-US': () => import('./i18n/en-US.js'),
};

const loaded = new Map<string, Promise<Bundle>>();

/** A language's namespaces (file name → content), loaded once. */
function bundle(lng: string): Promise<Bundle> {
  const load = BUNDLES[lng as Locale];
  if (!load) return Promise.reject(new Error(`unsupported language ${lng}`));
  let p = loaded.get(lng);
  if (!p) {
    p = load().then(({ default: files }) => {
      const out: Bundle = {};
      for (const [file, content] of Object.entries(files)) {
        const ns = file.match(/\/([^/]+)\.json$/)?.[1];
        if (ns) out[ns] = content;
      }
      return out;
    });
    // A failed load may be retried (the next switch tries again).
    p.catch(() => loaded.delete(lng));
    loaded.set(lng, p);
  }
  return p;
}

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, ns, callback) => {
    bundle(lng).then(
      (b) => callback(null, b[ns] ?? {}),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

export const NAMESPACES = ['common', 'routes', 'commands', 'errors', 'auth'] as const;

export async function setupI18n(initial: Locale = DEFAULT_LOCALE): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(backend).use(initReactI18next);
  try {
    // Every namespace of the language is in its chunk: declare them all so
    // none is fetched lazily later (which would suspend a pane).
    const namespaces = Object.keys(await bundle(initial).catch(() => bundle(DEFAULT_LOCALE)));
    await instance.init({
      lng: initial,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: namespaces.length ? namespaces : [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } catch {
    await instance.changeLanguage(DEFAULT_LOCALE).catch(() => undefined);
  }
  return instance;
}
