// The profile's forms (personal information, a worker's employee
// information, a family member): the module mechanism's field controls
// (FieldInput of src/panes/module/fields.tsx: text, date and enum fields,
// labels from the `person` namespace) plus a choice among a people master
// list and a yes/no box. Only changed fields are sent; the server's field
// errors show under their fields in the user's language and nothing typed
// is lost; Ctrl/Cmd+Enter saves from any control, Escape cancels.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Named } from '../../api/contracts/person.js';
import type { FieldDef, ModuleDef } from '../../api/modules/define.js';
import { useServices } from '../../services.js';
import { FormActions, FormErrorLine, OptionSelect, useFormSubmit } from '../form.js';
import { FieldInput } from '../module/fields.js';

export type FormFieldSpec =
  | { name: string; def: FieldDef }
  /** A choice among a people master list's rows (the current value stays choosable when disabled). */
  | { name: string; options: readonly Named[]; current: Named | null }
  | { name: string; boolean: true };

/** FieldInput reads a definition's id (the locale namespace) and fields only. */
function formDef(fields: readonly FormFieldSpec[]): ModuleDef {
  const defs = Object.fromEntries(fields.flatMap((f) => ('def' in f ? [[f.name, f.def]] : [])));
  return { id: 'person', fields: defs } as unknown as ModuleDef;
}

function MasterSelect({ spec, value, error, onChange }: { spec: Extract<FormFieldSpec, { options: readonly Named[] }>; value: string; error?: string[] | undefined; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const options = spec.current && !spec.options.some((o) => o.id === spec.current!.id) ? [spec.current, ...spec.options] : spec.options;
  return <OptionSelect name={spec.name} label={t(`person:fields.${spec.name}`)} placeholder={t('person:employee.choose')} options={options} value={value} error={error} onChange={onChange} />;
}

function BooleanBox({ name, value, onChange }: { name: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="form-field inline-check">
      <input id={id} name={name} type="checkbox" checked={value === 'true'} onChange={(e) => onChange(e.target.checked ? 'true' : 'false')} />
      <label htmlFor={id}>{t(`person:fields.${name}`)}</label>
    </div>
  );
}

export function ProfileForm({
  label,
  fields,
  initial,
  save,
  onSaved,
  onCancel,
  sendAll = false,
}: {
  /** Names the form for assistive technology. */
  label: string;
  fields: readonly FormFieldSpec[];
  /** Values as text ('' = empty, 'true'/'false' for yes/no). */
  initial: Readonly<Record<string, string>>;
  save: (body: Record<string, unknown>) => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
  /** A new record: send every field, not only the changed ones. */
  sendAll?: boolean;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const def = useMemo(() => formDef(fields), [fields]);
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...initial }));
  const ref = useRef<HTMLFormElement>(null);
  // The first control takes the focus: type at once.
  useEffect(() => ref.current?.querySelector<HTMLElement>('input, select, textarea')?.focus(), []);

  const body = () => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const v = values[f.name] ?? '';
      if (!sendAll && v === (initial[f.name] ?? '')) continue;
      if ('boolean' in f) out[f.name] = v === 'true';
      else if ('def' in f && f.def.kind === 'text' && f.def.required) out[f.name] = v;
      else out[f.name] = v.trim() === '' ? null : v;
    }
    return out;
  };
  // A refusal stays on the form with what was typed; any other failure is the error dialog.
  const { error, pending, submit } = useFormSubmit(null, async (setError) => {
    await save(body());
    setError(null);
    onSaved();
  });
  const set = (name: string) => (v: string) => setValues((all) => ({ ...all, [name]: v }));
  return (
    <form
      ref={ref}
      className="record-form"
      aria-label={label}
      noValidate
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
        else if (e.key === 'Escape' && !(e.target instanceof HTMLElement && e.target.getAttribute('aria-expanded') === 'true')) {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <FormErrorLine error={error} />
      <div className="form-grid">
        {fields.map((f) =>
          'def' in f ? (
            <FieldInput key={f.name} m={def} name={f.name} api={api} value={values[f.name] ?? ''} error={error?.fields[f.name]} onChange={set(f.name)} />
          ) : 'options' in f ? (
            <MasterSelect key={f.name} spec={f} value={values[f.name] ?? ''} error={error?.fields[f.name]} onChange={set(f.name)} />
          ) : (
            <BooleanBox key={f.name} name={f.name} value={values[f.name] ?? 'false'} onChange={set(f.name)} />
          ),
        )}
      </div>
      <FormActions cancelLabel={t('person:form.cancel')} onCancel={onCancel} saveLabel={t('person:form.save')} pending={pending} keys="Ctrl ↵" />
    </form>
  );
}
