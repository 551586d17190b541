// Family members (current persons only): the family member's page
// /person/{id}/family/{familyPersonId} (view, `e` to edit, Delete to remove
// after a confirmation) and the add dialog the family-add command opens.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.js';
import { type FamilyMember, PERSON_KEY, type PersonProfile, RELATIONSHIPS, createFamilyMember, deleteFamilyMember, getFamilyMember, patchFamilyMember } from '../../api/contracts/person.js';
import { CommandButton } from '../../commands/command-button.js';
import { formatDate } from '../../format.js';
import { useServices } from '../../services.js';
import { Modal, useDialogs } from '../dialogs.js';
import { usePanePath } from '../pane-path.js';
import { type FormFieldSpec, ProfileForm } from './person-form.js';
import { keepFocusIn, personPage, profileHref } from './person-store.js';
import { HISTORY_KEY } from './audit-lists.js';

export const FAMILY_FIELDS: readonly FormFieldSpec[] = [
  { name: 'familyName', def: { kind: 'text', max: 100, required: true } },
  { name: 'givenName', def: { kind: 'text', max: 100, required: true } },
  { name: 'familyNameKana', def: { kind: 'text', max: 100 } },
  { name: 'givenNameKana', def: { kind: 'text', max: 100 } },
  { name: 'relationship', def: { kind: 'enum', values: RELATIONSHIPS, required: true } },
  { name: 'birthDate', def: { kind: 'date' } },
  { name: 'isDependent', boolean: true },
];
const initialOf = (m: FamilyMember | null): Record<string, string> => ({
  familyName: m?.familyName ?? '',
  givenName: m?.givenName ?? '',
  familyNameKana: m?.familyNameKana ?? '',
  givenNameKana: m?.givenNameKana ?? '',
  relationship: m?.relationship ?? '',
  birthDate: m?.birthDate ?? '',
  isDependent: m?.isDependent ? 'true' : 'false',
});

export function FamilyAddDialog({ personId, onClose }: { personId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const client = useQueryClient();
  const dialogs = useDialogs();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => keepFocusIn(() => box.current, () => box.current?.querySelector<HTMLElement>('input, select, textarea')), []);
  return (
    <Modal labelledBy={`${id}-title`} onCancel={onClose}>
      <div ref={box}>
      <h2 id={`${id}-title`}>{t('person:family.add')}</h2>
      <ProfileForm
        label={t('person:family.add')}
        fields={FAMILY_FIELDS}
        initial={initialOf(null)}
        sendAll
        save={async (body) => {
          // An unchosen relationship is the server's to refuse, under its field.
          const m = await api(createFamilyMember, { params: { personId }, body: { ...body, relationship: body.relationship ?? '' } as never });
          dialogs.toast({ description: t('person:family.added', { name: `${m.familyName} ${m.givenName}` }) });
        }}
        onSaved={() => {
          void client.invalidateQueries({ queryKey: [PERSON_KEY, personId] });
          void client.invalidateQueries({ queryKey: [HISTORY_KEY] });
          onClose();
        }}
        onCancel={onClose}
      />
      </div>
    </Modal>
  );
}

export function FamilyMemberBody({ profile, familyPersonId }: { profile: PersonProfile; familyPersonId: string }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const client = useQueryClient();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const { side } = usePanePath();
  const personId = profile.personId;
  const [editing, setEditing] = useState(false);
  const q = useQuery({
    queryKey: [PERSON_KEY, personId, 'family', familyPersonId],
    queryFn: ({ signal }) => api(getFamilyMember, { params: { personId, familyPersonId } }, { signal }),
    retry: false,
  });
  const m = q.data;
  const editButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (side || !m) return;
    personPage.patch({
      edit: () => setEditing(true),
      family: {
        name: `${m.familyName} ${m.givenName}`,
        remove: async () => {
          await api(deleteFamilyMember, { params: { personId, familyPersonId } });
          dialogs.toast({ description: t('person:family.deleted', { name: `${m.familyName} ${m.givenName}` }) });
          client.removeQueries({ queryKey: [PERSON_KEY, personId, 'family', familyPersonId] });
          void client.invalidateQueries({ queryKey: [PERSON_KEY, personId] });
          void client.invalidateQueries({ queryKey: [HISTORY_KEY] });
          void navigate({ href: profileHref(profile, 'personal-information') });
        },
      },
    });
    return () => personPage.patch({ edit: null, family: null });
  }, [side, m, api, personId, familyPersonId, dialogs, t, client, navigate, profile]);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  if (q.error) {
    return (
      <p role="alert" className="form-error">
        {q.error instanceof ApiError ? q.error.body.message : String(q.error)}
      </p>
    );
  }
  if (!m) return null;
  return (
    <section className="settings-section" aria-labelledby="family-member-title">
      <h2 id="family-member-title">
        {t('person:family.title')}: {m.familyName} {m.givenName}
      </h2>
      {editing ? (
        <ProfileForm
          label={t('person:family.edit')}
          fields={FAMILY_FIELDS}
          initial={initialOf(m)}
          save={(body) => api(patchFamilyMember, { params: { personId, familyPersonId }, body })}
          onSaved={() => {
            void client.invalidateQueries({ queryKey: [PERSON_KEY, personId] });
            dialogs.toast({ description: t('person:personal.saved') });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <div className="form-actions left">
            <button ref={editButton} type="button" data-focus-first onClick={() => setEditing(true)}>
              {t('person:personal.edit')} <kbd className="mono">e</kbd>
            </button>
            <CommandButton id="person.family.delete" />
          </div>
          <dl className="record-fields">
            <div>
              <dt>{t('person:fields.name')}</dt>
              <dd>
                {m.familyName} {m.givenName}
              </dd>
            </div>
            <div>
              <dt>{t('person:fields.familyNameKana')}</dt>
              <dd>{[m.familyNameKana, m.givenNameKana].filter(Boolean).join(' ') || '—'}</dd>
            </div>
            <div>
              <dt>{t('person:fields.relationship')}</dt>
              <dd>{t(`person:enums.relationship.${m.relationship}`)}</dd>
            </div>
            <div>
              <dt>{t('person:fields.birthDate')}</dt>
              <dd className="mono">{m.birthDate ? formatDate(i18n.language, m.birthDate) : '—'}</dd>
            </div>
            <div>
              <dt>{t('person:fields.isDependent')}</dt>
              <dd>{m.isDependent ? t('person:family.dependent') : t('person:family.notDependent')}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
