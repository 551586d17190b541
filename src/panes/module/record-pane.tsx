// A module's record page (view, edit, history), its add page and its
// add-select page, from the definition. The record view lists every field;
// `e` (or the Edit button) switches to the form, Escape back.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.js';
import { moduleContracts, type ModuleRow } from '../../api/modules/contracts.js';
import type { ModuleDef } from '../../api/modules/define.js';
import { formatCurrency, formatDateTime } from '../../format.js';
import { useServices } from '../../services.js';
import { usePanePath, usePaneParams } from '../pane-path.js';
import { displayValue, enumLabel, fieldLabel, moneyCurrency } from './fields.js';
import { recordHref } from './module-list.js';
import { RecordForm } from './record-form.js';

function History({ m, id }: { m: ModuleDef; id: string }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const history = useQuery({
    queryKey: [m.id, 'history', id],
    queryFn: ({ signal }) => api(moduleContracts(m).history, { params: { [m.api.idParam]: id } as never }, { signal }),
  });
  const show = (field: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '—';
    const f = m.fields[field];
    if (f?.kind === 'enum') return enumLabel(t, m, field, String(v));
    const currency = moneyCurrency(f);
    return currency && Number.isFinite(Number(v)) ? formatCurrency(i18n.language, Number(v), currency) : String(v);
  };
  return (
    <section className="history" aria-labelledby={`${id}-history`}>
      <h2 id={`${id}-history`}>{t('module.history')}</h2>
      {history.data?.items.length === 0 && <p className="muted">{t('module.noHistory')}</p>}
      <ol className="history-list">
        {history.data?.items.map((h, i) => (
          <li key={i}>
            <span className="mono">{formatDateTime(i18n.language, h.at)}</span> {h.actor ?? t('module.system')} · {t(`module.action.${h.action}`)}
            {h.action === 'UPDATE' && (
              <ul>
                {h.changes.map((c) => (
                  <li key={c.field}>
                    {m.fields[c.field] ? fieldLabel(t, m, c.field) : t('module.status')}: <span className="mono">{show(c.field, c.before)}</span> →{' '}
                    <span className="mono">{show(c.field, c.after)}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ModuleRecordPane({ m }: { m: ModuleDef }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { side } = usePanePath();
  const { id = '' } = usePaneParams(m.paths.record ?? '');
  const [editing, setEditing] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const row = useQuery({
    queryKey: [m.id, 'get', id],
    queryFn: ({ signal }) => api(moduleContracts(m).get, { params: { [m.api.idParam]: id } as never }, { signal }),
    retry: false,
  });
  useEffect(() => setEditing(false), [id]);
  // In the main pane the record takes the focus, so its keys (e) work at once.
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!side && row.data && focused.current !== id) {
      focused.current = id;
      ref.current?.focus();
    }
  }, [side, row.data, id]);
  // The registry's edit command (`e`) asks the focused record pane to edit.
  useEffect(() => {
    const el = ref.current;
    const edit = () => setEditing(true);
    el?.addEventListener('daicho:edit', edit);
    return () => el?.removeEventListener('daicho:edit', edit);
  }, [row.data]);
  const titleId = side ? 'side-pane-title' : 'pane-title';
  if (row.error) {
    return (
      <section className="pane" aria-labelledby={titleId}>
        <h1 id={titleId} className="pane-title">
          {t(`${m.id}:title`)}
        </h1>
        <p role="alert" className="form-error">
          {row.error instanceof ApiError ? row.error.body.message : String(row.error)}
        </p>
        <Link to={m.paths.list}>{t('module.backToList')}</Link>
      </section>
    );
  }
  const data: ModuleRow | undefined = row.data;
  return (
    <section
      ref={ref}
      className="pane record"
      aria-labelledby={titleId}
      aria-busy={!data}
      tabIndex={-1}
      data-scope={`pane:${m.id}.record`}
    >
      <h1 id={titleId} className="pane-title">
        <span className="muted">{t(`${m.id}:title`)} /</span> {data ? String(data[m.titleField] ?? '') : '…'}
      </h1>
      {data && !editing && (
        <>
          <div className="form-actions left">
            <button type="button" onClick={() => setEditing(true)}>
              {t('commands:module.edit')} <kbd className="mono">e</kbd>
            </button>
            {side && (
              <Link to={recordHref(m, data.id)} className="button secondary">
                {t('module.openMain')}
              </Link>
            )}
          </div>
          <dl className="record-fields">
            {Object.keys(m.fields).map((name) => (
              <div key={name}>
                <dt>{fieldLabel(t, m, name)}</dt>
                <dd className={m.fields[name]?.kind === 'text' ? undefined : 'mono'}>{displayValue(t, i18n.language, m, name, data) || '—'}</dd>
              </div>
            ))}
            <div>
              <dt>{fieldLabel(t, m, 'createdAt')}</dt>
              <dd className="mono">{displayValue(t, i18n.language, m, 'createdAt', data)}</dd>
            </div>
          </dl>
        </>
      )}
      {data && editing && (
        <RecordForm
          key={data.updatedAt}
          m={m}
          row={data}
          onSaved={() => {
            setEditing(false);
            ref.current?.focus();
          }}
          onCancel={() => {
            setEditing(false);
            ref.current?.focus();
          }}
        />
      )}
      {data && <History m={m} id={data.id} />}
    </section>
  );
}

export function ModuleAddPane({ m }: { m: ModuleDef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="pane" aria-labelledby="pane-title">
      <h1 id="pane-title" className="pane-title">
        {t(`${m.id}:title`)} / {t('commands:module.add')}
      </h1>
      <RecordForm m={m} row={null} onSaved={(row) => void navigate({ href: recordHref(m, row.id) })} onCancel={() => void navigate({ to: m.paths.list })} />
    </section>
  );
}

/** How to add: one record by the form, or many by a CSV file. */
export function ModuleAddSelectPane({ m }: { m: ModuleDef }) {
  const { t } = useTranslation();
  return (
    <section className="pane" aria-labelledby="pane-title">
      <h1 id="pane-title" className="pane-title">
        {t(`${m.id}:title`)} / {t('routes:pages.add-select')}
      </h1>
      <ul className="choice-list">
        {m.paths.add && (
          <li>
            <Link to={m.paths.add}>{t('module.addOne')}</Link>
          </li>
        )}
        {m.paths.importCsv && (
          <li>
            <Link to={m.paths.importCsv}>{t('module.addMany')}</Link>
          </li>
        )}
      </ul>
    </section>
  );
}
