// What the organisation's form panes share (a unit's settings, a plan's
// create page, a draft plan's unit add / edit): the pane around the form,
// a unit's fields (name, code, parent among the units open on the date,
// display order) and its body, and the refusal of a date that is not one.
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormError, FormField, OptionSelect } from '../form.js';

export type UnitValues = { name: string; code: string; parentUnitId: string; displayOrder: string };
type UnitOption = { id: string; name: string; code: string | null; parentUnitId: string | null };

/** Ids of a unit and everything under it, from unit → parent. */
export function subtreeOf(id: string, units: readonly { id: string; parentUnitId: string | null }[]): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const u of units) {
      if (u.parentUnitId && out.has(u.parentUnitId) && !out.has(u.id)) {
        out.add(u.id);
        grew = true;
      }
    }
  }
  return out;
}

/** The form's error for a date field that names no calendar day. */
export const invalidDate = (t: (k: string) => string, field: string): FormError => ({
  message: t('errors:VALIDATION_ERROR'),
  fields: { [field]: [t('organization:baseDate.invalid')] },
});

/** Name, parent and display order as a request body carries them (an empty order is left out). */
export function unitBody(values: UnitValues) {
  const order = values.displayOrder.trim() === '' ? undefined : Number(values.displayOrder);
  return { name: values.name, parentUnitId: values.parentUnitId || null, ...(order === undefined ? {} : { displayOrder: order }) };
}

/** The pane of an organisation form: its title, then not found, loading or the form. */
export function OrgFormPane({ titleId = 'pane-title', title, missing, loading = false, children }: { titleId?: string; title: ReactNode; missing?: string | false; loading?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="pane" aria-labelledby={titleId} data-scope="pane:org-form">
      <h1 id={titleId} className="pane-title">
        {title}
      </h1>
      {missing ? (
        <p className="empty-state">{missing}</p>
      ) : loading ? (
        <p className="pending" role="status">
          {t('organization:unit.loading')}
        </p>
      ) : (
        children
      )}
    </section>
  );
}

/**
 * A unit's name, code, parent and display order (labels from `ns`:
 * organization:settings or organization:plans.unitForm). The parent is one
 * of `units` outside `excluded` (the unit and its sub-units), or the top.
 */
export function UnitFields({
  ns,
  values,
  set,
  error,
  nameRef,
  units,
  excluded,
  codeEditable = true,
  codeHint,
}: {
  ns: string;
  values: UnitValues;
  set: (k: keyof UnitValues, v: string) => void;
  error: FormError | null;
  nameRef: RefObject<HTMLInputElement | null>;
  units: readonly UnitOption[];
  excluded: ReadonlySet<string>;
  codeEditable?: boolean;
  codeHint?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField label={t(`${ns}.name`)} required error={error?.fields.name}>
        {(p) => <input {...p} ref={nameRef} type="text" maxLength={100} value={values.name} onChange={(e) => set('name', e.target.value)} />}
      </FormField>
      <FormField label={t(`${ns}.code`)} error={error?.fields.code} hint={codeHint}>
        {(p) => <input {...p} type="text" maxLength={50} value={values.code} readOnly={!codeEditable} onChange={(e) => set('code', e.target.value)} />}
      </FormField>
      <OptionSelect
        label={t(`${ns}.parent`)}
        placeholder={t('organization:unit.top')}
        options={units.filter((u) => !excluded.has(u.id) || u.id === values.parentUnitId)}
        optionLabel={(u) => `${u.name}${u.code ? ` (${u.code})` : ''}`}
        value={values.parentUnitId}
        error={error?.fields.parentUnitId}
        onChange={(v) => set('parentUnitId', v)}
      />
      <FormField label={t(`${ns}.displayOrder`)} error={error?.fields.displayOrder}>
        {(p) => <input {...p} type="number" min={0} value={values.displayOrder} onChange={(e) => set('displayOrder', e.target.value)} />}
      </FormField>
    </>
  );
}
