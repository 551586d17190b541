// /settings/mfa: the organisation's e-mail MFA switch (SETTINGS area).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getMfaSettings, patchMfaEmail } from '../../api/contracts/settings.js';
import { useServices } from '../../services.js';
import { useDialogs } from '../dialogs.js';

export const mfaQueryKey = ['settings', 'mfa'] as const;

export function MfaPane() {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: mfaQueryKey, queryFn: () => api(getMfaSettings) });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => api(patchMfaEmail, { body: { enabled } }),
    onSuccess: (data) => {
      queryClient.setQueryData(mfaQueryKey, data);
      dialogs.toast({ description: t('toast.updated') });
    },
  });
  const enabled = settings.data?.email.enabled ?? false;

  const onToggle = async () => {
    const ok = await dialogs.confirm({
      title: enabled ? t('mfa.disable') : t('mfa.enable'),
      body: enabled ? t('mfa.confirmDisable') : t('mfa.confirmEnable'),
      destructive: enabled,
    });
    if (ok) toggle.mutate(!enabled);
  };

  return (
    <section className="pane" aria-labelledby="pane-title">
      <h1 id="pane-title" className="pane-title">
        {t('mfa.title')}
      </h1>
      {settings.data && (
        <div className="switch-row">
          <span>{t('mfa.email')}</span>
          <strong className="mono" aria-live="polite">
            {enabled ? t('mfa.on') : t('mfa.off')}
          </strong>
          <button type="button" onClick={onToggle} disabled={toggle.isPending}>
            {enabled ? t('mfa.disable') : t('mfa.enable')}
          </button>
        </div>
      )}
    </section>
  );
}
