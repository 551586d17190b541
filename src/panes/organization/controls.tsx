// The base date and view controls shared by the chart, the unit page and the
// plan page. The URL owns both: baseDate (absent = today), viewMode and
// isCompactView. The date is typed as YYYY-MM-DD (also 2024/4/1 or
// 20240401) and shown on Enter; an invalid entry stays in the box with a
// message. The commands of scopes pane:org-date and pane:org-view do the
// same by key ([ and ] a month, Shift+T today, Shift+D the field, v, Shift+C).
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewMode } from '../../api/contracts/organization.js';
import { parseDateInput } from './dates.js';

/** Sets search keys of the page on screen (replace: the URL is state, not history). */
export function useSetSearch() {
  const navigate = useNavigate();
  return (patch: Record<string, unknown>) =>
    void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, ...patch })) as never, replace: true });
}

/** baseDate for the URL: today is the absence of a date. */
export const baseDateParam = (date: string, today: string) => (date === today ? undefined : date);

export function BaseDateField({ value, onChange }: { value: string; onChange: (date: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(value);
    setInvalid(false);
  }, [value]);
  const commit = () => {
    const date = parseDateInput(text);
    if (!date) return setInvalid(true);
    setInvalid(false);
    setText(date);
    if (date !== value) onChange(date);
  };
  return (
    <div className="org-date">
      <label htmlFor={id}>{t('organization:baseDate.label')}</label>
      <input
        id={id}
        className="org-date-input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={12}
        value={text}
        placeholder="YYYY-MM-DD"
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          if (parseDateInput(text)) commit();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          } else if (e.key === 'Escape') {
            // Back to the chart without the mouse (the typed date is dropped).
            e.preventDefault();
            setText(value);
            setInvalid(false);
            document.querySelector<HTMLElement>('[role="tree"] [role="treeitem"][tabindex="0"], [role="grid"]')?.focus();
          }
        }}
      />
      <span id={`${id}-hint`} className={invalid ? 'field-error' : 'hint'} role={invalid ? 'alert' : undefined}>
        {invalid ? t('organization:baseDate.invalid') : t('organization:baseDate.hint')}
      </span>
    </div>
  );
}

export function ViewControls({ viewMode, compact }: { viewMode: ViewMode; compact: boolean }) {
  const { t } = useTranslation();
  const setSearch = useSetSearch();
  const name = useId();
  return (
    <fieldset className="org-view">
      <legend>{t('organization:view.label')}</legend>
      {(['hierarchy', 'tree'] as const).map((mode) => (
        <label key={mode}>
          <input type="radio" name={name} value={mode} checked={viewMode === mode} onChange={() => setSearch({ viewMode: mode })} />
          {t(`organization:view.${mode}`)}
        </label>
      ))}
      <label>
        <input type="checkbox" checked={compact} onChange={(e) => setSearch({ isCompactView: e.target.checked })} />
        {t('organization:view.compact')}
      </label>
    </fieldset>
  );
}

/** The note under the date: the organisation as it was, is or will be. */
export function dateNote(t: (k: string, o?: Record<string, unknown>) => string, date: string, today: string, formatted: string): string {
  if (date < today) return t('organization:baseDate.past', { date: formatted });
  if (date > today) return t('organization:baseDate.future', { date: formatted });
  return t('organization:baseDate.today');
}
