// One marketplace app (spec 2.3 /software/marketplace/{id}): logo, name,
// vendor, category, description, website, connectors, and the
// organisation's integrations of it; the install dialog (a native <dialog>:
// focus kept inside, Escape closes). The dialog is open while the URL says
// installDialogDefaultOpen=true: the spec's "open at load" flag, which the
// install command (`i`, palette) also sets and closing removes, so the URL
// owns the dialog as it owns list state. Not found (spec 8): the custom-app
// marker, or an app the catalogue does not have.
import './marketplace.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.js';
import { type App, CUSTOM_APP_ID, getApp, installApp, listIntegrations } from '../../api/contracts/software.js';
import { CommandButton } from '../../commands/command-button.js';
import { formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import { Modal } from '../dialogs.js';
import { usePanePath, usePaneParams } from '../pane-path.js';
import { MARKETPLACE_PATH } from './marketplace.js';
import { IntegrationsTable } from './integrations-table.js';

export const MARKETPLACE_APP_PATH = '/software/marketplace/$id';
export const FINISH_PATH = '/software/marketplace/install/finish';

/** The finish page's URL, form-encoded (URLSearchParams: spaces as '+'). */
export function finishHref(search: { result: 'success' | 'error'; appIntegrationId?: string; errorMessage?: string }): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) if (v) sp.set(k, v);
  return `${FINISH_PATH}?${sp.toString()}`;
}

/** A failed call as one line for the finish page: the server's message, then its field errors. */
function failureText(e: unknown): string {
  if (!(e instanceof ApiError)) return e instanceof Error ? e.message : String(e);
  const fields = Object.values(e.body.fieldErrors ?? {}).flat();
  return [e.body.message, ...fields].join(' ').slice(0, 1900);
}

export function AppNotFound({ id }: { id: string }) {
  const { t } = useTranslation();
  const { side } = usePanePath();
  const titleId = side ? 'side-pane-title' : 'pane-title';
  return (
    <section className="pane" aria-labelledby={titleId}>
      <h1 id={titleId} className="pane-title">
        {t('marketplace:notFound.title')}
      </h1>
      <p>{id === CUSTOM_APP_ID ? t('marketplace:notFound.custom') : t('marketplace:notFound.body', { id })}</p>
      <Link to={MARKETPLACE_PATH}>{t('marketplace:app.backToMarketplace')}</Link>
    </section>
  );
}

function InstallDialog({ app, onClose }: { app: App; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useId();
  const [tenant, setTenant] = useState('');
  const install = useMutation({
    mutationFn: () => api(installApp, { body: { appId: app.id, ...(tenant.trim() ? { tenantName: tenant.trim() } : {}) } }),
    onSuccess: async (r) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['apps'] }), queryClient.invalidateQueries({ queryKey: ['software'] })]);
      void navigate({ href: finishHref({ result: 'success', appIntegrationId: r.appIntegrationId }) });
    },
    onError: (e) => void navigate({ href: finishHref({ result: 'error', errorMessage: failureText(e) }) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!install.isPending) install.mutate();
  };
  return (
    <Modal labelledBy={`${id}-title`} onCancel={onClose}>
      <h2 id={`${id}-title`}>{t('marketplace:install.title', { name: app.name })}</h2>
      <form onSubmit={submit} noValidate>
        <div className="form-field">
          <label htmlFor={`${id}-tenant`}>{t('marketplace:install.tenantName')}</label>
          <input
            id={`${id}-tenant`}
            name="tenantName"
            type="text"
            autoComplete="off"
            maxLength={200}
            value={tenant}
            aria-describedby={`${id}-hint`}
            data-autofocus
            onChange={(e) => setTenant(e.target.value)}
          />
          <p id={`${id}-hint`} className="muted">
            {t('marketplace:install.tenantHint', { name: app.name })}
          </p>
        </div>
        <div className="modal-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" disabled={install.isPending}>
            {install.isPending ? t('marketplace:install.installing') : t('marketplace:install.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function MarketplaceAppPane() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const { side } = usePanePath();
  const { id = '' } = usePaneParams(MARKETPLACE_APP_PATH);
  const search = useSearch({ strict: false }) as { installDialogDefaultOpen?: boolean };
  const ref = useRef<HTMLElement>(null);
  const marker = id === CUSTOM_APP_ID;
  const app = useQuery({
    queryKey: ['apps', 'get', id, i18n.language],
    queryFn: ({ signal }) => api(getApp, { params: { id } }, { signal }),
    enabled: !marker && id !== '',
    retry: false,
  });
  // The organisation's integrations of this app (the list filters by name; the app id decides).
  const integrations = useQuery({
    queryKey: ['apps', 'integrations', id, app.data?.name],
    enabled: !!app.data,
    queryFn: async ({ signal }) => {
      const r = await api(listIntegrations, { query: { status: 'ALL', text: app.data!.name, pageSize: 1000 } }, { signal });
      return r.items.filter((i) => i.appId === id);
    },
  });
  const titleId = side ? 'side-pane-title' : 'pane-title';
  const data = app.data;
  // In the main pane the page takes the focus, so `i` works at once.
  useEffect(() => {
    if (!side && data) ref.current?.focus();
  }, [side, data]);

  if (marker || (app.error instanceof ApiError && app.error.status === 404)) return <AppNotFound id={id} />;
  const dialogOpen = !side && !!data && search.installDialogDefaultOpen === true;
  const closeDialog = () => {
    void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, installDialogDefaultOpen: undefined })) as never, replace: true });
    ref.current?.focus();
  };

  return (
    <section ref={ref} className="pane" aria-labelledby={titleId} aria-busy={!data} tabIndex={-1} data-scope="pane:marketplace-app">
      {app.error ? (
        <>
          <h1 id={titleId} className="pane-title">
            {t('routes:pages.marketplace-app')}
          </h1>
          <p role="alert" className="form-error">
            {app.error instanceof ApiError ? app.error.body.message : t('marketplace:errors.fetchApps')}
          </p>
          <Link to={MARKETPLACE_PATH}>{t('marketplace:app.backToMarketplace')}</Link>
        </>
      ) : !data ? (
        <h1 id={titleId} className="pane-title">
          {t('pending')}
        </h1>
      ) : (
        <>
          <div className="app-head">
            <img className="app-logo large" src={data.avatarUrl} alt={t('marketplace:app.logo', { name: data.name })} width={64} height={64} />
            <div>
              <h1 id={titleId} className="pane-title">
                {data.name}
              </h1>
              <span className="muted">{data.vendor}</span>
              <span className="pill">{t(`software:enums.category.${data.categoryId}`)}</span>
            </div>
          </div>
          <div className="form-actions left">
            <CommandButton id="marketplace.install" className="" />
            <Link to={MARKETPLACE_PATH} className="button secondary">
              {t('marketplace:app.backToMarketplace')}
            </Link>
          </div>
          <dl className="facts">
            <dt>{t('marketplace:app.vendor')}</dt>
            <dd>{data.vendor}</dd>
            <dt>{t('marketplace:app.category')}</dt>
            <dd>{t(`software:enums.category.${data.categoryId}`)}</dd>
            <dt>{t('marketplace:app.website')}</dt>
            <dd>
              <a href={data.websiteUrl} target="_blank" rel="noopener noreferrer">
                {data.websiteUrl}
                <span className="visually-hidden"> {t('marketplace:app.newTab')}</span>
              </a>
            </dd>
            <dt>{t('marketplace:app.connectors')}</dt>
            <dd>{data.connectors.map((c) => t(`marketplace:app.connector.${c}`)).join(' / ')}</dd>
            <dt>{t('marketplace:app.description')}</dt>
            <dd>{data.description}</dd>
          </dl>
          <h2 className="section-title" id="app-integrations-title">
            {t('marketplace:app.integrations')}
            <span className="mono"> · {formatNumber(i18n.language, data.integrationCount)}</span>
          </h2>
          {integrations.data && integrations.data.length === 0 && <p className="empty-state">{t('marketplace:app.noIntegrations')}</p>}
          {!!integrations.data?.length && (
            <IntegrationsTable items={integrations.data} labelledBy="app-integrations-title" />
          )}
          {dialogOpen && <InstallDialog app={data} onClose={closeDialog} />}
        </>
      )}
    </section>
  );
}
