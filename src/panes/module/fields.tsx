// A module's fields in the console, by kind: grid cells, readable values and
// form inputs, all derived from the definition (src/api/modules). Labels come
// from the module's locale namespace: `<module>:fields.<name>`,
// `<module>:enums.<field>.<VALUE>` (or the shared namespace the module names
// in `labels`).
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiCall } from '../../api/client.js';
import { devicesForSelect, placeSelect, workersForSelect } from '../../api/contracts/pickers.js';
import { moduleContracts, type ModuleRow } from '../../api/modules/contracts.js';
import { type FieldDef, fieldKey, labelNamespace, type ModuleDef, REF_TARGETS, type RefTarget } from '../../api/modules/define.js';
import { moduleById } from '../../api/modules/index.js';
import { formatCurrency, formatDate, formatDateTime, formatNumber } from '../../format.js';
import type { GridColumn } from '../../tables/data-grid.js';
import { type ChoiceOption, OptionList } from '../chooser.js';

/** A field's label in the user's language. */
export const fieldLabel = (t: TFunction, m: ModuleDef, name: string) => t(fieldKey(m, name));
export const enumLabel = (t: TFunction, m: ModuleDef, name: string, value: string) => t(`${labelNamespace(m)}:enums.${name}.${value}`);

/** The text a reference object shows. */
export function refText(v: unknown): string {
  if (!v || typeof v !== 'object') return '';
  const o = v as Record<string, unknown>;
  return String(o.name ?? o.placeLabel ?? '');
}

/** The currency a money field is shown in: the row's own `currencyCode` when
 * it has one (spec 3: contracts), else the field's; null for a plain number. */
export function moneyCurrency(f: FieldDef | undefined, row?: ModuleRow): string | null {
  if (f?.kind !== 'integer' || !f.money) return null;
  const own = row?.currencyCode;
  return typeof own === 'string' && /^[A-Z]{3}$/.test(own) ? own : f.money;
}

/** A field's value as text, in the console's language. */
export function displayValue(t: TFunction, locale: string, m: ModuleDef, name: string, row: ModuleRow): string {
  if (name === 'createdAt' || name === 'updatedAt') return formatDateTime(locale, row[name]);
  const f = m.fields[name];
  const v = row[name];
  if (!f || v === null || v === undefined) return '';
  switch (f.kind) {
    case 'enum':
      return enumLabel(t, m, name, String(v));
    case 'date':
      return formatDate(locale, String(v));
    case 'integer': {
      const currency = moneyCurrency(f, row);
      return currency ? formatCurrency(locale, Number(v), currency) : formatNumber(locale, Number(v));
    }
    case 'ref':
      return refText(row[f.as]);
    default:
      return String(v);
  }
}

const WIDTH: Record<FieldDef['kind'], number> = { text: 180, enum: 140, date: 120, integer: 110, ref: 170 };

/** Grid columns of the module's list. Sortable where the list sorts by the field. */
export function gridColumns(t: TFunction, locale: string, m: ModuleDef): GridColumn<ModuleRow>[] {
  const sortOf = Object.fromEntries(Object.entries(m.list.sort).map(([col, field]) => [field, col]));
  const cols: GridColumn<ModuleRow>[] = m.list.columns.map((name) => {
    const f = m.fields[name];
    const col: GridColumn<ModuleRow> = {
      id: name,
      header: fieldKey(m, name),
      width: name === m.titleField ? 240 : name === 'createdAt' ? 150 : f ? WIDTH[f.kind] : 140,
      cell: (row) => displayValue(t, locale, m, name, row),
    };
    if (sortOf[name]) col.sortColumn = sortOf[name];
    return col;
  });
  if (m.disableable) cols.push({ id: 'disabled', header: 'module.status', width: 90, cell: (row) => (row.disabled ? t('module.disabled') : t('module.enabled')) });
  return cols;
}

/** Options for a reference field, by typed text (pickers, filters, bulk). */
export async function refOptions(api: ApiCall, to: RefTarget, q: string, signal?: AbortSignal, ids: string[] = []): Promise<ChoiceOption[]> {
  const opts = signal ? { signal } : {};
  const query = { freeText: q, limit: 30, ids };
  switch (to) {
    case 'worker':
      return (await api(workersForSelect, { query }, opts)).items.map((w) => ({ value: w.id, label: w.name, hint: w.primaryWorkerEmail ?? undefined }));
    case 'place':
      return (await api(placeSelect, { query }, opts)).items.map((p) => ({ value: p.id, label: p.name }));
    case 'device':
      return (await api(devicesForSelect, { query }, opts)).items.map((p) => ({ value: p.id, label: p.name }));
    default: {
      // A target backed by a module: its enabled rows.
      const mod = moduleById(REF_TARGETS[to].module ?? '');
      if (!mod) return [];
      const list = await api(moduleContracts(mod).list, { query: { freeText: q || undefined, includeDisabled: 'false', pageSize: 30 } as never }, opts);
      return list.items.map((r) => ({ value: r.id, label: String(r.name), hint: r.code ? String(r.code) : undefined }));
    }
  }
}

/** Choices for an enum field. */
export const enumOptions = (t: TFunction, m: ModuleDef, name: string): ChoiceOption[] => {
  const f = m.fields[name];
  return f?.kind === 'enum' ? f.values.map((v) => ({ value: v, label: enumLabel(t, m, name, v) })) : [];
};

/** A form value: text as typed; the form turns it into the field's type on save. */
export type FormValues = Record<string, string>;

export function toFormValues(m: ModuleDef, row: ModuleRow | null): FormValues {
  const out: FormValues = {};
  for (const name of Object.keys(m.fields)) {
    const v = row?.[name];
    out[name] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/** Form values → request body: '' is null (cleared), integers parsed.
 * Only fields that differ from `base` when a base is given (PATCH). */
export function toBody(m: ModuleDef, values: FormValues, base?: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(m.fields)) {
    if (f.readOnly) continue;
    const v = values[name] ?? '';
    if (base && (base[name] ?? '') === v) continue;
    if (v.trim() === '' && f.kind !== 'text') body[name] = null;
    else if (f.kind === 'integer') body[name] = /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v;
    else if (f.kind === 'text') body[name] = f.required ? v : v.trim() === '' ? null : v;
    else body[name] = v;
  }
  return body;
}

interface InputProps {
  m: ModuleDef;
  name: string;
  value: string;
  /** For a reference: the label of the current value. */
  valueLabel?: string;
  error?: string[] | undefined;
  onChange: (value: string, label?: string) => void;
  api: ApiCall;
}

/** One labelled form control for a field, with its error below it. */
export function FieldInput({ m, name, value, valueLabel, error, onChange, api }: InputProps) {
  const { t } = useTranslation();
  const id = useId();
  const f = m.fields[name] as FieldDef;
  const describedBy = error?.length ? `${id}-err` : undefined;
  const common = {
    id,
    name,
    'aria-invalid': error?.length ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': f.required || undefined,
  } as const;
  let control: ReactNode;
  switch (f.kind) {
    case 'enum':
      control = (
        <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">—</option>
          {f.values.map((v) => (
            <option key={v} value={v}>
              {enumLabel(t, m, name, v)}
            </option>
          ))}
        </select>
      );
      break;
    case 'date':
      control = <input {...common} type="date" value={value} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'integer':
      control = <input {...common} type="text" inputMode="numeric" className="mono" value={value} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'ref':
      control = <RefPicker {...common} to={f.to} value={value} label={valueLabel ?? ''} onChange={onChange} api={api} />;
      break;
    default:
      control = f.multiline ? (
        <textarea {...common} rows={3} maxLength={f.max * 2} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" value={value} onChange={(e) => onChange(e.target.value)} />
      );
  }
  return (
    <div className={`form-field${error?.length ? ' invalid' : ''}`}>
      <label htmlFor={id}>
        {fieldLabel(t, m, name)}
        {f.required && <span aria-hidden="true"> *</span>}
      </label>
      {control}
      {error?.length ? (
        <p id={`${id}-err`} className="field-error" role="alert">
          {error.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

/** A combobox over a reference target: type to search, arrows to move,
 * Enter to pick, Delete on an empty text to clear. */
function RefPicker(props: {
  id: string;
  to: RefTarget;
  value: string;
  label: string;
  onChange: (value: string, label?: string) => void;
  api: ApiCall;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
}) {
  const { t } = useTranslation();
  const { id, to, value, label, onChange, api } = props;
  const [text, setText] = useState(label);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<ChoiceOption[]>([]);
  const [active, setActive] = useState(0);
  const typed = useRef(false);
  useEffect(() => setText(label), [label]);
  useEffect(() => {
    if (!open) return;
    const ctrl = new AbortController();
    const q = typed.current ? text : '';
    const timer = setTimeout(() => refOptions(api, to, q, ctrl.signal).then(setOptions, () => undefined), 150);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [open, text, api, to]);
  const pick = (o: ChoiceOption | undefined) => {
    if (!o) return;
    typed.current = false;
    onChange(o.value ?? '', o.label);
    setText(o.label);
    setOpen(false);
  };
  return (
    <div className="ref-picker">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && options.length ? `${id}-o${active}` : undefined}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        value={text}
        placeholder={t('chooser.filter')}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          typed.current = false;
          setText(label);
        }}
        onChange={(e) => {
          typed.current = true;
          setText(e.target.value);
          setActive(0);
          setOpen(true);
          if (e.target.value === '' && value) onChange('', '');
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, options.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Enter' && open) pick(options[active]);
          else if (e.key === 'Escape' && open) setOpen(false);
          else return;
          e.preventDefault();
          e.stopPropagation();
        }}
      />
      {open && (
        <OptionList id={id} className="ref-options" label={t('chooser.filter')} options={options} active={active} onPick={(i) => pick(options[i])} />
      )}
    </div>
  );
}
