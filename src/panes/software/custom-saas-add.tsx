// Add a custom SaaS (spec 2.3: custom-SaaS add by {customSaasType}, the
// optional search naming a traceable SaaS id, prefilled from a shadow-IT
// app): name (required), type, tenant and website. Saved with
// POST /v2/app-integrations/custom-app, an integration and its registry
// entry; a server error shows under its field and keeps what the user typed;
// success is a toast and the new integration's page. By keyboard: the name
// has the focus, Enter or Ctrl/Cmd+Enter saves (command customSaas.save).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createCustomApp, getTraceableApp } from '../../api/contracts/app-alerts.js';
import { CUSTOM_SAAS_TYPES } from '../../api/contracts/software-enums.js';
import { useServices } from '../../services.js';
import { useDialogs } from '../dialogs.js';
import { FormActions, FormErrorLine, FormField, useFormSubmit } from '../form.js';
import { usePaneParams } from '../pane-path.js';
import { ALERT_QUERY_ROOTS, ALERTS_KEY, customSaasForm, SHADOW_IT_APPS } from './alerts-store.js';

type CustomSaasType = (typeof CUSTOM_SAAS_TYPES)[number];
type Values = { name: string; customSaasType: CustomSaasType; tenantName: string; websiteUrl: string };
type FieldName = keyof Values;

export function CustomSaasAddPane() {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Also the apps area's custom-app add page (spec 2.3 Apps: by {customAppType}; /apps/… lands under /software).
  const { customSaasType = '' } = usePaneParams('/software/add/custom-saas/$customSaasType');
  const { customAppType = '' } = usePaneParams('/software/add/custom-app/$customAppType');
  const typeParam = customSaasType || customAppType;
  const search = useSearch({ strict: false }) as { traceableSaasId?: string };
  const traceableId = search.traceableSaasId;
  const pathType = (CUSTOM_SAAS_TYPES as readonly string[]).includes(typeParam) ? (typeParam as CustomSaasType) : CUSTOM_SAAS_TYPES[0];
  const [values, setValues] = useState<Values>({ name: '', customSaasType: pathType, tenantName: '', websiteUrl: '' });
  const touched = useRef(new Set<FieldName>());
  const nameRef = useRef<HTMLInputElement>(null);

  const traceable = useQuery({
    queryKey: [ALERTS_KEY, 'traceable', traceableId ?? null],
    enabled: !!traceableId,
    retry: false,
    queryFn: ({ signal }) => api(getTraceableApp, { params: { traceableAppId: traceableId! } }, { signal }),
  });
  // Prefill from the shadow-IT app once it is read, without overwriting what the user typed.
  useEffect(() => {
    const app = traceable.data;
    if (!app) return;
    setValues((v) => ({
      ...v,
      name: touched.current.has('name') ? v.name : app.name,
      websiteUrl: touched.current.has('websiteUrl') ? v.websiteUrl : app.websiteUrl,
    }));
  }, [traceable.data]);
  useEffect(() => nameRef.current?.focus(), []);

  const set = (name: FieldName, value: string) => {
    touched.current.add(name);
    setValues((v) => ({ ...v, [name]: value }));
  };

  const { error, pending, submit } = useFormSubmit(customSaasForm, async (setError) => {
    const r = await api(createCustomApp, {
      body: {
        name: values.name,
        customSaasType: values.customSaasType,
        ...(values.tenantName.trim() ? { tenantName: values.tenantName } : {}),
        ...(values.websiteUrl.trim() ? { websiteUrl: values.websiteUrl.trim() } : {}),
        ...(traceable.data ? { traceableSaasId: traceable.data.id } : {}),
      },
    });
    setError(null);
    await Promise.all([...ALERT_QUERY_ROOTS, 'software', 'appIntegration'].map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
    dialogs.toast({ description: t('appAlerts:customSaas.created', { name: values.name.trim() }) });
    void navigate({ href: `/app-integrations/${r.appIntegrationId}` });
  });
  const cancel = () => void navigate({ href: traceableId ? SHADOW_IT_APPS : '/software/registry' });

  return (
    <section className="pane" aria-labelledby="pane-title" data-scope="pane:custom-saas-add">
      <h1 id="pane-title" className="pane-title">
        {t('appAlerts:customSaas.title')}
      </h1>
      <p className="muted">
        {traceable.data
          ? t('appAlerts:customSaas.fromShadowIt', { name: traceable.data.name })
          : traceable.isError
            ? t('appAlerts:customSaas.traceableNotFound')
            : t('appAlerts:customSaas.intro')}
      </p>
      <form className="record-form" onSubmit={submit} noValidate>
        <FormErrorLine error={error} />
        <div className="form-grid">
          <FormField name="name" label={t('appAlerts:customSaas.name')} required error={error?.fields.name}>
            {(p) => <input {...p} ref={nameRef} type="text" maxLength={400} value={values.name} onChange={(e) => set('name', e.target.value)} />}
          </FormField>
          <FormField name="customSaasType" label={t('appAlerts:customSaas.customSaasType')} required error={error?.fields.customSaasType}>
            {(p) => (
              <select {...p} value={values.customSaasType} onChange={(e) => set('customSaasType', e.target.value)}>
                {CUSTOM_SAAS_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`software:enums.customSaasType.${type}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField name="tenantName" label={t('appAlerts:customSaas.tenantName')} error={error?.fields.tenantName}>
            {(p) => <input {...p} type="text" maxLength={400} value={values.tenantName} onChange={(e) => set('tenantName', e.target.value)} />}
          </FormField>
          <FormField name="websiteUrl" label={t('appAlerts:customSaas.websiteUrl')} error={error?.fields.websiteUrl}>
            {(p) => <input {...p} type="url" inputMode="url" maxLength={1000} value={values.websiteUrl} onChange={(e) => set('websiteUrl', e.target.value)} />}
          </FormField>
        </div>
        <FormActions cancelLabel={t('appAlerts:customSaas.cancel')} onCancel={cancel} saveLabel={t('appAlerts:customSaas.save')} pending={pending} />
      </form>
    </section>
  );
}
