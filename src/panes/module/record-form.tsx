// The form of a module's record, for adding and editing: one control per
// writable field (by kind), server field errors under their fields in the
// user's language, and nothing the user typed is lost on an error.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.js';
import { moduleContracts, type ModuleRow } from '../../api/modules/contracts.js';
import type { ModuleDef } from '../../api/modules/define.js';
import { useServices } from '../../services.js';
import { FieldInput, refText, toBody, toFormValues } from './fields.js';

export function RecordForm({
  m,
  row,
  preset,
  onSaved,
  onCancel,
}: {
  m: ModuleDef;
  row: ModuleRow | null;
  /** Values a new record starts with (an add page that fixes its type). */
  preset?: Record<string, string>;
  onSaved: (row: ModuleRow) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const c = moduleContracts(m);
  const base = useMemo(() => toFormValues(m, row), [m, row]);
  const [values, setValues] = useState(() => (row ? base : { ...base, ...preset }));
  const [labels, setLabels] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(m.fields).flatMap(([name, f]) => (f.kind === 'ref' && row ? [[name, refText(row[f.as])]] : []))),
  );
  const [error, setError] = useState<{ message: string; fields: Record<string, string[]> } | null>(null);

  const save = useMutation({
    mutationFn: async () => {
      if (row) return api(c.update, { params: { [m.api.idParam]: row.id } as never, body: toBody(m, values, base) as never });
      return api(c.create, { body: toBody(m, values) as never });
    },
    onSuccess: async (saved) => {
      setError(null);
      await queryClient.invalidateQueries({ queryKey: [m.id] });
      onSaved(saved);
    },
    onError: (e) => setError(e instanceof ApiError ? { message: e.body.message, fields: e.body.fieldErrors ?? {} } : { message: String(e), fields: {} }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const names = Object.entries(m.fields).filter(([, f]) => !f.readOnly).map(([n]) => n);
  return (
    <form
      className="record-form"
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        // Ctrl/Cmd+Enter saves from any control, the memo too.
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
        else if (e.key === 'Escape' && onCancel && !(e.target instanceof HTMLElement && e.target.getAttribute('aria-expanded') === 'true')) onCancel();
      }}
    >
      {error && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      <div className="form-grid">
        {names.map((name) => (
          <FieldInput
            key={name}
            m={m}
            name={name}
            api={api}
            value={values[name] ?? ''}
            valueLabel={labels[name] ?? ''}
            error={error?.fields[name]}
            onChange={(v, label) => {
              setValues((all) => ({ ...all, [name]: v }));
              if (label !== undefined) setLabels((all) => ({ ...all, [name]: label }));
            }}
          />
        ))}
      </div>
      <div className="form-actions">
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            {t('dialog.cancel')}
          </button>
        )}
        <button type="submit" disabled={save.isPending}>
          {t('module.save')} <kbd className="mono">Ctrl ↵</kbd>
        </button>
      </div>
    </form>
  );
}
