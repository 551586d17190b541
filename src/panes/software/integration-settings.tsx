// The settings tab of an app integration (spec 2.3, 7 settings calls, 8):
// status, tenant, custom app, contract, pricing plan, features, connection
// (SCIM or CSV), MDM and deletion. Each form saves by its button or
// Ctrl/Cmd+Enter; a refused save keeps what the user typed and shows the
// server's field errors in the user's language; the outcome is a toast
// (the external tenant's success toast reads 'Success!!', spec 8). Status,
// MDM, refresh and deletion are commands (integration.commands.ts); the
// buttons here run the same commands.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../api/client.js';
import {
  type AppIntegration,
  BILLING_CYCLE_UNITS,
  CURRENCIES,
  LINEAR_UNITS,
  PRICING_MODELS,
  authenticateIntegration,
  getIntegrationSettings,
  updateCustomApp,
  updateCustomAppContract,
  updateExternalTenant,
  updateFeatures,
  updatePricingPlan,
} from '../../api/contracts/software.js';
import { CUSTOM_SAAS_TYPES } from '../../api/contracts/software-enums.js';
import { CommandButton } from '../../commands/command-button.js';
import { formatDateTime } from '../../format.js';
import { useServices } from '../../services.js';
import { useDialogs } from '../dialogs.js';
import { INTEGRATION_KEY, IntegrationFrame } from './integration-frame.js';

type Values = Record<string, string>;
type FieldErrors = Record<string, string[]>;

/** One settings form: values as typed, server field errors, a toast when saved. */
function useSettingsForm(initial: Values, save: (v: Values) => Promise<{ success: boolean }>, successText?: string) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const client = useQueryClient();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<{ message: string; fields: FieldErrors } | null>(null);
  const m = useMutation({
    mutationFn: () => save(values),
    onSuccess: async (r) => {
      if (!r.success) {
        dialogs.toast({ variant: 'destructive', description: t('integrations:toast.updateError') });
        return;
      }
      setErrors(null);
      dialogs.toast({ description: successText ?? t('integrations:toast.updateSuccess') });
      await client.invalidateQueries({ queryKey: [INTEGRATION_KEY] });
    },
    onError: (e) => {
      const err = e instanceof ApiError ? { message: e.body.message, fields: e.body.fieldErrors ?? {} } : { message: String(e), fields: {} };
      setErrors(err);
      dialogs.toast({ variant: 'destructive', title: t('integrations:toast.updateError'), description: err.message });
    },
  });
  const set = (name: string) => (v: string) => setValues((all) => ({ ...all, [name]: v }));
  // No second save while one runs (the button stays enabled: a disabled one greys its key hint below contrast).
  return { values, set, errors, submit: () => !m.isPending && m.mutate() };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="settings-section" aria-labelledby={`settings-${id}`} id={`settings-${id}`.replace('settings-', 'section-')}>
      <h2 id={`settings-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

function Form({ form, children, label }: { form: ReturnType<typeof useSettingsForm>; children: ReactNode; label: string }) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.submit();
  };
  return (
    <form
      className="record-form"
      noValidate
      aria-label={label}
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
      }}
    >
      {form.errors && Object.keys(form.errors.fields).length === 0 && (
        <p className="form-error" role="alert">
          {form.errors.message}
        </p>
      )}
      <div className="form-grid">{children}</div>
      <div className="form-actions">
        <button type="submit">
          {t('module.save')} <kbd className="mono">Ctrl ↵</kbd>
        </button>
      </div>
    </form>
  );
}

function Field({ form, name, label, type = 'text', options, autoComplete }: { form: ReturnType<typeof useSettingsForm>; name: string; label: string; type?: string; options?: { value: string; label: string }[]; autoComplete?: string }) {
  const id = `setting-${name}`;
  const errs = form.errors?.fields[name];
  const described = errs?.length ? `${id}-error` : undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {options ? (
        <select id={id} value={form.values[name] ?? ''} onChange={(e) => form.set(name)(e.target.value)} aria-invalid={!!errs?.length} aria-describedby={described}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={type}
          value={form.values[name] ?? ''}
          onChange={(e) => form.set(name)(e.target.value)}
          aria-invalid={!!errs?.length}
          aria-describedby={described}
          autoComplete={autoComplete ?? 'off'}
        />
      )}
      {!!errs?.length && (
        <span id={`${id}-error`} className="field-error">
          {errs.join(' ')}
        </span>
      )}
    </div>
  );
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const nullable = (v: string | undefined) => (v ? v : null);
const num = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : Number(v));

type SettingsData = z.infer<(typeof getIntegrationSettings)['response']>;

function TenantForm({ id, s }: { id: string; s: SettingsData }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const form = useSettingsForm({ tenantName: str(s.externalTenant.tenantName) }, (v) => api(updateExternalTenant, { params: { id }, body: { tenantName: v.tenantName ?? '' } }), 'Success!!');
  return (
    <Form form={form} label={t('integrations:settings.tenant')}>
      <Field form={form} name="tenantName" label={t('integrations:tenant')} />
    </Form>
  );
}

function CustomAppForm({ id, s }: { id: string; s: SettingsData }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const form = useSettingsForm({ name: str(s.customApp?.name), customSaasType: str(s.customApp?.customSaasType) }, (v) =>
    api(updateCustomApp, { params: { id }, body: { name: v.name ?? '', customSaasType: nullable(v.customSaasType) as never } }),
  );
  return (
    <Form form={form} label={t('integrations:settings.customApp')}>
      <Field form={form} name="name" label={t('integrations:fields.name')} />
      <Field
        form={form}
        name="customSaasType"
        label={t('integrations:fields.customSaasType')}
        options={[{ value: '', label: '—' }, ...CUSTOM_SAAS_TYPES.map((v) => ({ value: v, label: t(`software:enums.customSaasType.${v}`) }))]}
      />
    </Form>
  );
}

function ContractForm({ id, s }: { id: string; s: SettingsData }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const c = s.appContract;
  const form = useSettingsForm(
    { contractAnchorMonth: str(c.contractAnchorMonth), contractAnchorDay: str(c.contractAnchorDay), billingCycleUnit: str(c.billingCycleUnit), billingCycleLength: str(c.billingCycleLength) },
    (v) =>
      api(updateCustomAppContract, {
        params: { id },
        body: {
          contractAnchorMonth: num(v.contractAnchorMonth),
          contractAnchorDay: num(v.contractAnchorDay),
          billingCycleUnit: nullable(v.billingCycleUnit) as never,
          billingCycleLength: num(v.billingCycleLength),
        },
      }),
  );
  return (
    <Form form={form} label={t('integrations:settings.contract')}>
      <Field form={form} name="contractAnchorMonth" type="number" label={t('integrations:fields.contractAnchorMonth')} />
      <Field form={form} name="contractAnchorDay" type="number" label={t('integrations:fields.contractAnchorDay')} />
      <Field form={form} name="billingCycleUnit" label={t('integrations:fields.billingCycleUnit')} options={[{ value: '', label: '—' }, ...BILLING_CYCLE_UNITS.map((u) => ({ value: u, label: t(`integrations:unit.${u}`) }))]} />
      <Field form={form} name="billingCycleLength" type="number" label={t('integrations:fields.billingCycleLength')} />
    </Form>
  );
}

function PricingForm({ id, s }: { id: string; s: SettingsData }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const c = s.appContract;
  const form = useSettingsForm(
    { planName: str(c.planName), pricingModel: str(c.pricingModel), priceOfUnitPerBillingCycle: str(c.priceOfUnitPerBillingCycle), currencyCode: str(c.currencyCode ?? 'JPY'), unit: str(c.unit) },
    (v) =>
      api(updatePricingPlan, {
        params: { id },
        body: {
          planName: nullable(v.planName),
          pricingModel: nullable(v.pricingModel) as never,
          priceOfUnitPerBillingCycle: num(v.priceOfUnitPerBillingCycle),
          currencyCode: nullable(v.currencyCode) as never,
          unit: nullable(v.unit) as never,
        },
      }),
  );
  return (
    <Form form={form} label={t('integrations:settings.pricing')}>
      <Field form={form} name="planName" label={t('integrations:plan')} />
      <Field form={form} name="pricingModel" label={t('integrations:fields.pricingModel')} options={[{ value: '', label: '—' }, ...PRICING_MODELS.map((p) => ({ value: p, label: t(`integrations:pricingModel.${p}`) }))]} />
      <Field form={form} name="priceOfUnitPerBillingCycle" type="number" label={t('integrations:fields.priceOfUnitPerBillingCycle')} />
      <Field form={form} name="currencyCode" label={t('integrations:fields.currencyCode')} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
      <Field form={form} name="unit" label={t('integrations:fields.unit')} options={[{ value: '', label: '—' }, ...LINEAR_UNITS.map((u) => ({ value: u, label: t(`integrations:linearUnit.${u}`) }))]} />
    </Form>
  );
}

function FeaturesForm({ id, s }: { id: string; s: SettingsData }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const form = useSettingsForm({ USER_PROVISIONING: s.features.USER_PROVISIONING ? 'true' : '' }, (v) => api(updateFeatures, { params: { id }, body: { USER_PROVISIONING: v.USER_PROVISIONING === 'true' } }));
  return (
    <Form form={form} label={t('integrations:settings.features')}>
      <label className="inline-check">
        <input type="checkbox" checked={form.values.USER_PROVISIONING === 'true'} onChange={(e) => form.set('USER_PROVISIONING')(e.target.checked ? 'true' : '')} />
        {t('integrations:features.USER_PROVISIONING')}
      </label>
    </Form>
  );
}

function ConnectionForm({ id, s }: { id: string; s: SettingsData }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const a = s.authentication;
  const form = useSettingsForm({ connector: a.connector, scimBaseUrl: str(a.scimBaseUrl), scimToken: '' }, (v) =>
    api(authenticateIntegration, {
      params: { id },
      body: v.connector === 'SCIM' ? { connector: 'SCIM', scimBaseUrl: v.scimBaseUrl ?? '', scimToken: v.scimToken ?? '' } : { connector: 'CSV' },
    }),
    t('integrations:toast.connected'),
  );
  return (
    <>
      <p className="muted">
        {a.connector === 'SCIM' && a.authenticatedAt
          ? t('integrations:connection.connectedAt', { at: formatDateTime(i18n.language, a.authenticatedAt), url: a.scimBaseUrl ?? '' })
          : a.connector === 'SCIM'
            ? t('integrations:connection.notConnected')
            : t('integrations:connection.csv')}
      </p>
      <Form form={form} label={t('integrations:settings.connection')}>
        <Field form={form} name="connector" label={t('integrations:fields.connector')} options={[{ value: 'SCIM', label: 'SCIM 2.0' }, { value: 'CSV', label: t('integrations:connection.csvOption') }]} />
        {form.values.connector === 'SCIM' && (
          <>
            <Field form={form} name="scimBaseUrl" type="url" label={t('integrations:fields.scimBaseUrl')} />
            <Field form={form} name="scimToken" type="password" label={t('integrations:fields.scimToken')} autoComplete="new-password" />
          </>
        )}
      </Form>
    </>
  );
}

function Settings({ integration }: { integration: AppIntegration }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const id = integration.appIntegrationId;
  const q = useQuery({ queryKey: [INTEGRATION_KEY, id, 'settings'], queryFn: ({ signal }) => api(getIntegrationSettings, { params: { id } }, { signal }) });
  const s = q.data;
  if (!s) return null;
  // Forms restart from the stored values after each save (key).
  const key = JSON.stringify(s);
  return (
    <div className="settings" key={key}>
      <Section id="status" title={t('integrations:settings.status')}>
        <p>
          {t('integrations:columns.status')}: <strong>{t(`integrations:status.${s.status}`)}</strong>
        </p>
        <div className="form-actions left">
          <CommandButton id="integration.refresh" />
          {s.status === 'ACTIVE' ? <CommandButton id="integration.deactivate" /> : <CommandButton id="integration.reactivate" />}
          <CommandButton id="integration.mdmActivate" />
        </div>
        {s.mdmActivated && <p className="muted">{t('integrations:mdmActivated')}</p>}
      </Section>
      <Section id="connection" title={t('integrations:settings.connection')}>
        <ConnectionForm id={id} s={s} />
      </Section>
      <Section id="tenant" title={t('integrations:settings.tenant')}>
        <TenantForm id={id} s={s} />
      </Section>
      {s.customApp && (
        <Section id="custom-app" title={t('integrations:settings.customApp')}>
          <CustomAppForm id={id} s={s} />
        </Section>
      )}
      <Section id="contract" title={t('integrations:settings.contract')}>
        <ContractForm id={id} s={s} />
      </Section>
      <Section id="pricing" title={t('integrations:settings.pricing')}>
        <PricingForm id={id} s={s} />
      </Section>
      <Section id="features" title={t('integrations:settings.features')}>
        <FeaturesForm id={id} s={s} />
      </Section>
      <Section id="delete" title={t('integrations:settings.delete')}>
        <p className="muted">{t('integrations:deleteHelp')}</p>
        <CommandButton id="integration.delete" />
      </Section>
    </div>
  );
}

export function IntegrationSettingsPane() {
  return <IntegrationFrame tab="settings">{(i) => <Settings integration={i} />}</IntegrationFrame>;
}
