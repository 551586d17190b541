// The dialog of a lifecycle command (spec 4): which worker (when the person
// has several that can take the step), the effective date with today (Japan
// time) filled in — for ALUMNI the last working day — and a note. Enter or
// Ctrl/Cmd+Enter records; the server's refusal (a date before the previous
// stage's, a step that does not apply) shows under its field, and what was
// typed stays. The recorded result is a toast.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERSON_KEY, type PersonProfile, recordLifecycle } from '../../api/contracts/person.js';
import type { TransitionStage } from '../../api/contracts/people-lifecycle.js';
import { formatDate } from '../../format.js';
import { useServices } from '../../services.js';
import { Modal, useDialogs } from '../dialogs.js';
import { useFormSubmit } from '../form.js';
import { keepFocusIn } from './person-store.js';
import { invalidatePeopleLists } from '../people/people-store.js';
import { todayInJapan } from '../../api/contracts/dates.js';

export function LifecycleDialog({ profile, stage, onClose }: { profile: PersonProfile; stage: TransitionStage; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const client = useQueryClient();
  const id = useId();
  const eligible = profile.workers.filter((w) => w.nextStages.includes(stage));
  const [workerId, setWorkerId] = useState(eligible[0]?.workerId ?? '');
  const [effectiveOn, setEffectiveOn] = useState(todayInJapan());
  const [note, setNote] = useState('');
  const stageName = t(`common:stages.${stage}`);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => keepFocusIn(() => form.current, () => form.current?.querySelector<HTMLElement>('[data-autofocus]')), []);

  // A refusal (a date before the previous stage's) stays in the dialog with what was typed.
  const { error, pending: busy, submit } = useFormSubmit(null, async () => {
    if (!workerId) return;
    const r = await api(recordLifecycle, { params: { workerId }, body: { stage, effectiveOn, ...(note.trim() ? { note } : {}) } });
    await client.invalidateQueries({ queryKey: [PERSON_KEY] });
    // Lists of people show stages too.
    await invalidatePeopleLists(client);
    dialogs.toast({
      description: t('person:lifecycle.recorded', { name: profile.name, stage: stageName, date: formatDate(i18n.language, r.event.effectiveOn) }),
    });
    onClose();
  });
  const fieldError = (name: string) =>
    error?.fields[name]?.length ? (
      <p id={`${id}-${name}-err`} className="field-error" role="alert">
        {error.fields[name]!.join(' ')}
      </p>
    ) : null;
  const described = (name: string) => (error?.fields[name]?.length ? `${id}-${name}-err` : undefined);

  return (
    <Modal labelledBy={`${id}-title`} onCancel={onClose}>
      <form
        ref={form}
        noValidate
        onSubmit={submit}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
        }}
      >
        <h2 id={`${id}-title`}>{t('person:lifecycle.title', { stage: stageName })}</h2>
        {error && !Object.keys(error.fields).some((k) => k === 'effectiveOn' || k === 'note') && (
          <p className="form-error" role="alert">
            {[error.message, ...(error.fields.stage ?? []), ...(error.fields.workerId ?? [])].join(' ')}
          </p>
        )}
        {eligible.length === 0 && <p role="alert">{t('person:lifecycle.notAvailable', { stage: stageName })}</p>}
        {eligible.length > 1 && (
          <div className="form-field">
            <label htmlFor={`${id}-worker`}>{t('person:lifecycle.worker')}</label>
            <select id={`${id}-worker`} value={workerId} onChange={(e) => setWorkerId(e.target.value)}>
              {eligible.map((w) => (
                <option key={w.workerId} value={w.workerId}>
                  {t(`common:workerTypes.${w.workerType}`)} {w.workerNumber ?? ''} · {t(`common:stages.${w.stage ?? 'none'}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className={`form-field${error?.fields.effectiveOn ? ' invalid' : ''}`}>
          <label htmlFor={`${id}-date`}>{stage === 'ALUMNI' ? t('person:fields.endedOn') : t('person:fields.effectiveOn')}</label>
          <input
            id={`${id}-date`}
            type="date"
            required
            data-autofocus
            value={effectiveOn}
            aria-invalid={error?.fields.effectiveOn ? true : undefined}
            aria-describedby={[described('effectiveOn'), `${id}-help`].filter(Boolean).join(' ')}
            onChange={(e) => setEffectiveOn(e.target.value)}
          />
          <p id={`${id}-help`} className="muted">
            {stage === 'ALUMNI' ? t('person:lifecycle.alumniHelp') : t('person:lifecycle.effectiveHelp')}
          </p>
          {fieldError('effectiveOn')}
        </div>
        <div className={`form-field${error?.fields.note ? ' invalid' : ''}`}>
          <label htmlFor={`${id}-note`}>{t('person:fields.note')}</label>
          <textarea id={`${id}-note`} rows={2} maxLength={500} value={note} aria-describedby={described('note')} onChange={(e) => setNote(e.target.value)} />
          {fieldError('note')}
        </div>
        <div className="modal-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('person:form.cancel')}
          </button>
          <button type="submit" disabled={busy || eligible.length === 0}>
            {t('person:lifecycle.record')} <kbd className="mono">Ctrl ↵</kbd>
          </button>
        </div>
      </form>
    </Modal>
  );
}
