// The frame of the screens before a session (sign-in, invitation, password
// reset): the workspace and its key bindings are not there, so the frame
// binds the registry's language command itself (Ctrl+Cmd+L, the same command
// as in the workspace) and shows it as a button named in the other language.
// Signed out there is no session to save the choice to: i18n.ts keeps the
// language in this browser, and the sign-in that follows saves the choice to
// the session (sign-in.tsx), so the workspace opens in the language picked.
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.js';
import { otherLocale, rememberChosenLocale, saveSessionLocale } from '../i18n.js';
import { useCommandBindings } from '../commands/bindings.js';
import { localeCommand } from '../commands/global.commands.js';
import { type CommandContext, keyLabel, runCommand } from '../commands/registry.js';
import { useServices } from '../services.js';
import { useDialogs } from './dialogs.js';
import { isChunkLoadError } from './screens.js';

/** The commands these screens offer: only what works without a session. */
const AUTH_COMMANDS = [localeCommand];

// What the workspace's context offers and these screens have not (no grid,
// no panes, no palette): never reached, since only AUTH_COMMANDS are bound.
const unavailable = (what: string) => () => {
  throw new Error(`${what} is not available before sign-in`);
};

function useAuthContext(): CommandContext {
  const { i18n } = useTranslation();
  const { api, auth } = useServices();
  const dialogs = useDialogs();
  const router = useRouter();
  return useMemo<CommandContext>(
    () => ({
      navigate: (href) => void router.navigate({ href }),
      can: () => false,
      flag: () => false,
      toggleTheme: unavailable('toggleTheme'),
      toggleLocale: async () => {
        const next = otherLocale(i18n.language);
        // Someone signed in who opens these screens (the invitation or reset
        // link) keeps the choice in the session too, as in the workspace.
        if (auth.isSignedIn()) await i18n.changeLanguage((await saveSessionLocale(api, next)).locale);
        else {
          rememberChosenLocale(next);
          await i18n.changeLanguage(next);
        }
      },
      grid: () => null,
      openSide: unavailable('openSide'),
      closeSide: unavailable('closeSide'),
      focusOtherPane: unavailable('focusOtherPane'),
      openScanner: unavailable('openScanner'),
      signOut: unavailable('signOut'),
      togglePalette: unavailable('togglePalette'),
      showShortcuts: unavailable('showShortcuts'),
      path: () => router.state.location.pathname,
      search: () => router.state.location.search as Record<string, unknown>,
      setSearch: unavailable('setSearch'),
      api,
      dialogs,
      t: i18n.getFixedT(i18n.language),
      selection: () => [],
      invalidate: async () => undefined,
      download: unavailable('download'),
      reportError: (e) => {
        if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return;
        if (isChunkLoadError(e)) return dialogs.showError({ title: i18n.t('error.unloadedTitle'), message: i18n.t('error.unloadedBody') });
        if (e instanceof ApiError && e.status < 500) dialogs.toast({ description: e.body.message, variant: 'destructive' });
        else dialogs.showError();
      },
    }),
    // i18n.language: `t` and the next language follow a switch.
    [router, i18n, i18n.language, api, auth, dialogs],
  );
}

export function AuthFrame({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const ctx = useAuthContext();
  useCommandBindings(AUTH_COMMANDS, ctx);
  const other = otherLocale(i18n.language);
  return (
    <main className="auth-screen">
      {children}
      <div className="auth-language">
        {/* Named in the language it switches to, so a reader of either finds it. */}
        <button type="button" className="link" lang={other} aria-keyshortcuts="Control+Meta+L" onClick={() => void runCommand(localeCommand, ctx)}>
          {t('language.switch')} <kbd className="mono" aria-hidden="true">{keyLabel(localeCommand.keys!)}</kbd>
        </button>
      </div>
    </main>
  );
}
