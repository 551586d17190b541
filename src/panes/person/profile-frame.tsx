// The frame of a person's profile pages (spec 2.3: /person/{id}/<tab> and
// the alumni profile /alumni/{id}/<tab>, family/{familyPersonId} for current
// persons only): the header (name, reading, worker types with their
// lifecycle stage "as of" a chosen date), the tab bar, and the dialogs the
// profile's commands open (a lifecycle step, a family member to add). Each
// tab is its own page of the catalogue; its pane renders
// <ProfileFrame tab=…> around the tab's body.
//
// An alumnus (none of whose workers is current) has the /alumni pages: the
// /person pages of an alumnus and the /alumni pages of a current person
// go to the right one. In the side pane, where the router does not follow,
// the frame shows the person as they are and links the right pages.
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.js';
import { PERSON_KEY, type PersonProfile, getLifecycle, getPersonProfile } from '../../api/contracts/person.js';
import { isCalendarDate } from '../../api/contracts/common.js';
import { useServices } from '../../services.js';
import { usePanePath } from '../pane-path.js';
import { FamilyAddDialog } from './family.js';
import { LifecycleDialog } from './lifecycle-dialog.js';
import { PROFILE_TABS, type ProfileTab, focusSoon, personPage, profileBase } from './person-store.js';
import { todayInJapan } from '../../api/contracts/dates.js';

const PATH = /^\/(person|alumni)\/([^/]+)\/(?:([a-z-]+)|family\/([^/]+))$/;

/** The profile on the pane's path: base, person id, tab or family member. */
export function useProfilePath() {
  const { pathname, side } = usePanePath();
  const m = pathname.match(PATH);
  return {
    side,
    base: (m?.[1] === 'alumni' ? '/alumni' : '/person') as '/person' | '/alumni',
    personId: decodeURIComponent(m?.[2] ?? ''),
    tab: (m?.[3] ?? null) as ProfileTab | null,
    familyPersonId: m?.[4] ? decodeURIComponent(m[4]) : null,
  };
}

export function useProfile(personId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: [PERSON_KEY, personId, 'profile'],
    queryFn: ({ signal }) => api(getPersonProfile, { params: { personId } }, { signal }),
    enabled: !!personId,
    retry: false,
  });
}

function StageBadges({ profile, asOf }: { profile: PersonProfile; asOf: string | null }) {
  const { t } = useTranslation('person');
  const { api } = useServices();
  const past = useQuery({
    queryKey: [PERSON_KEY, profile.personId, 'lifecycle', asOf],
    queryFn: ({ signal }) => api(getLifecycle, { params: { personId: profile.personId }, query: { asOf: asOf! } }, { signal }),
    enabled: !!asOf,
  });
  if (!profile.workers.length) return <p className="muted">{t('header.noWorkers')}</p>;
  const stageOf = (workerId: string, today: PersonProfile['workers'][number]['stage']) =>
    asOf ? (past.data?.workers.find((w) => w.workerId === workerId)?.stage ?? null) : today;
  return (
    <ul className="person-workers" aria-label={t('lifecycle.asOf')}>
      {profile.workers.map((w) => {
        const stage = stageOf(w.workerId, w.stage);
        return (
          <li key={w.workerId}>
            <span className="badge chip">{t(`common:workerTypes.${w.workerType}`)}</span>
            {w.workerNumber && <span className="mono muted"> {w.workerNumber}</span>}{' '}
            <span className={`badge chip stage-${(stage ?? 'none').toLowerCase()}`} data-stage={stage ?? 'none'}>
              {asOf && past.isFetching ? '…' : t(`common:stages.${stage ?? 'none'}`)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function AsOfPicker({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) {
  const { t } = useTranslation('person');
  return (
    <label className="as-of">
      {t('lifecycle.asOf')}{' '}
      <input
        type="date"
        data-as-of
        value={value ?? todayInJapan()}
        onChange={(e) => onChange(e.target.value && isCalendarDate(e.target.value) && e.target.value !== todayInJapan() ? e.target.value : null)}
      />
    </label>
  );
}

function TabBar({ profile, tab, asOf }: { profile: PersonProfile; tab: ProfileTab | null; asOf: string | null }) {
  const { t } = useTranslation();
  const base = profileBase(profile);
  return (
    <nav className="tabbar" aria-label={t('person:header.tabs')}>
      {PROFILE_TABS.map((x, i) => (
        <Link
          key={x}
          to={`${base}/${profile.personId}/${x}`}
          search={(asOf ? { asOf } : {}) as never}
          className={x === tab ? 'tab active' : 'tab'}
          aria-current={x === tab ? 'page' : undefined}
          aria-keyshortcuts={`Alt+${i + 1}`}
          data-tab={x}
        >
          {t(`routes:pages.${x}`)}
        </Link>
      ))}
    </nav>
  );
}

function NotFound({ titleId, message, back, backLabel }: { titleId: string; message: string; back: string; backLabel: string }) {
  const { t } = useTranslation();
  return (
    <section className="pane" aria-labelledby={titleId}>
      <h1 id={titleId} className="pane-title">
        {t('routes:sections.person')}
      </h1>
      <p role="alert" className="form-error">
        {message}
      </p>
      <Link to={back}>{backLabel}</Link>
    </section>
  );
}

/** The page of one tab (or of a family member): header, tabs, and the body given the loaded profile. */
export function ProfileFrame({ tab, children }: { tab: ProfileTab | null; children: (profile: PersonProfile) => ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const path = useProfilePath();
  const { side, personId, base, familyPersonId } = path;
  const q = useProfile(personId);
  const search = useSearch({ strict: false }) as { asOf?: string };
  const [sideAsOf, setSideAsOf] = useState<string | null>(null);
  const asOf = side ? sideAsOf : search.asOf && isCalendarDate(search.asOf) ? search.asOf : null;
  const setAsOf = (v: string | null) =>
    side ? setSideAsOf(v) : void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, asOf: v ?? undefined })) as never, replace: true });
  const titleId = side ? 'side-pane-title' : 'pane-title';
  const profile = q.data;
  const state = personPage.use();

  // The main pane's profile is what the profile's commands act on.
  useEffect(() => {
    if (side) return;
    personPage.patch({ profile: profile ?? null });
    return () => personPage.patch({ profile: null, lifecycle: null, familyAdd: false });
  }, [side, profile]);

  // In the main pane the current tab takes the focus, so the profile's keys work at once.
  const ref = useRef<HTMLElement>(null);
  const focused = useRef<string | null>(null);
  const wrongBase = profile && profileBase(profile) !== base && !familyPersonId;
  useEffect(() => {
    const key = `${personId}/${tab ?? familyPersonId}`;
    if (side || !profile || wrongBase || focused.current === key) return;
    focused.current = key;
    // A tab with a grid moves the focus on to its grid itself.
    // (Not cancelled by a re-render, e.g. the profile fetched again: it ends by itself.)
    focusSoon(
      // The current tab; on a family member's page (no tab) its first action.
      () => ref.current?.querySelector<HTMLElement>('.tabbar [aria-current="page"], [data-focus-first]'),
      () => false,
    );
  }, [side, profile, wrongBase, personId, tab, familyPersonId]);

  // A closed dialog leaves the focus nowhere: back to the current tab, where the profile's keys work.
  const refocus = () =>
    setTimeout(() => {
      if (document.activeElement === document.body) ref.current?.querySelector<HTMLElement>('.tabbar [aria-current="page"]')?.focus();
    }, 0);

  if (q.error) {
    const message = q.error instanceof ApiError && q.error.status === 404 ? t('person:notFound') : q.error instanceof ApiError ? q.error.body.message : String(q.error);
    return <NotFound titleId={titleId} message={message} back="/people/workforce" backLabel={t('person:backToPeople')} />;
  }
  // Alumni have their own pages, and no family.
  if (profile && familyPersonId && profile.isAlumni) {
    return <NotFound titleId={titleId} message={t('person:family.notFoundAlumni')} back={`/alumni/${personId}/personal-information`} backLabel={t('person:family.back')} />;
  }
  if (profile && wrongBase && !side) {
    return <Navigate to={`${profileBase(profile)}/${personId}/${tab ?? 'personal-information'}`} search={(asOf ? { asOf } : {}) as never} replace />;
  }
  return (
    <section ref={ref} className="pane record person-profile" aria-labelledby={titleId} aria-busy={!profile} data-scope="pane:person">
      {!profile && (
        <h1 id={titleId} className="pane-title">
          {t('routes:sections.person')}
        </h1>
      )}
      {profile && (
        <>
          <header className="record-header person-header">
            <h1 id={titleId} className="pane-title record-title">
              {profile.avatarUrl ? <img src={profile.avatarUrl} alt="" width={32} height={32} className="avatar" /> : <span className="avatar" aria-hidden="true" />}
              <span className="muted">{t(profile.isAlumni ? 'routes:sections.alumni' : 'routes:sections.person')} /</span> {profile.name}
              {profile.isAlumni && <span className="badge chip">{t('person:header.alumni')}</span>}
            </h1>
            {(profile.familyNameKana || profile.givenNameKana) && (
              <p className="muted person-kana" lang="ja">
                {[profile.familyNameKana, profile.givenNameKana].filter(Boolean).join(' ')}
              </p>
            )}
            <div className="person-stages">
              <StageBadges profile={profile} asOf={asOf} />
              <AsOfPicker value={asOf} onChange={setAsOf} />
            </div>
            {side && (
              <p>
                <Link to={`${profileBase(profile)}/${personId}/${tab ?? 'personal-information'}`}>{t('person:header.openMain')}</Link>
              </p>
            )}
          </header>
          <TabBar profile={profile} tab={tab} asOf={asOf} />
          {children(profile)}
          {!side && state.lifecycle && (
            <LifecycleDialog
              profile={profile}
              stage={state.lifecycle}
              onClose={() => {
                personPage.patch({ lifecycle: null });
                refocus();
              }}
            />
          )}
          {!side && state.familyAdd && !profile.isAlumni && (
            <FamilyAddDialog
              personId={profile.personId}
              onClose={() => {
                personPage.patch({ familyAdd: false });
                refocus();
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
