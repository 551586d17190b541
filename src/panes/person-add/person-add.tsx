// /person/add/{workerType} (spec 2.3): a person and their first worker
// record, from the keyboard. The name has the focus; Tab walks the form,
// Enter in a text field or Ctrl/Cmd+Enter anywhere saves (command
// personAdd.save). Text, date and enum fields are the module mechanism's
// controls (FieldInput, labels from the personAdd namespace); the master
// lists (type name, position, job title…), the department and the place
// are selects filled by GET /v2/worker-field-options (the enabled rows,
// the departments open today, the open places; the type names are the
// worker type's list; one cache entry with the profile's form). A failure keeps everything typed, puts each
// server message under its field and moves the focus to the first one;
// success goes to the completed page with the added person in its search.
// An unknown {workerType} is a not-found page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPerson, type CreatePersonInput } from '../../api/contracts/person-add.js';
import { type FieldOption, getWorkerFieldOptions, workerFieldOptionsKey } from '../../api/contracts/person.js';
import { GENDERS, TYPE_NAME_FIELD, WORKER_TYPE_SLUGS, type WorkerType, workerTypeSlug } from '../../api/contracts/people-lifecycle.js';
import type { FieldDef, ModuleDef } from '../../api/modules/define.js';
import { useServices } from '../../services.js';
import { useDialogs } from '../dialogs.js';
import { FormActions, FormErrorLine, OptionSelect, useFormSubmit } from '../form.js';
import { FieldInput } from '../module/fields.js';
import { usePaneParams } from '../pane-path.js';
import { NotFoundScreen } from '../screens.js';
import { personAddForm } from './store.js';
import './person-add.css';

export const ADD_PAGE = '/person/add/$workerType';

const text = (max: number, required = false): FieldDef => ({ kind: 'text', max, required });
const date: FieldDef = { kind: 'date' };
/** The plain fields, as FieldInput draws them (labels: personAdd:fields.*, personAdd:enums.*). */
const FIELDS: Readonly<Record<string, FieldDef>> = {
  familyName: text(100, true),
  givenName: text(100, true),
  middleName: text(100),
  familyNameKana: text(100),
  givenNameKana: text(100),
  birthDate: date,
  gender: { kind: 'enum', values: GENDERS },
  email: text(254),
  personalEmail: text(254),
  personalPhone: text(50),
  postalCode: text(20),
  address: text(300),
  workerNumber: text(50),
  primaryWorkerEmail: text(254),
  contractStartDate: date,
  contractEndDate: date,
  joiningDate: date,
  offerDate: date,
};
/** FieldInput reads a definition's id (the locale namespace) and fields only. */
const FORM = { id: 'personAdd', fields: FIELDS } as unknown as ModuleDef;

type Values = Record<string, string>;
type Lifecycle = 'joining' | 'offer';
/** The browser's calendar date, as the joining date's default. */
const today = () => new Date().toLocaleDateString('en-CA');

/** A unit with the path above it ("Head office / Sales / Tokyo"). */
const withPathLabel = (o: FieldOption & { path?: string | null }) => (o.path ? `${o.path} / ${o.name}` : o.name);

function Hint({ children }: { children: ReactNode }) {
  return <p className="hint">{children}</p>;
}

export function PersonAddPane() {
  const { workerType: slug = '' } = usePaneParams(ADD_PAGE);
  const type = WORKER_TYPE_SLUGS[slug];
  if (!type) return <NotFoundScreen />;
  return <PersonAddForm key={type} type={type} />;
}

function PersonAddForm({ type }: { type: WorkerType }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => ({ joiningDate: today() }));
  const [lifecycle, setLifecycle] = useState<Lifecycle>('joining');
  const [jobTypeIds, setJobTypeIds] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const typeField = TYPE_NAME_FIELD[type];
  const typeLabel = t(`common:workerTypes.${type}`);

  const options = useQuery({
    queryKey: workerFieldOptionsKey(),
    queryFn: ({ signal }) => api(getWorkerFieldOptions, {}, { signal }),
    staleTime: 30_000,
  });
  const o = options.data;

  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input[name="familyName"]')?.focus();
  }, []);

  const set = (name: string) => (v: string) => setValues((all) => ({ ...all, [name]: v }));
  const v = (name: string) => values[name] ?? '';
  const orNull = (name: string) => (v(name).trim() ? v(name) : null);

  const body = (): CreatePersonInput => ({
    familyName: v('familyName'),
    givenName: v('givenName'),
    middleName: orNull('middleName'),
    familyNameKana: orNull('familyNameKana'),
    givenNameKana: orNull('givenNameKana'),
    email: orNull('email'),
    birthDate: orNull('birthDate'),
    gender: (orNull('gender') as CreatePersonInput['gender']) ?? null,
    personalEmail: orNull('personalEmail'),
    personalPhone: orNull('personalPhone'),
    postalCode: orNull('postalCode'),
    address: orNull('address'),
    workerType: type,
    workerNumber: orNull('workerNumber'),
    primaryWorkerEmail: orNull('primaryWorkerEmail'),
    [typeField]: orNull(typeField),
    jobTitleId: orNull('jobTitleId'),
    jobGradeId: orNull('jobGradeId'),
    jobLevelId: orNull('jobLevelId'),
    jobCompetencyId: orNull('jobCompetencyId'),
    jobTypeIds,
    placeIds: orNull('placeId') ? [v('placeId')] : [],
    departmentId: orNull('departmentId'),
    positionId: orNull('positionId'),
    contractStartDate: orNull('contractStartDate'),
    contractEndDate: orNull('contractEndDate'),
    joiningDate: lifecycle === 'joining' ? orNull('joiningDate') : null,
    offerDate: lifecycle === 'offer' ? orNull('offerDate') : null,
  });

  const { error, pending, submit } = useFormSubmit(personAddForm, async (setError) => {
    const b = body();
    const r = await api(createPerson, { body: b });
    setError(null);
    // The new person shows in every people list, picker and count.
    await queryClient.invalidateQueries();
    const search = new URLSearchParams({ addedPersonGivenName: b.givenName.trim(), ...(b.familyName.trim() ? { addedPersonFamilyName: b.familyName.trim() } : {}), addedPersonID: r.id });
    dialogs.toast({ description: t('personAdd:saved', { name: `${b.familyName.trim()} ${b.givenName.trim()}` }) });
    void navigate({ href: `/person/add/${workerTypeSlug(type)}/completed?${search.toString()}` });
  });
  // After a refused save, the first field with a message takes the focus.
  useEffect(() => {
    if (!error) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? formRef.current?.querySelector<HTMLElement>('.form-error'))?.focus();
  }, [error]);
  const field = (name: string) => <FieldInput key={name} m={FORM} name={name} api={api} value={v(name)} error={error?.fields[name]} onChange={set(name)} />;
  const select = (name: string, label: string, list: readonly FieldOption[] | undefined, withPath = false, errorKey = name) => (
    <OptionSelect key={name} name={name} label={label} placeholder={t('personAdd:none')} options={list ?? []} value={v(name)} error={error?.fields[errorKey]} onChange={set(name)} {...(withPath ? { optionLabel: withPathLabel } : {})} />
  );
  const jobTypeChoices = useMemo(() => o?.jobTypes ?? [], [o]);

  return (
    <section className="pane" aria-labelledby="pane-title" data-scope="pane:person-add">
      <h1 id="pane-title" className="pane-title">
        {t(`personAdd:title.${type}`)}
      </h1>
      <p className="muted">{t('personAdd:intro', { type: typeLabel })}</p>
      {options.isLoading && <p role="status">{t('personAdd:loading')}</p>}
      {options.isError && (
        <p role="alert" className="form-error">
          {t('personAdd:optionsFailed')}
        </p>
      )}
      <form ref={formRef} className="record-form person-form" onSubmit={submit} noValidate>
        <FormErrorLine error={error} focusable />
        <fieldset>
          <legend>{t('personAdd:sections.person')}</legend>
          <div className="form-grid">
            {['familyName', 'givenName', 'middleName', 'familyNameKana', 'givenNameKana', 'birthDate', 'gender'].map(field)}
          </div>
          <Hint>{t('personAdd:hints.kana')}</Hint>
        </fieldset>
        <fieldset>
          <legend>{t('personAdd:sections.worker', { type: typeLabel })}</legend>
          <div className="form-grid">
            {field('workerNumber')}
            {field('primaryWorkerEmail')}
            {select(typeField, t(`personAdd:typeName.${type}`), o?.options[typeField])}
            {field('contractStartDate')}
            {field('contractEndDate')}
          </div>
          <Hint>{t('personAdd:hints.workerNumber')}</Hint>
        </fieldset>
        <fieldset>
          <legend>{t('personAdd:sections.lifecycle')}</legend>
          <fieldset className="choices">
            <legend>{t('personAdd:lifecycle.legend')}</legend>
            {(['joining', 'offer'] as const).map((k) => (
              <label key={k} className="inline-check">
                <input type="radio" name="lifecycle" value={k} checked={lifecycle === k} onChange={() => setLifecycle(k)} />
                {t(`personAdd:lifecycle.${k}`)}
              </label>
            ))}
          </fieldset>
          <div className="form-grid">{lifecycle === 'joining' ? field('joiningDate') : field('offerDate')}</div>
        </fieldset>
        <fieldset>
          <legend>{t('personAdd:sections.organization')}</legend>
          <div className="form-grid">
            {select('departmentId', t('personAdd:fields.department'), o?.departments, true)}
            {select('positionId', t('personAdd:fields.position'), o?.positions)}
            {select('jobTitleId', t('personAdd:fields.jobTitle'), o?.options.jobTitleId)}
            {select('jobGradeId', t('personAdd:fields.jobGrade'), o?.options.jobGradeId)}
            {select('jobLevelId', t('personAdd:fields.jobLevel'), o?.options.jobLevelId)}
            {select('jobCompetencyId', t('personAdd:fields.jobCompetency'), o?.options.jobCompetencyId)}
            {select('placeId', t('personAdd:fields.places'), o?.places, false, 'placeIds')}
          </div>
          {jobTypeChoices.length > 0 && (
            <fieldset className={`choices${error?.fields.jobTypeIds ? ' invalid' : ''}`}>
              <legend>{t('personAdd:fields.jobTypes')}</legend>
              {jobTypeChoices.map((j) => (
                <label key={j.id} className="inline-check">
                  <input
                    type="checkbox"
                    name="jobTypeIds"
                    value={j.id}
                    checked={jobTypeIds.includes(j.id)}
                    onChange={(e) => setJobTypeIds((all) => (e.target.checked ? [...all, j.id] : all.filter((x) => x !== j.id)))}
                  />
                  {j.name}
                </label>
              ))}
            </fieldset>
          )}
          {error?.fields.jobTypeIds && (
            <p className="field-error" role="alert">
              {error.fields.jobTypeIds.join(' ')}
            </p>
          )}
        </fieldset>
        <fieldset>
          <legend>{t('personAdd:sections.contact')}</legend>
          <div className="form-grid">{['email', 'personalEmail', 'personalPhone', 'postalCode', 'address'].map(field)}</div>
          <Hint>{t('personAdd:hints.email')}</Hint>
        </fieldset>
        <FormActions cancelLabel={t('personAdd:cancel')} onCancel={() => window.history.back()} saveLabel={t('personAdd:save')} pending={pending} />
      </form>
    </section>
  );
}
