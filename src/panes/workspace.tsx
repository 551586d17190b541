// The staff workspace: the palette and key bindings from the command
// registry, the page, and a status line (route, locale, user).
import { useLocation, useRouter } from '@tanstack/react-router';
import { otherLocale, paneMessages, saveSessionLocale } from '../i18n.js';
import { PaneMessages } from './pane-messages.js';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.js';
import { featureFlag, getSession, type Session } from '../api/contracts/session.js';
import { scopeChain, useCommandBindings } from '../commands/bindings.js';
import { allCommands } from '../commands/all.js';
import { PaletteHost, togglePalette } from '../commands/palette-host.js';
import type { CommandContext } from '../commands/registry.js';
import { ShortcutSheet } from '../commands/shortcut-sheet.js';
import { CommandsContext } from '../commands/command-button.js';
import { HostSlot } from './host-slot.js';
import type { SplitProps } from './split.js';
import { useIsFetching, useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useDialogs } from './dialogs.js';
import { getSelection } from './status.js';
import { useServices } from '../services.js';
import { Breadcrumb } from './breadcrumb.js';
import { useSelectionCount } from './status.js';
import { setLayout, useLayout } from './layout.js';
import { SidePane } from './side-pane.js';
import { isChunkLoadError } from './screens.js';
import { keepFocus } from './keep-focus.js';
import { focusedGrid } from '../tables/grid-controller.js';

const commands = allCommands();

// Dark by default; the light theme is remembered per browser.
function applyTheme(theme: string) {
  document.documentElement.dataset.theme = theme;
}
applyTheme(localStorage.getItem('daicho.theme') ?? 'dark');
function toggleTheme() {
  const next = document.documentElement.dataset.theme === 'light' ? 'dark' : 'light';
  localStorage.setItem('daicho.theme', next);
  applyTheme(next);
}
// The scanner and its WebAssembly load only when asked for.
const ScannerDialog = lazy(() => import('../scanner/scanner.js').then((m) => ({ default: m.ScannerDialog })));
// The split (allotment) comes after the first paint; the main pane shows
// alone until then (it is not needed before a side pane opens). A chunk that
// cannot be fetched (a new build replaced it) leaves the main pane alone,
// not the workspace replaced by an error: a reload brings the split back.
const Split = lazy(() => import('./split.js').catch(() => ({ default: MainPaneAlone })));
function MainPaneAlone({ host }: SplitProps) {
  return <HostSlot host={host} />;
}

function Shell({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('auth');
  const { auth, api } = useServices();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const location = useLocation();
  const router = useRouter();
  // undefined until read; null when it could not be.
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [scannerOpen, setScannerOpen] = useState(false);
  // The main pane's element: the split and its stand-in each take it in (split.tsx).
  const [mainHost] = useState(() => Object.assign(document.createElement('div'), { className: 'main-host' }));
  const layout = useLayout();
  const selectionCount = useSelectionCount();
  const pending = useIsFetching() + useIsMutating();

  // Until the session is read (or has failed), the area-gated commands wait
  // (CommandContext.sessionPending), resolved once the context holds it.
  const sessionRead = session !== undefined;
  const [sessionWait] = useState(() => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  });
  useEffect(() => {
    api(getSession).then(setSession, () => setSession(null));
  }, [api]);
  useEffect(() => {
    if (sessionRead) sessionWait.resolve();
  }, [sessionRead, sessionWait]);
  // The panes' messages, fetched as soon as the frame is up: whatever shows
  // modules' words waits for them (<PaneMessages>); a command's toast or
  // confirm over a page without a built pane finds them too.
  useEffect(() => void paneMessages(i18n).catch(() => undefined), [i18n]);

  const ctx = useMemo<CommandContext>(
    () => ({
      navigate: (href) => void router.navigate({ href }),
      can: (area) => session?.accessibleScopes.includes(area) ?? false,
      sessionPending: () => (sessionRead ? null : sessionWait.promise),
      // Until the session is read (or if it cannot be), each flag's default.
      flag: (name) => featureFlag(session?.featureFlags, name),
      toggleTheme,
      togglePalette: () => togglePalette(scopeChain(document.activeElement)),
      grid: focusedGrid,
      openSide: (href) => setLayout({ side: href }),
      openScanner: () => setScannerOpen(true),
      signOut: async () => {
        auth.signOut();
        queryClient.clear();
        await router.invalidate();
        await router.navigate({ to: '/auth/sign-in' });
      },
      closeSide: () => setLayout({ side: null }),
      focusOtherPane: () => {
        const inSide = document.activeElement?.closest('.side-pane');
        // Into the main pane's grid when it has one, else the pane itself.
        const target = inSide
          ? (document.querySelector<HTMLElement>('.content [role="grid"]') ?? document.querySelector<HTMLElement>('.content'))
          : document.querySelector<HTMLElement>('.side-pane');
        target?.focus();
      },
      showShortcuts: () => setSheetOpen(true),
      path: () => router.state.location.pathname,
      search: () => router.state.location.search as Record<string, unknown>,
      setSearch: (patch) =>
        void router.navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, ...patch })) as never, replace: true }),
      api,
      dialogs,
      t: i18n.getFixedT(i18n.language),
      selection: getSelection,
      invalidate: (root) => queryClient.invalidateQueries({ queryKey: [root] }),
      reportError: (e) => {
        // 401 and 403 are handled by the API wrapper (sign-in, forbidden dialog).
        if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return;
        // A command's body that could not be fetched (a new build replaced it).
        if (isChunkLoadError(e)) return dialogs.showError({ title: i18n.t('error.unloadedTitle'), message: i18n.t('error.unloadedBody') });
        if (e instanceof ApiError && e.status < 500) dialogs.toast({ description: e.body.message, variant: 'destructive' });
        else dialogs.showError();
      },
      download: (url, filename) => {
        const a = document.createElement('a');
        a.href = url;
        a.download = filename;
        document.body.append(a);
        a.click();
        a.remove();
      },
      // The pane re-renders in the other language: the focus stays where it was.
      toggleLocale: () =>
        keepFocus(async () => {
          const fresh = await saveSessionLocale(api, otherLocale(i18n.language));
          setSession(fresh);
          await i18n.changeLanguage(fresh.locale);
        }),
    }),
    [router, session, sessionRead, sessionWait, i18n, api, auth, dialogs, queryClient, i18n.language],
  );
  useCommandBindings(commands, ctx);
  const runner = useMemo(() => ({ commands, ctx }), [ctx]);

  return (
    <CommandsContext.Provider value={runner}>
    <div className="workspace">
      <PaletteHost commands={commands} ctx={ctx} />
      {sheetOpen && (
        <PaneMessages>
          <ShortcutSheet commands={commands} onClose={() => setSheetOpen(false)} />
        </PaneMessages>
      )}
      {scannerOpen && (
        <PaneMessages>
          <ScannerDialog onClose={() => setScannerOpen(false)} onOpen={(href) => setLayout({ side: href })} />
        </PaneMessages>
      )}
      <header className="topbar">
        <span className="brand">台帳 Daicho</span>
        <Breadcrumb pathname={location.pathname} />
        <button type="button" className="link" onClick={() => void ctx.signOut()}>
          {t('signOut')}
        </button>
      </header>
      <div className="panes">
        {createPortal(
          <main className="content" tabIndex={-1} aria-label={t('common:layout.main')}>
            {children}
          </main>,
          mainHost,
        )}
        <Suspense fallback={<HostSlot host={mainHost} />}>
          <Split
            host={mainHost}
            sizes={layout.sizes ?? null}
            onSizes={(sizes) => setLayout({ sizes })}
            sideVisible={layout.side !== null}
            side={layout.side && <SidePane href={layout.side} onClose={() => setLayout({ side: null })} />}
          />
        </Suspense>
      </div>
      <footer className="statusline" aria-label="status">
        <span className="mono">{location.pathname}</span>
        {selectionCount > 0 && <span className="mono">{t('common:layout.selected', { count: selectionCount })}</span>}
        {pending > 0 && (
          <span className="mono" role="status">
            {t('common:layout.pending', { count: pending })}
          </span>
        )}
        <span className="mono">
          {session ? t('signedInAs', { email: session.account.email }) : ''} · {i18n.language}
        </span>
      </footer>
    </div>
    </CommandsContext.Provider>
  );
}

export function Workspace({ children }: { children: ReactNode }) {
  return (
    <Shell>{children}</Shell>
  );
}
