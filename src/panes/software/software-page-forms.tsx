// The software page's forms (spec 2.3, 4, 7, 8): detail (PUT …/detail) and
// architecture (PUT …/architecture), each with the update-success toast; a
// validation error shows under its field and keeps what the user typed.
// Ctrl/Cmd+Enter and the palette save (command software.save). The logo sits
// with the details: a change or delete first saves the details, then asks for
// a presigned URL, then PUTs or DELETEs the file there (spec 4), with the
// spec's errors as toasts (spec 5, 8).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.js';
import { getSoftwareLogo, getSoftwareLogoPresignedUrl, IMAGE_MAX_BYTES, imageContentType, LOGO_READ_SECONDS } from '../../api/contracts/software-logo.js';
import { putSoftwareArchitecture, putSoftwareDetail } from '../../api/contracts/software.js';
import type { ModuleRow } from '../../api/modules/contracts.js';
import { software } from '../../api/modules/software.js';
import { CommandButton } from '../../commands/command-button.js';
import { keyLabel } from '../../commands/registry.js';
import { useServices } from '../../services.js';
import { useDialogs } from '../dialogs.js';
import { type FormError, FormErrorLine } from '../form.js';
import { FieldInput, type FormValues, toFormValues } from '../module/fields.js';
import { softwarePage } from './software-page-store.js';

const DETAIL_FIELDS = ['name', 'vendorName', 'category', 'status', 'version', 'websiteUrl', 'description'] as const;
const ARCHITECTURE_FIELDS = ['deployment', 'authMethod', 'patchStatus', 'compliance', 'environment', 'installMethod', 'dataLocation'] as const;
/** Empty text is a cleared value. */
const text = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v);

function detailBody(v: FormValues, row: ModuleRow) {
  return {
    name: v.name ?? '',
    vendorName: text(v.vendorName),
    category: v.category || null,
    status: v.status || 'ACTIVE',
    version: text(v.version),
    websiteUrl: text(v.websiteUrl),
    description: text(v.description),
    ...(row.softwareType === 'CUSTOM_SAAS' ? { customSaasType: v.customSaasType || null } : {}),
  };
}
function architectureBody(v: FormValues) {
  return {
    deployment: v.deployment || null,
    authMethod: v.authMethod || null,
    patchStatus: v.patchStatus || null,
    compliance: v.compliance || null,
    environment: text(v.environment),
    installMethod: text(v.installMethod),
    dataLocation: text(v.dataLocation),
  };
}


/** A form's values (from the row, again whenever the server's row changes) and its save. */
function useSoftwareForm(row: ModuleRow, kind: 'detail' | 'architecture', side: boolean) {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FormValues>(() => toFormValues(software, row));
  const [error, setError] = useState<FormError | null>(null);
  const [pending, setPending] = useState(false);
  // A saved (or otherwise changed) row replaces the values; an error keeps them.
  useEffect(() => {
    setValues(toFormValues(software, row));
    setError(null);
  }, [row.id, row.updatedAt]);

  /** Saves; quiet: no toast and no refetch (the logo's first step). True when saved. */
  const save = async (o: { quiet?: boolean } = {}): Promise<boolean> => {
    setPending(true);
    try {
      const params = { softwareId: row.id };
      if (kind === 'detail') await api(putSoftwareDetail, { params, body: detailBody(values, row) as never });
      else await api(putSoftwareArchitecture, { params, body: architectureBody(values) as never });
      setError(null);
      if (!o.quiet) {
        await queryClient.invalidateQueries({ queryKey: ['software'] });
        dialogs.toast({ description: t('toast.updated') });
      }
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status < 500) {
        if (e.status !== 401 && e.status !== 403) setError({ message: e.body.message, fields: e.body.fieldErrors ?? {} });
      } else {
        setError({ message: t('toast.updateError'), fields: {} });
        dialogs.toast({ description: t('toast.updateError'), variant: 'destructive' });
      }
      return false;
    } finally {
      setPending(false);
    }
  };
  // The save command calls the latest save through a stable function.
  const saveRef = useRef(save);
  saveRef.current = save;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (side) return;
    softwarePage.patch({ save: () => formRef.current?.requestSubmit() });
    return () => softwarePage.patch({ save: null });
  }, [side]);
  return { values, setValues, error, pending, save, saveRef, formRef };
}

function FormFields({ names, form }: { names: readonly string[]; form: ReturnType<typeof useSoftwareForm> }) {
  const { api } = useServices();
  return (
    <div className="form-grid">
      {names.map((name) => (
        <FieldInput
          key={name}
          m={software}
          name={name}
          api={api}
          value={form.values[name] ?? ''}
          error={form.error?.fields[name]}
          onChange={(v) => form.setValues((all) => ({ ...all, [name]: v }))}
        />
      ))}
    </div>
  );
}

function SaveBar({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions left">
      <button type="submit" disabled={pending}>
        {t('module.save')} <kbd className="mono">{keyLabel('$mod+Enter')}</kbd>
      </button>
    </div>
  );
}

function LogoEditor({ row, side, saveDetails }: { row: ModuleRow; side: boolean; saveDetails: { current: (o: { quiet?: boolean }) => Promise<boolean> } }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const logo = useLogo(row.id);
  const params = { softwareId: row.id };
  const fail = (description: string) => dialogs.toast({ description, variant: 'destructive' });

  /** Spec 4: save details, then the presigned URL, then the file. */
  async function run(method: 'PUT' | 'DELETE', file?: File) {
    setBusy(true);
    try {
      if (!(await saveDetails.current({ quiet: true }))) return;
      let presigned;
      try {
        presigned = await api(getSoftwareLogoPresignedUrl, { params, query: method === 'PUT' ? { method, filename: file!.name } : { method } });
      } catch {
        fail(t('marketplace:logo.presignFailed'));
        return;
      }
      const failed = method === 'PUT' ? 'marketplace:logo.uploadFailed' : 'marketplace:logo.deleteFailed';
      let res: Response;
      try {
        res = await fetch(presigned.url, method === 'PUT' ? { method, headers: { 'Content-Type': presigned.contentType ?? '' }, body: file! } : { method });
      } catch (e) {
        fail(t(failed, { status: e instanceof Error ? e.message : String(e) }));
        return;
      }
      if (!res.ok) {
        fail(t(failed, { status: res.statusText || String(res.status) }));
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['software'] });
      dialogs.toast({ description: t(method === 'PUT' ? 'marketplace:logo.uploaded' : 'marketplace:logo.deleted') });
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }
  const runRef = useRef(run);
  runRef.current = run;

  const choose = (file: File | undefined) => {
    if (!file) return;
    // The storage refuses these too; saying so here spares an upload.
    if (!imageContentType(file.name)) return fail(t('marketplace:logo.badType'));
    if (file.size > IMAGE_MAX_BYTES) return fail(t('marketplace:logo.tooLarge', { megabytes: IMAGE_MAX_BYTES / (1024 * 1024) }));
    void run('PUT', file);
  };
  const openPicker = useCallback(() => inputRef.current?.click(), []);
  const remove = useCallback(() => runRef.current('DELETE'), []);
  const custom = logo.data?.custom ?? false;
  useEffect(() => {
    if (side) return;
    softwarePage.patch({ changeLogo: openPicker, deleteLogo: remove, hasCustomLogo: custom });
    return () => softwarePage.patch({ changeLogo: null, deleteLogo: null, hasCustomLogo: false });
  }, [side, openPicker, remove, custom]);

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {t('marketplace:logo.title')}
      </h2>
      <div className="logo-edit" aria-busy={busy}>
        {logo.data?.url ? (
          <img className="app-logo large" src={logo.data.url} alt={t('marketplace:app.logo', { name: String(row.name ?? '') })} width={64} height={64} data-custom-logo={custom || undefined} />
        ) : (
          <span className="muted">{t('marketplace:logo.none')}</span>
        )}
        <input
          ref={inputRef}
          id={`${id}-file`}
          className="visually-hidden file-input"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,.png,.jpg,.jpeg,.webp,.gif"
          disabled={busy}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <label htmlFor={`${id}-file`} className="button">
          {t('marketplace:logo.change')} <kbd className="mono">{keyLabel('Shift+KeyL')}</kbd>
        </label>
        <CommandButton id="software.logoDelete" />
        {busy && (
          <span className="muted" role="status">
            {t('pending')}
          </span>
        )}
      </div>
      <p className="muted">{t('marketplace:logo.hint', { megabytes: IMAGE_MAX_BYTES / (1024 * 1024) })}</p>
    </section>
  );
}

/** The logo the header and the detail tab show (a read URL lives an hour: asked again before). */
export function useLogo(softwareId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['software', 'logo', softwareId],
    queryFn: ({ signal }) => api(getSoftwareLogo, { params: { softwareId } }, { signal }),
    staleTime: (LOGO_READ_SECONDS / 2) * 1000,
    refetchInterval: (LOGO_READ_SECONDS / 2) * 1000,
    retry: false,
  });
}

export function DetailTab({ row, side }: { row: ModuleRow; side: boolean }) {
  const form = useSoftwareForm(row, 'detail', side);
  const names = row.softwareType === 'CUSTOM_SAAS' ? [...DETAIL_FIELDS, 'customSaasType'] : DETAIL_FIELDS;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.save();
  };
  return (
    <>
      <LogoEditor row={row} side={side} saveDetails={form.saveRef} />
      <form ref={form.formRef} className="record-form" onSubmit={submit} noValidate aria-label={row.name ? String(row.name) : undefined}>
        <FormErrorLine error={form.error} />
        <FormFields names={names} form={form} />
        <SaveBar pending={form.pending} />
      </form>
    </>
  );
}

export function ArchitectureTab({ row, side }: { row: ModuleRow; side: boolean }) {
  const form = useSoftwareForm(row, 'architecture', side);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.save();
  };
  return (
    <form ref={form.formRef} className="record-form" onSubmit={submit} noValidate>
      <FormErrorLine error={form.error} />
      <FormFields names={ARCHITECTURE_FIELDS} form={form} />
      <SaveBar pending={form.pending} />
    </form>
  );
}
