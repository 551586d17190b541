// i18next for the console. Each language's locale files form two chunks,
// loaded when the language is first used: the shell's namespaces
// (src/i18n/<lang>.ts: common, routes, commands, errors, auth), which the
// start awaits, and the panes' (src/i18n/<lang>.panes.ts), which every pane,
// the palette and the shortcut sheet wait for (paneMessages, through
// <PaneMessages> in src/panes/pane-messages.tsx): the sign-in screen and the
// workspace frame do not wait for the messages of fifteen modules. A start
// loads one language, not both, and switching loads the other's namespaces
// before the switch (i18next waits for its backend). ja-JP is the default;
// a failed set-up falls back to it (spec 8). The language on screen is kept
// in this browser: before sign-in it is the only choice there is (the
// screens before a session switch it without a session to save it to); a
// signed-in start then takes the session's.
import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ApiCall } from './api/client.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './api/contracts/common.js';
import { getSession, patchSessionLocale, type Session } from './api/contracts/session.js';

type Bundle = Record<string, Record<string, unknown>>;

type Part = 'shell' | 'panes';
type Load = () => Promise<{ default: Record<string, Record<string, unknown>> }>;

const BUNDLES: Record<Locale, Record<Part, Load>> = {
  'ja-JP': { shell: () => import('./i18n/ja-JP.js'), panes: () => import('./i18n/ja-JP.panes.js') },
  'en-US': { shell: () => import('./i18n/en-US.js'), panes: () => import('./i18n/en-US.panes.js') },
};

export const NAMESPACES = ['common', 'routes', 'commands', 'errors', 'auth'] as const;
const SHELL = new Set<string>(NAMESPACES);

const loaded = new Map<string, Promise<Bundle>>();

/** A language's namespaces of one part (file name → content), loaded once. */
function bundle(lng: string, part: Part): Promise<Bundle> {
  const load = BUNDLES[lng as Locale]?.[part];
  if (!load) return Promise.reject(new Error(`unsupported language ${lng}`));
  const key = `${lng}/${part}`;
  let p = loaded.get(key);
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
    p.catch(() => loaded.delete(key));
    loaded.set(key, p);
  }
  return p;
}

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, ns, callback) => {
    bundle(lng, SHELL.has(ns) ? 'shell' : 'panes').then(
      (b) => callback(null, b[ns] ?? {}),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

const panesLoaded = new WeakMap<i18n, Promise<void>>();

/**
 * The panes' namespaces in the instance's language (and i18next's fallback),
 * loaded once per instance: the same promise every time, so React's `use`
 * reads it settled after the first time. A later language switch loads them
 * for the new language itself (they are among the instance's namespaces by
 * then). A failed load is retried by the next caller.
 */
export function paneMessages(instance: i18n): Promise<void> {
  let p = panesLoaded.get(instance);
  if (!p) {
    p = bundle(instance.language, 'panes')
      .catch(() => bundle(DEFAULT_LOCALE, 'panes'))
      .then((b) => instance.loadNamespaces(Object.keys(b)));
    p.catch(() => panesLoaded.delete(instance));
    panesLoaded.set(instance, p);
  }
  return p;
}

const STORAGE_KEY = 'daicho.locale';
const isLocale = (v: unknown): v is Locale => (LOCALES as readonly unknown[]).includes(v);

/** The language last shown in this browser, if it is one of ours. */
export function storedLocale(): Locale | null {
  try {
    const v = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLocale(v) ? v : null;
  } catch {
    // Storage refused (a privacy mode): the default language.
    return null;
  }
}

function storeLocale(lng: string) {
  try {
    if (isLocale(lng)) globalThis.localStorage?.setItem(STORAGE_KEY, lng);
  } catch {
    // Not kept; the screen still switches.
  }
}

/** The language the switch goes to from `lng`. */
export const otherLocale = (lng: string): Locale => (lng === DEFAULT_LOCALE ? 'en-US' : DEFAULT_LOCALE);

/** Saves the account's language and reads the session back (the server's
 * word on it): the workspace's switch, the auth screens' when signed in, and
 * a sign-in that follows a choice made before it. */
export async function saveSessionLocale(api: ApiCall, locale: Locale): Promise<Session> {
  await api(patchSessionLocale, { body: { locale } });
  return api(getSession);
}

const CHOSEN_KEY = 'daicho.locale.chosen';

/** A language switched to on a screen before sign-in: an explicit choice,
 * which the sign-in that follows (in this tab) saves to the session, so that
 * the workspace opens in it rather than in the session's older one. */
export function rememberChosenLocale(lng: Locale): void {
  try {
    globalThis.sessionStorage?.setItem(CHOSEN_KEY, lng);
  } catch {
    // Not kept: the session's language applies after sign-in.
  }
}

/** The language chosen before sign-in, if any; forgotten once read. */
export function takeChosenLocale(): Locale | null {
  try {
    const v = globalThis.sessionStorage?.getItem(CHOSEN_KEY);
    globalThis.sessionStorage?.removeItem(CHOSEN_KEY);
    return isLocale(v) ? v : null;
  } catch {
    return null;
  }
}

export async function setupI18n(initial: Locale = storedLocale() ?? DEFAULT_LOCALE): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(backend).use(initReactI18next);
  try {
    // The shell's namespaces; the panes' come with the first pane (paneMessages).
    // A language whose messages cannot be loaded is not started in: the
    // default is, words and language tag alike (not English named over
    // Japanese words).
    const lng = await bundle(initial, 'shell').then(
      () => initial,
      () => bundle(DEFAULT_LOCALE, 'shell').then(() => DEFAULT_LOCALE),
    );
    await instance.init({
      lng,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      // A key with no message (none written, or its namespace not loaded yet:
      // a pane drawn before <PaneMessages>) shows as the bare key; say so in
      // the console, where the browser tests look (tests/e2e/messages.spec.ts).
      // A call that gives its own defaultValue expects to miss sometimes.
      saveMissing: true,
      missingKeyHandler: (lngs, ns, key, _fallback, _update, options) => {
        if ((options as { defaultValue?: unknown } | undefined)?.defaultValue !== undefined) return;
        console.warn(`[i18n] missing message ${ns}:${key} (${lngs.join(', ')})`);
      },
    });
  } catch {
    await instance.changeLanguage(DEFAULT_LOCALE).catch(() => undefined);
  }
  // From now on every switch is remembered (a sign-in's, the user's).
  instance.on('languageChanged', storeLocale);
  return instance;
}
