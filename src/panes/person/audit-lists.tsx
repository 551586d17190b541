// The history tab (changes to the person's own records) and the activity
// tab (what the person did, and their lifecycle steps): paged lists on the
// shared ListPane, the audit trail's field-level changes written out in the
// user's language ("Job title: — → Manager"). Enter opens the record a row
// is about, Shift+Enter beside.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { type ActivityEntry, type AuditChange, type HistoryEntry, type PersonProfile, listPersonActivity, listPersonHistory } from '../../api/contracts/person.js';
import { formatDate, formatDateTime } from '../../format.js';
import type { GridColumn } from '../../tables/data-grid.js';
import { ListPane, type ListDef } from '../../tables/list-pane.js';
import { familyHref, profileHref } from './person-store.js';
import { useGridFocus } from './assets.js';

export const HISTORY_KEY = 'person-history';
export const ACTIVITY_KEY = 'person-activity';

const DATE_FIELD = /(On|Date|From|To)$/;
const ENUM_FIELDS: Record<string, (t: TFunction, v: string) => string> = {
  gender: (t, v) => t(`person:enums.gender.${v}`),
  relationship: (t, v) => t(`person:enums.relationship.${v}`),
  workerType: (t, v) => t(`common:workerTypes.${v}`),
  stage: (t, v) => t(`common:stages.${v}`),
};

/** One recorded value as the reader sees it. */
export function auditValue(t: TFunction, locale: string, field: string, v: AuditChange['before'], label: string | null): string {
  if (v === null || v === '') return '—';
  if (label) return label;
  if (typeof v === 'boolean') return v ? t('person:form.yes') : t('person:form.no');
  if (typeof v === 'string' && ENUM_FIELDS[field]) return ENUM_FIELDS[field]!(t, v);
  if (typeof v === 'string' && DATE_FIELD.test(field) && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(locale, v);
  return String(v);
}

const fieldName = (t: TFunction, field: string) => t(`person:fields.${field}`, { defaultValue: field });

/** "Field: before → after" per change (an added or removed row: its values). */
export function changesText(t: TFunction, locale: string, action: string | null, changes: readonly AuditChange[]): string {
  return changes
    .map((c) => {
      const before = auditValue(t, locale, c.field, c.before, c.beforeLabel);
      const after = auditValue(t, locale, c.field, c.after, c.afterLabel);
      if (action === 'INSERT') return `${fieldName(t, c.field)}: ${after}`;
      if (action === 'DELETE') return `${fieldName(t, c.field)}: ${before}`;
      return `${fieldName(t, c.field)}: ${before} → ${after}`;
    })
    .join(' · ');
}

function ChangesCell({ text }: { text: string }) {
  return (
    <span className="audit-changes" title={text}>
      {text}
    </span>
  );
}

/** The list of a profile tab: the person's rows of `contract`, paged and sorted by the server. */
function tabList<R extends { id: string }>(id: string, title: string, contract: unknown, profile: PersonProfile, columns: GridColumn<R>[], href: (r: R) => string): ListDef<R> {
  return {
    id,
    title,
    contract: contract as never,
    params: { personId: profile.personId },
    items: (r: { items: R[]; count: number }) => r,
    columns,
    getRowId: (r) => r.id,
    href,
    keys: { sort: 'sortColumn', direction: 'orderDirection' },
    embedded: true,
  };
}

/** The tab's list, its grid focused when the tab opens. */
function TabList<R extends { id: string }>({ def }: { def: ListDef<R> }) {
  const ref = useGridFocus(true);
  return (
    <div ref={ref}>
      <ListPane def={def} />
    </div>
  );
}

export function HistoryTab({ profile }: { profile: PersonProfile }) {
  const { t, i18n } = useTranslation();
  const def = useMemo<ListDef<HistoryEntry>>(() => {
    const subject = (r: HistoryEntry) => {
      const kind = t(`person:history.subjects.${r.subject}`);
      const named = r.subjectLabel ? `${kind}: ${r.subjectLabel}` : kind;
      return r.workerType ? `${named} (${t(`common:workerTypes.${r.workerType}`)})` : named;
    };
    const columns: GridColumn<HistoryEntry>[] = [
      { id: 'at', header: 'person:history.columns.at', width: 170, cell: (r) => <span className="mono">{formatDateTime(i18n.language, r.at)}</span> },
      { id: 'subject', header: 'person:history.columns.subject', width: 200, cell: subject },
      { id: 'action', header: 'person:history.columns.action', width: 90, cell: (r) => t(`person:history.actions.${r.action}`) },
      { id: 'changes', header: 'person:history.columns.changes', width: 520, cell: (r) => <ChangesCell text={changesText(t, i18n.language, r.action, r.changes)} /> },
      { id: 'actor', header: 'person:history.columns.actor', width: 150, cell: (r) => r.actor?.name ?? t('person:history.system') },
    ];
    return tabList(HISTORY_KEY, 'person:history.title', listPersonHistory, profile, columns, (r) =>
      r.subject === 'family' && !profile.isAlumni && r.action !== 'DELETE'
        ? familyHref(profile.personId, r.recordId)
        : profileHref(profile, r.subject === 'person' || r.subject === 'family' ? 'personal-information' : 'employee-information'),
    );
  }, [t, i18n.language, profile]);
  return <TabList def={def} />;
}

/** Where an activity row's record opens, when it has a page. */
function activityHref(profile: PersonProfile, r: ActivityEntry): string {
  if (r.kind === 'LIFECYCLE') return profileHref(profile, 'employee-information');
  if (r.action !== 'DELETE' && r.recordId) {
    switch (r.table) {
      case 'people':
        return `/person/${r.recordId}/personal-information`;
      case 'equipment':
        return `/equipment/${r.recordId}`;
      case 'app_integrations':
        return `/app-integrations/${r.recordId}/overview`;
      case 'software':
        return `/software/${r.recordId}/detail`;
    }
  }
  return profileHref(profile, 'activity');
}

export function ActivityTab({ profile }: { profile: PersonProfile }) {
  const { t, i18n } = useTranslation();
  const def = useMemo<ListDef<ActivityEntry>>(() => {
    const what = (r: ActivityEntry) => {
      if (r.lifecycle) {
        const l = r.lifecycle;
        const text = t('person:activity.lifecycle', { stage: t(`common:stages.${l.stage}`), type: t(`common:workerTypes.${l.workerType}`), date: formatDate(i18n.language, l.effectiveOn) });
        return l.recordedBy ? `${text} · ${t('person:activity.recordedBy', { name: l.recordedBy.name })}` : text;
      }
      return `${t(`person:activity.tables.${r.table}`, { defaultValue: r.table ?? '' })} · ${t(`person:history.actions.${r.action}`)}`;
    };
    const columns: GridColumn<ActivityEntry>[] = [
      { id: 'at', header: 'person:activity.columns.at', width: 170, cell: (r) => <span className="mono">{formatDateTime(i18n.language, r.at)}</span> },
      { id: 'what', header: 'person:activity.columns.what', width: 320, cell: what },
      { id: 'record', header: 'person:activity.columns.record', width: 200, cell: (r) => r.recordLabel ?? (r.lifecycle?.note || '—') },
      { id: 'changes', header: 'person:activity.columns.changes', width: 480, cell: (r) => <ChangesCell text={changesText(t, i18n.language, r.action, r.changes)} /> },
    ];
    return tabList(ACTIVITY_KEY, 'person:activity.title', listPersonActivity, profile, columns, (r) => activityHref(profile, r));
  }, [t, i18n.language, profile]);
  return <TabList def={def} />;
}
