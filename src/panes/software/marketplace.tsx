// The software marketplace (spec 2.3 Software, 2.6 "Software marketplace"):
// the catalogue from GET /v2/apps and GET /v2/app-categories, filtered by
// the URL's `text` and `categoryId`. A category list with app counts, a
// search box, and app cards (our own logos) that the keyboard walks: arrows
// and j/k move (commands of scope pane:marketplace-cards, see
// src/commands/marketplace.commands.ts), Enter opens. When a call returns
// nothing the pane says which one (spec 5, 8): 'Failed to fetch apps' /
// 'Failed to fetch app categories'.
import './marketplace.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type App, listAppCategories, listApps } from '../../api/contracts/software.js';
import { SOFTWARE_CATEGORIES, type SoftwareCategory } from '../../api/modules/software.js';
import { CommandButton } from '../../commands/command-button.js';
import { formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import { SoftwareTabs } from './software-tabs.js';

export const MARKETPLACE_PATH = '/software/marketplace';
export const appHref = (id: string) => `${MARKETPLACE_PATH}/${encodeURIComponent(id)}`;

/** A URL's categoryId, when it is one of the 21 (anything else: no filter). */
export const validCategory = (v: unknown): SoftwareCategory | undefined =>
  typeof v === 'string' && (SOFTWARE_CATEGORIES as readonly string[]).includes(v) ? (v as SoftwareCategory) : undefined;


function AppCard({ app, index, active, onFocus }: { app: App; index: number; active: boolean; onFocus: (i: number) => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link to={appHref(app.id)} className="app-card" tabIndex={active ? 0 : -1} data-card-index={index} onFocus={() => onFocus(index)}>
        <img src={app.avatarUrl} alt="" width={40} height={40} />
        <span>
          <span className="name">{app.name}</span>
          {app.integrationCount > 0 && <span className="pill accent">{t('marketplace:card.integrated', { count: app.integrationCount })}</span>}
        </span>
        <span className="meta">
          {app.vendor} · {t(`software:enums.category.${app.categoryId}`)}
        </span>
        <span className="desc">{app.description}</span>
      </Link>
    </li>
  );
}

export function MarketplacePane() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { text?: string; categoryId?: string };
  const categoryId = validCategory(search.categoryId);
  const text = search.text?.trim() || undefined;
  const [typed, setTyped] = useState(search.text ?? '');
  const [active, setActive] = useState(0);
  const cardsRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const focusedOnce = useRef(false);

  const apps = useQuery({
    queryKey: ['apps', 'list', categoryId ?? null, text ?? null, i18n.language],
    queryFn: ({ signal }) => api(listApps, { query: { categoryId, freeText: text } }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const categories = useQuery({
    queryKey: ['apps', 'categories', i18n.language],
    queryFn: ({ signal }) => api(listAppCategories, {}, { signal }),
    retry: false,
  });

  // The search box writes `text` to the URL 250 ms after the last keystroke.
  useEffect(() => {
    if (typed === (search.text ?? '')) return;
    const timer = setTimeout(
      () => void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, text: typed.trim() ? typed : undefined })) as never, replace: true }),
      250,
    );
    return () => clearTimeout(timer);
  }, [typed, search.text, navigate]);
  // A URL changed elsewhere (a command, back/forward) shows in the box.
  useEffect(() => setTyped(search.text ?? ''), [search.text]);
  useEffect(() => setActive(0), [categoryId, text]);

  // In the main pane the first card takes the focus once, so the arrows work at once.
  const items = apps.data?.items;
  useEffect(() => {
    if (focusedOnce.current || !items?.length) return;
    focusedOnce.current = true;
    const el = document.activeElement;
    if (!el || el === document.body || el.matches('main.content')) cardsRef.current?.querySelector<HTMLElement>('a.app-card')?.focus();
  }, [items]);

  const total = categories.data?.items.reduce((n, c) => n + c.appCount, 0);
  const appsFailed = apps.isError || (apps.isSuccess && !apps.data);
  const categoriesFailed = categories.isError || (categories.isSuccess && !categories.data);
  const categoryHref = (id: string | undefined) => ({ search: ((prev: Record<string, unknown>) => ({ ...prev, categoryId: id })) as never });

  return (
    <section className="pane" aria-labelledby="pane-title" data-scope="pane:marketplace">
      <h1 id="pane-title" className="pane-title">
        {t('routes:pages.marketplace')}
      </h1>
      <SoftwareTabs />
      <div className="list-toolbar">
        <input
          ref={searchRef}
          type="search"
          className="list-filter market-search"
          aria-label={t('marketplace:search.label')}
          placeholder={t('marketplace:search.placeholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            // Back to the cards without the mouse (Escape keeps the text).
            if (e.key !== 'Escape' && e.key !== 'ArrowDown') return;
            e.preventDefault();
            cardsRef.current?.querySelector<HTMLElement>('a.app-card')?.focus();
          }}
        />
        <span className="toolbar-actions">
          <CommandButton id="marketplace.chooseCategory" />
          <CommandButton id="marketplace.clearFilters" />
        </span>
      </div>
      <div className="market">
        <nav className="market-categories" aria-labelledby="market-categories-title">
          <h2 id="market-categories-title">{t('marketplace:categories.heading')}</h2>
          {categoriesFailed ? (
            <p role="alert" className="form-error">
              {t('marketplace:errors.fetchCategories')}
            </p>
          ) : (
            <ul>
              <li>
                <Link to="." {...categoryHref(undefined)} aria-current={categoryId ? undefined : 'page'}>
                  <span>{t('marketplace:categories.all')}</span>
                  <span className="mono">{total === undefined ? '' : formatNumber(i18n.language, total)}</span>
                </Link>
              </li>
              {categories.data?.items.map((c) => (
                <li key={c.id}>
                  <Link to="." {...categoryHref(c.id)} aria-current={categoryId === c.id ? 'page' : undefined} className={c.appCount ? undefined : 'empty'}>
                    <span>{c.name}</span>
                    <span className="mono">{formatNumber(i18n.language, c.appCount)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <div className="market-results">
          <h2 id="market-apps-title">
            {categoryId ? t(`software:enums.category.${categoryId}`) : t('marketplace:categories.all')}
            {items && <span className="mono"> · {t('marketplace:appCount', { count: items.length })}</span>}
          </h2>
          {appsFailed ? (
            <p role="alert" className="form-error">
              {t('marketplace:errors.fetchApps')}
            </p>
          ) : !items ? (
            <p className="muted" role="status">
              {t('pending')}
            </p>
          ) : items.length === 0 ? (
            <p className="empty-state">{t('marketplace:empty')}</p>
          ) : (
            <ul ref={cardsRef} className="app-cards" aria-labelledby="market-apps-title" data-scope="pane:marketplace-cards" aria-busy={apps.isFetching}>
              {items.map((app, i) => (
                <AppCard key={app.id} app={app} index={i} active={i === Math.min(active, items.length - 1)} onFocus={setActive} />
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
