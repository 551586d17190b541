// Entry point of the console: locale resources, the identity pool session,
// the API client with its bearer token, and the route tree.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazyRouteComponent, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ApiError, createApiClient, type ApiCall } from './api/client.js';
import { getSession } from './api/contracts/session.js';
import { BrowserAuth } from './auth/session.js';
import { setupI18n } from './i18n.js';
import { type Dialogs, DialogsProvider, useDialogs } from './panes/dialogs.js';
import { Workspace } from './panes/workspace.js';
import { createAppRouter } from './routes/router.js';
import { ServicesContext } from './services.js';
import { boot } from './startup.js';
import './styles.css';

async function start(root: HTMLElement) {
  const i18n = await setupI18n();
  const auth = await BrowserAuth.start();
  const router = createAppRouter({
    context: { auth },
    Workspace,
    // The screens before a session load with their route: a signed-in start
    // (the usual one) never fetches them.
    SignIn: lazyRouteComponent(() => import('./panes/sign-in.js'), 'SignInPane'),
    Invitation: lazyRouteComponent(() => import('./panes/auth-screens.js'), 'InvitationPane'),
    PasswordReset: lazyRouteComponent(() => import('./panes/auth-screens.js'), 'PasswordResetPane'),
  });
  const call = createApiClient({ getToken: () => auth.accessToken(), getLocale: () => i18n.language });
  const dialogs: { current: Dialogs | null } = { current: null };
  const api: ApiCall = async (contract, input, init) => {
    try {
      return await call(contract, input, init);
    } catch (e) {
      // A failed auth check signs out and returns to sign-in (spec 2.2).
      if (e instanceof ApiError && e.status === 401 && e.body.code === 'UNAUTHENTICATED' && auth.isSignedIn()) {
        auth.signOut();
        await router.navigate({ to: '/auth/sign-in', search: { redirect: router.state.location.href } });
      }
      // Any 403 opens the forbidden dialog; its buttons depend on the account's access (spec 6).
      if (e instanceof ApiError && e.status === 403) {
        const session = await call(getSession).catch(() => null);
        dialogs.current?.showForbidden({
          title: e.body.title ?? '',
          message: e.body.message,
          operatorAccess: session?.operatorAccess ?? false,
          hasAccessibleScope: (session?.accessibleScopes.length ?? 0) > 0,
          individualAccess: session?.individualAccess ?? false,
        });
      }
      throw e;
    }
  };
  // A failure on our side (5xx) is nothing the user can fix on the page: once
  // a query has used its retries, or a change failed, the error dialog opens
  // with its default title and message (spec 8). Panes still show the failure
  // in place (a grid's error state, a form's message). Commands report their
  // own failures (registry.ts runCommand).
  const onServerError = (e: unknown) => {
    if (e instanceof ApiError && e.status >= 500) dialogs.current?.showError();
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onServerError }),
    mutationCache: new MutationCache({ onError: onServerError }),
    defaultOptions: { queries: { retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2, staleTime: 30_000 } },
  });
  // Hands the dialogs to the API wrapper above, which lives outside React.
  function DialogsBridge() {
    dialogs.current = useDialogs();
    return null;
  }
  if (auth.isSignedIn()) {
    const session = await api(getSession).catch(() => null);
    if (session) await i18n.changeLanguage(session.locale);
  }
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (lng) => (document.documentElement.lang = lng));
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ServicesContext.Provider value={{ auth, api }}>
            <DialogsProvider navigate={(href) => void router.navigate({ href })}>
              <DialogsBridge />
              <RouterProvider router={router} />
            </DialogsProvider>
          </ServicesContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void boot(document, start);
