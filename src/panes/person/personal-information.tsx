// The personal-information tab: who the person is (names, reading, e-mail,
// birth date, gender, personal contact and address), `e` to edit; and, for a
// current person, their family (each opens on its own page; Shift+A adds).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GENDERS } from '../../api/contracts/people-lifecycle.js';
import { PERSON_KEY, type PersonProfile, type PersonalInformation, getPersonalInformation, listFamily, patchPersonalInformation } from '../../api/contracts/person.js';
import { CommandButton } from '../../commands/command-button.js';
import { formatDate } from '../../format.js';
import { useServices } from '../../services.js';
import { PlainTable } from '../../tables/plain-table.js';
import { useDialogs } from '../dialogs.js';
import { usePanePath } from '../pane-path.js';
import { type FormFieldSpec, ProfileForm } from './person-form.js';
import { familyHref, personPage } from './person-store.js';
import { invalidatePeopleLists } from '../people/people-store.js';

const text = (max: number, required = false, multiline = false) => ({ kind: 'text' as const, max, ...(required ? { required } : {}), ...(multiline ? { multiline } : {}) });
export const PERSONAL_FIELDS: readonly FormFieldSpec[] = [
  { name: 'familyName', def: text(100, true) },
  { name: 'givenName', def: text(100, true) },
  { name: 'middleName', def: text(100) },
  { name: 'familyNameKana', def: text(100) },
  { name: 'givenNameKana', def: text(100) },
  { name: 'email', def: text(254) },
  { name: 'birthDate', def: { kind: 'date' } },
  { name: 'gender', def: { kind: 'enum', values: GENDERS } },
  { name: 'personalEmail', def: text(254) },
  { name: 'personalPhone', def: text(20) },
  { name: 'postalCode', def: text(8) },
  { name: 'address', def: text(300, false, true) },
];

function Family({ profile }: { profile: PersonProfile }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const q = useQuery({
    queryKey: [PERSON_KEY, profile.personId, 'family'],
    queryFn: ({ signal }) => api(listFamily, { params: { personId: profile.personId } }, { signal }),
  });
  personPage.use();
  return (
    <section className="settings-section" aria-labelledby="family-title">
      <h2 id="family-title">{t('person:personal.family')}</h2>
      <div className="form-actions left">
        <CommandButton id="person.family.add" />
      </div>
      {q.data?.items.length === 0 && <p className="empty-state">{t('person:personal.noFamily')}</p>}
      {!!q.data?.items.length && (
        <PlainTable
          className="plain-table"
          caption={t('person:personal.family')}
          rows={q.data.items}
          rowKey={(m) => m.familyPersonId}
          columns={[
            {
              header: t('person:fields.name'),
              rowHeader: true,
              cell: (m) => (
                <Link to={familyHref(profile.personId, m.familyPersonId)}>
                  {m.familyName} {m.givenName}
                </Link>
              ),
            },
            { header: t('person:fields.relationship'), cell: (m) => t(`person:enums.relationship.${m.relationship}`) },
            { header: t('person:fields.birthDate'), className: 'mono', cell: (m) => (m.birthDate ? formatDate(i18n.language, m.birthDate) : '—') },
            { header: t('person:fields.isDependent'), cell: (m) => (m.isDependent ? t('person:family.dependent') : t('person:family.notDependent')) },
          ]}
        />
      )}
    </section>
  );
}

const show = (t: (k: string) => string, locale: string, name: string, v: PersonalInformation[keyof PersonalInformation]) => {
  if (v === null || v === '') return '—';
  if (name === 'gender') return t(`person:enums.gender.${v}`);
  if (name === 'birthDate') return formatDate(locale, v);
  return v;
};

export function PersonalInformationTab({ profile }: { profile: PersonProfile }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const client = useQueryClient();
  const dialogs = useDialogs();
  const { side } = usePanePath();
  const [editing, setEditing] = useState(false);
  const personId = profile.personId;
  const q = useQuery({
    queryKey: [PERSON_KEY, personId, 'personal-information'],
    queryFn: ({ signal }) => api(getPersonalInformation, { params: { personId } }, { signal }),
  });
  const editRef = useRef(() => setEditing(true));
  useEffect(() => {
    if (side) return;
    personPage.patch({ edit: editRef.current });
    return () => personPage.patch({ edit: null });
  }, [side]);
  useEffect(() => setEditing(false), [personId]);
  // Back from the form, the Edit button has the focus (the profile's keys work on).
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const data = q.data;
  if (!data) return null;
  if (editing) {
    return (
      <ProfileForm
        key={personId}
        label={t('person:personal.title')}
        fields={PERSONAL_FIELDS}
        initial={Object.fromEntries(PERSONAL_FIELDS.map((f) => [f.name, (data[f.name as keyof PersonalInformation] as string | null) ?? '']))}
        save={(body) => api(patchPersonalInformation, { params: { personId }, body })}
        onSaved={() => {
          void client.invalidateQueries({ queryKey: [PERSON_KEY, personId] });
          void invalidatePeopleLists(client);
          dialogs.toast({ description: t('person:personal.saved') });
          setEditing(false);
        }}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    <>
      <div className="form-actions left">
        <button ref={editButton} type="button" onClick={() => setEditing(true)}>
          {t('person:personal.edit')} <kbd className="mono">e</kbd>
        </button>
      </div>
      <dl className="record-fields">
        {PERSONAL_FIELDS.map(({ name }) => (
          <div key={name}>
            <dt>{t(`person:fields.${name}`)}</dt>
            <dd className={name === 'birthDate' || name === 'postalCode' || name === 'personalPhone' ? 'mono' : undefined}>
              {show(t, i18n.language, name, data[name as keyof PersonalInformation])}
            </dd>
          </div>
        ))}
      </dl>
      {profile.isAlumni ? <p className="muted">{t('person:personal.familyAlumni')}</p> : <Family profile={profile} />}
    </>
  );
}
