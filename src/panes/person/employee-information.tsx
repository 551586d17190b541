// The employee-information tab: one section per worker record (employee,
// board member, contractor, collaborator; current first): numbers, the
// worker type's own type, job data, contract dates and reasons, the
// lifecycle dates, departments and positions over time, job types and
// places. `e` edits the worker whose section holds the focus (else the first).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PERSON_KEY,
  type PersonProfile,
  type WorkerInformation,
  type WorkerRef,
  getEmployeeInformation,
  getWorkerFieldOptions,
  patchEmployeeInformation,
  refsOfType,
  workerFieldOptionsKey,
} from '../../api/contracts/person.js';
import { TRANSITION_STAGES } from '../../api/contracts/people-lifecycle.js';
import { formatDate } from '../../format.js';
import { useServices } from '../../services.js';
import { PlainTable } from '../../tables/plain-table.js';
import { useDialogs } from '../dialogs.js';
import { usePanePath } from '../pane-path.js';
import { type FormFieldSpec, ProfileForm } from './person-form.js';
import { personPage } from './person-store.js';
import { invalidatePeopleLists } from '../people/people-store.js';

const DATE_FIELDS = { OFFERED: 'offeredOn', OFFER_ACCEPTED: 'offerAcceptedOn', JOINING: 'joiningConfirmedOn', ACTIVE: 'startedOn', LEAVING: 'leavingNotifiedOn', ALUMNI: 'endedOn' } as const;

function WorkerView({ w, onEdit, editRef }: { w: WorkerInformation; onEdit: () => void; editRef: (el: HTMLButtonElement | null) => void }) {
  const { t, i18n } = useTranslation();
  const date = (v: string | null) => (v ? formatDate(i18n.language, v) : '—');
  // "A、B、C" in Japanese, "A, B, and C" in English.
  const list = (items: string[]) => (items.length ? new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(items) : '—');
  const refs = refsOfType(w.workerType);
  return (
    <>
      <div className="form-actions left">
        <button ref={editRef} type="button" onClick={onEdit}>
          {t('person:personal.edit')} <kbd className="mono">e</kbd>
        </button>
      </div>
      <dl className="record-fields">
        <div>
          <dt>{t('person:fields.workerNumber')}</dt>
          <dd className="mono">{w.workerNumber ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('person:fields.primaryEmail')}</dt>
          <dd>{w.primaryEmail ?? '—'}</dd>
        </div>
        {refs.map((r) => (
          <div key={r}>
            <dt>{t(`person:fields.${r}`)}</dt>
            <dd>{w.refs[r]?.name ?? '—'}</dd>
          </div>
        ))}
        <div>
          <dt>{t('person:fields.contractStartOn')}</dt>
          <dd className="mono">{date(w.contractStartOn)}</dd>
        </div>
        <div>
          <dt>{t('person:fields.contractEndOn')}</dt>
          <dd className="mono">{date(w.contractEndOn)}</dd>
        </div>
      </dl>
      <h3>{t('person:employee.lifecycleDates')}</h3>
      <dl className="record-fields">
        {TRANSITION_STAGES.map((s) => (
          <div key={s}>
            <dt>
              {t(`common:stages.${s}`)} <span className="muted">({t(`person:fields.${DATE_FIELDS[s]}`)})</span>
            </dt>
            <dd className="mono">{date(w.dates[DATE_FIELDS[s]])}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('person:employee.assignments')}</h3>
      {w.assignments.length === 0 ? (
        <p className="muted">{t('person:employee.noAssignments')}</p>
      ) : (
        <PlainTable
          className="plain-table"
          caption={t('person:employee.assignments')}
          rows={w.assignments}
          rowKey={(a) => a.assignmentId}
          columns={[
            {
              header: t('person:fields.unitId'),
              rowHeader: true,
              cell: (a) => (
                <>
                  {a.unit.name}
                  {a.isCurrent && <span className="badge chip"> {t('person:employee.current')}</span>}
                  {!a.isPrimary && <span className="muted"> ({t('person:fields.isPrimary')} ✗)</span>}
                </>
              ),
            },
            { header: t('person:fields.positionId'), cell: (a) => a.position?.name ?? '—' },
            { header: t('person:fields.validFrom'), className: 'mono', cell: (a) => date(a.validFrom) },
            { header: t('person:fields.validTo'), className: 'mono', cell: (a) => date(a.validTo) },
          ]}
        />
      )}
      <dl className="record-fields">
        <div>
          <dt>{t('person:employee.jobTypes')}</dt>
          <dd>{list(w.jobTypes.map((j) => j.name))}</dd>
        </div>
        <div>
          <dt>{t('person:employee.places')}</dt>
          <dd>{list(w.places.map((p) => (p.isPrimary ? `${p.name} (${t('person:employee.primary')})` : p.name)))}</dd>
        </div>
      </dl>
    </>
  );
}

function WorkerForm({ w, onDone }: { w: WorkerInformation; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const options = useQuery({ queryKey: workerFieldOptionsKey(), queryFn: ({ signal }) => api(getWorkerFieldOptions, {}, { signal }), staleTime: 60_000 });
  if (!options.data) return <p aria-busy="true">…</p>;
  const refs = refsOfType(w.workerType);
  const fields: FormFieldSpec[] = [
    { name: 'workerNumber', def: { kind: 'text', max: 50 } },
    { name: 'primaryEmail', def: { kind: 'text', max: 254 } },
    ...refs.map((r: WorkerRef) => ({ name: r, options: options.data.options[r], current: w.refs[r] })),
    { name: 'contractStartOn', def: { kind: 'date' } },
    { name: 'contractEndOn', def: { kind: 'date' } },
  ];
  const initial: Record<string, string> = {
    workerNumber: w.workerNumber ?? '',
    primaryEmail: w.primaryEmail ?? '',
    contractStartOn: w.contractStartOn ?? '',
    contractEndOn: w.contractEndOn ?? '',
    ...Object.fromEntries(refs.map((r) => [r, w.refs[r]?.id ?? ''])),
  };
  return (
    <ProfileForm
      label={t('person:employee.editing', { type: t(`common:workerTypes.${w.workerType}`) })}
      fields={fields}
      initial={initial}
      save={(body) => api(patchEmployeeInformation, { params: { workerId: w.workerId }, body })}
      onSaved={() => onDone(true)}
      onCancel={() => onDone(false)}
    />
  );
}

export function EmployeeInformationTab({ profile }: { profile: PersonProfile }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const client = useQueryClient();
  const dialogs = useDialogs();
  const { side } = usePanePath();
  const personId = profile.personId;
  const q = useQuery({
    queryKey: [PERSON_KEY, personId, 'employee-information'],
    queryFn: ({ signal }) => api(getEmployeeInformation, { params: { personId } }, { signal }),
  });
  const [editing, setEditing] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const first = q.data?.workers[0]?.workerId ?? null;
  useEffect(() => {
    if (side || !first) return;
    // The worker whose section holds the focus, else the first.
    const edit = () => setEditing((document.activeElement?.closest('[data-worker]') as HTMLElement | null)?.dataset.worker ?? first);
    personPage.patch({ edit });
    return () => personPage.patch({ edit: null });
  }, [side, first]);
  const done = (workerId: string, saved: boolean) => {
    setEditing(null);
    if (saved) {
      void client.invalidateQueries({ queryKey: [PERSON_KEY, personId] });
      void invalidatePeopleLists(client);
      dialogs.toast({ description: t('person:personal.saved') });
    }
    // Back on the worker's Edit button.
    setTimeout(() => buttons.current.get(workerId)?.focus(), 0);
  };
  if (!q.data) return null;
  if (!q.data.workers.length) return <p className="empty-state">{t('person:employee.noWorkers')}</p>;
  return (
    <>
      {q.data.workers.map((w) => (
        <section key={w.workerId} className="settings-section" data-worker={w.workerId} aria-labelledby={`worker-${w.workerId}`}>
          <h2 id={`worker-${w.workerId}`}>
            {t('person:employee.worker', { type: t(`common:workerTypes.${w.workerType}`), number: w.workerNumber ?? '' })}{' '}
            <span className="badge chip">{t(`common:stages.${w.stage ?? 'none'}`)}</span>
          </h2>
          {editing === w.workerId ? (
            <WorkerForm w={w} onDone={(saved) => done(w.workerId, saved)} />
          ) : (
            <WorkerView
              w={w}
              onEdit={() => setEditing(w.workerId)}
              editRef={(el) => {
                if (el) buttons.current.set(w.workerId, el);
                else buttons.current.delete(w.workerId);
              }}
            />
          )}
        </section>
      ))}
    </>
  );
}
