// Organisation plans (spec 2.3 Plans): the list, create (a name and an
// effective date), the plan page — the draft structure on its date with
// each unit's differences from today marked in words ([added] [renamed]
// [moved] [closed], readable without colour), the list of changes, the
// plan's name and date — and the add / edit pages of a unit of the draft.
// Applying (Shift+A), closing (Delete), undoing (Shift+U) and the rest are
// commands (src/commands/organization.commands.ts) acting on the plan on
// screen (org-store) and the unit focused in its tree.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addPlanUnit,
  createPlan,
  editPlanUnit,
  getPlan,
  listPlans,
  PLAN_STATUSES,
  type Plan,
  type PlanUnit,
  updatePlan,
  type ViewMode,
} from '../../api/contracts/organization.js';
import { CommandButton } from '../../commands/command-button.js';
import { formatDate, formatDateTime, formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import type { GridColumn } from '../../tables/data-grid.js';
import { ListPane, type ListDef } from '../../tables/list-pane.js';
import { useDialogs } from '../dialogs.js';
import { FormActions, type FormError, FormErrorLine, FormField, useFormSubmit } from '../form.js';
import { usePaneParams } from '../pane-path.js';
import { unitHref } from './chart.js';
import { ViewControls } from './controls.js';
import { firstOfNextMonth, parseDateInput } from './dates.js';
import { orgForm, orgPlan } from './org-store.js';
import { changeLines } from './plan-lines.js';
import { OrgTree, type TreeNode, useFocusTreeOnce } from './org-tree.js';
import { invalidDate, OrgFormPane, subtreeOf, UnitFields, type UnitValues, unitBody } from './unit-form.js';

export const PLANS_KEY = 'org-plans';
export const PLAN_KEY = 'org-plan';
export const planHref = (id: string) => `/organization/plan/${id}`;

type T = (k: string, o?: Record<string, unknown>) => string;

export function usePlan(planId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: [PLAN_KEY, planId],
    queryFn: ({ signal }) => api(getPlan, { params: { planId } }, { signal }),
    enabled: !!planId,
    retry: false,
  });
}

// ── The list ────────────────────────────────────────────────────────────────
function StatusTabs() {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as { status?: string };
  const tabs = [undefined, ...PLAN_STATUSES];
  return (
    <nav className="tabbar" aria-label={t('organization:columns.status')}>
      <span className="tab-group">
        {tabs.map((s) => (
          <Link
            key={s ?? 'all'}
            to="."
            search={((prev: Record<string, unknown>) => ({ ...prev, status: s, pageIndex: 0 })) as never}
            className={search.status === s ? 'tab sub active' : 'tab sub'}
            aria-current={search.status === s ? 'true' : undefined}
          >
            {s ? t(`organization:plans.status.${s}`) : t('organization:commands.allOption')}
          </Link>
        ))}
      </span>
    </nav>
  );
}

export function PlansPane() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const def = useMemo<ListDef<Plan>>(() => {
    const columns: GridColumn<Plan>[] = [
      { id: 'name', header: 'organization:columns.planName', width: 240, sortColumn: 'NAME', cell: (r) => r.name },
      { id: 'effectiveOn', header: 'organization:columns.effectiveOn', width: 140, sortColumn: 'EFFECTIVE_ON', cell: (r) => <span className="mono">{formatDate(lang, r.effectiveOn)}</span> },
      { id: 'status', header: 'organization:columns.status', width: 110, sortColumn: 'STATUS', cell: (r) => t(`organization:plans.status.${r.status}`) },
      { id: 'changeCount', header: 'organization:columns.changeCount', width: 90, cell: (r) => <span className="mono">{formatNumber(lang, r.changeCount)}</span> },
      { id: 'updatedAt', header: 'organization:columns.updatedAt', width: 180, sortColumn: 'UPDATED_AT', cell: (r) => <span className="mono">{formatDateTime(lang, r.updatedAt)}</span> },
    ];
    return {
      id: PLANS_KEY,
      title: 'organization:plans.title',
      contract: listPlans as never,
      items: (r: { items: Plan[]; count: number }) => r,
      keys: { sort: 'sortColumn', direction: 'orderDirection' },
      getRowId: (r) => r.id,
      href: (r) => planHref(r.id),
      columns,
      tabs: <StatusTabs />,
      toolbar: (
        <span className="toolbar-actions">
          <CommandButton id="organization.plan.new" />
        </span>
      ),
      scope: 'pane:org-plans',
    };
  }, [t, lang]);
  return <ListPane def={def} />;
}

// ── Create ──────────────────────────────────────────────────────────────────
type PlanValues = { name: string; effectiveOn: string };

/** A plan's name and effective date. */
function PlanFields({ values, setValues, error, nameRef, nameClass }: { values: PlanValues; setValues: (f: (v: PlanValues) => PlanValues) => void; error: FormError | null; nameRef?: RefObject<HTMLInputElement | null>; nameClass?: string }) {
  const { t } = useTranslation();
  return (
    <div className="form-grid">
      <FormField label={t('organization:plans.create.name')} required error={error?.fields.name}>
        {(p) => <input {...p} ref={nameRef} className={nameClass} type="text" maxLength={100} value={values.name} onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))} />}
      </FormField>
      <FormField label={t('organization:plans.create.effectiveOn')} required hint="YYYY-MM-DD" error={error?.fields.effectiveOn}>
        {(p) => <input {...p} type="text" inputMode="numeric" value={values.effectiveOn} onChange={(e) => setValues((v) => ({ ...v, effectiveOn: e.target.value }))} />}
      </FormField>
    </div>
  );
}

export function PlanCreatePane() {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PlanValues>({ name: '', effectiveOn: firstOfNextMonth() });
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);

  const { error, pending, submit } = useFormSubmit(orgForm, async (setError) => {
    const effectiveOn = parseDateInput(values.effectiveOn);
    if (!effectiveOn) return setError(invalidDate(t, 'effectiveOn'));
    const plan = await api(createPlan, { body: { name: values.name, effectiveOn } });
    setError(null);
    await queryClient.invalidateQueries({ queryKey: [PLANS_KEY] });
    dialogs.toast({ description: t('organization:plans.create.created', { name: plan.name }) });
    void navigate({ href: planHref(plan.id) });
  });
  return (
    <OrgFormPane
      title={
        <>
          {t('routes:sections.organization')} › {t('routes:pages.plan-create')}
        </>
      }
    >
      <p className="muted">{t('organization:plans.create.intro')}</p>
      <form className="record-form" onSubmit={submit} noValidate>
        <FormErrorLine error={error} />
        <PlanFields values={values} setValues={setValues} error={error} nameRef={nameRef} />
        <FormActions cancelLabel={t('organization:settings.cancel')} onCancel={() => void navigate({ href: '/organization/plan' })} saveLabel={t('organization:plans.create.save')} pending={pending} />
      </form>
    </OrgFormPane>
  );
}

// ── The plan ────────────────────────────────────────────────────────────────
function PlanSettings({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PlanValues>({ name: plan.name, effectiveOn: plan.effectiveOn });
  useEffect(() => setValues({ name: plan.name, effectiveOn: plan.effectiveOn }), [plan.name, plan.effectiveOn]);
  const { error, submit } = useFormSubmit(null, async (setError) => {
    const effectiveOn = parseDateInput(values.effectiveOn);
    if (!effectiveOn) return setError(invalidDate(t, 'effectiveOn'));
    await api(updatePlan, { params: { planId: plan.id }, body: { name: values.name, effectiveOn } });
    setError(null);
    await Promise.all([PLAN_KEY, PLANS_KEY].map((k) => queryClient.invalidateQueries({ queryKey: [k] })));
    dialogs.toast({ description: t('organization:plans.detail.saved') });
  });
  return (
    <section className="settings-section" aria-labelledby="org-plan-settings">
      <h2 id="org-plan-settings">{t('organization:plans.detail.settings')}</h2>
      <form className="record-form" onSubmit={submit} noValidate>
        <FormErrorLine error={error} />
        <PlanFields values={values} setValues={setValues} error={error} nameClass="org-plan-name" />
        <div className="form-actions">
          <button type="submit">{t('organization:plans.detail.save')}</button>
        </div>
      </form>
    </section>
  );
}

function marksText(t: T, u: PlanUnit): string {
  const words = u.marks.map((m) => `[${t(`organization:plans.mark.${m}`)}]`);
  if (u.baseChanged) words.push(`[${t('organization:plans.detail.stale')}]`);
  return words.join(' ');
}

export function PlanPane() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const lang = i18n.language;
  const { planId = '' } = usePaneParams('/organization/plan/$planId');
  const search = useSearch({ strict: false }) as { viewMode?: ViewMode; isCompactView?: boolean };
  const detail = usePlan(planId);
  const d = detail.data;

  useEffect(() => {
    orgPlan.set(d ?? null);
  }, [d]);
  useEffect(() => () => orgPlan.set(null), []);

  const nodes = useMemo<TreeNode[]>(
    () =>
      (d?.units ?? []).map((u) => ({
        id: u.id,
        parentId: u.parentUnitId,
        name: u.name,
        detail: [marksText(t, u), u.code ? u.code : ''].filter(Boolean).join(' · ') || undefined,
        extra: (
          <>
            {u.marks.includes('RENAMED') && u.before && <span>{t('organization:plans.detail.wasNamed', { name: u.before.name })} · </span>}
            {u.marks.includes('MOVED') && u.before && <span>{t('organization:plans.detail.wasUnder', { name: u.before.parentName ?? t('organization:unit.top') })} · </span>}
            <span>{t('organization:chart.members', { count: u.memberCount })}</span>
          </>
        ),
        className: [u.marks.includes('CLOSED') ? 'org-closed' : '', u.marks.includes('ADDED') ? 'org-added' : ''].join(' ').trim() || undefined,
      })),
    [d, t],
  );
  const lines = useMemo(() => (d ? changeLines(t, d) : []), [d, t]);
  useFocusTreeOnce('plan', nodes.length > 0);

  if (detail.isError) {
    return (
      <section className="pane" aria-labelledby="pane-title">
        <h1 id="pane-title" className="pane-title">
          {t('routes:sections.organization')} › {t('routes:pages.plan-detail')}
        </h1>
        <p className="empty-state">{(detail.error as { body?: { message?: string } }).body?.message ?? String(detail.error)}</p>
      </section>
    );
  }
  const draft = d?.plan.status === 'DRAFT';
  const open = (id: string) => {
    if (!d) return;
    const u = d.units.find((x) => x.id === id);
    if (draft && u && !u.marks.includes('CLOSED')) void navigate({ href: `/organization/plan/${planId}/edit/${id}` });
    else void navigate({ href: unitHref(id, u?.marks.includes('CLOSED') ? d.comparedWith : d.plan.effectiveOn) });
  };
  return (
    <section className="pane" aria-labelledby="pane-title" data-scope="pane:org-plan">
      <div data-scope="pane:org-view">
        <h1 id="pane-title" className="pane-title">
          {d?.plan.name ?? t('routes:pages.plan-detail')}
        </h1>
        {!d ? (
          <p className="pending" role="status">
            {t('organization:unit.loading')}
          </p>
        ) : (
          <>
            <dl className="facts">
              <dt>{t('organization:columns.status')}</dt>
              <dd>{t(`organization:plans.status.${d.plan.status}`)}</dd>
              <dt>{t('organization:columns.effectiveOn')}</dt>
              <dd className="mono">{formatDate(lang, d.plan.effectiveOn)}</dd>
              <dt>{t('organization:columns.changeCount')}</dt>
              <dd className="mono">{formatNumber(lang, d.plan.changeCount)}</dd>
              {d.plan.appliedAt && (
                <>
                  <dt>{t('organization:plans.detail.appliedAt', { at: '' }).trim()}</dt>
                  <dd className="mono">{formatDateTime(lang, d.plan.appliedAt)}</dd>
                </>
              )}
            </dl>
            {!draft && <p className="org-note">{t('organization:plans.detail.readOnly', { date: formatDate(lang, d.plan.effectiveOn) })}</p>}
            <div className="list-toolbar org-toolbar">
              <ViewControls viewMode={search.viewMode ?? 'hierarchy'} compact={search.isCompactView ?? false} />
              <span className="toolbar-actions">
                <CommandButton id="organization.plan.addUnit" />
                <CommandButton id="organization.plan.editUnit" />
                <CommandButton id="organization.plan.closeUnit" />
                <CommandButton id="organization.plan.revertUnit" />
                <CommandButton id="organization.plan.apply" className="" />
              </span>
            </div>
            <p className="org-note">
              {t('organization:plans.detail.comparedWith', { date: formatDate(lang, d.comparedWith) })} · {t('organization:plans.detail.legend')}
            </p>
            <OrgTree
              treeKey="plan"
              nodes={nodes}
              label={t('organization:plans.detail.treeLabel', { name: d.plan.name })}
              viewMode={search.viewMode ?? 'hierarchy'}
              compact={search.isCompactView ?? false}
              onOpen={open}
            />
            <section className="settings-section" aria-labelledby="org-plan-changes">
              <h2 id="org-plan-changes">{t('organization:plans.detail.changes')}</h2>
              {lines.length ? (
                <ul className="org-changes">
                  {lines.map((line, i) => (
                    <li key={i}>{line}</li>
                  ))}
                </ul>
              ) : (
                <p className="empty-state">{t('organization:plans.detail.noChanges')}</p>
              )}
            </section>
            {draft && <PlanSettings plan={d.plan} />}
          </>
        )}
      </div>
    </section>
  );
}

// ── Add and edit a unit of the draft ────────────────────────────────────────
export function PlanUnitPane() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lang = i18n.language;
  const addParams = usePaneParams('/organization/plan/$planId/add');
  const editParams = usePaneParams('/organization/plan/$planId/edit/$unitId');
  const planId = addParams.planId || editParams.planId || '';
  const unitId = editParams.unitId || null;
  const search = useSearch({ strict: false }) as { parentUnitId?: string };
  const detail = usePlan(planId);
  const d = detail.data;
  const unit = unitId ? d?.units.find((u) => u.id === unitId) : undefined;
  const [values, setValues] = useState<UnitValues | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (values || !d) return;
    if (unitId && !unit) return;
    setValues(
      unit
        ? { name: unit.name, code: unit.code ?? '', parentUnitId: unit.parentUnitId ?? '', displayOrder: String(unit.displayOrder) }
        : { name: '', code: '', parentUnitId: search.parentUnitId && d.units.some((u) => u.id === search.parentUnitId) ? search.parentUnitId : '', displayOrder: '' },
    );
  }, [d, unit, unitId, values, search.parentUnitId]);
  useEffect(() => {
    if (values) nameRef.current?.focus();
  }, [values === null]);

  const open = useMemo(() => (d?.units ?? []).filter((u) => !u.marks.includes('CLOSED')), [d]);
  const excluded = useMemo(() => (unitId ? subtreeOf(unitId, open) : new Set<string>()), [unitId, open]);
  // A planned unit has its code here; an existing unit's code is its settings'.
  const codeEditable = !unit || unit.kind === 'ADD';
  const set = (k: keyof UnitValues, v: string) => setValues((cur) => (cur ? { ...cur, [k]: v } : cur));

  const { error, pending, submit } = useFormSubmit(orgForm, async (setError) => {
    if (!values) return;
    const body = { ...unitBody(values), ...(codeEditable ? { code: values.code.trim() || null } : {}) };
    if (unitId) await api(editPlanUnit, { params: { planId, unitId }, body });
    else await api(addPlanUnit, { params: { planId }, body });
    setError(null);
    await Promise.all([PLAN_KEY, PLANS_KEY].map((k) => queryClient.invalidateQueries({ queryKey: [k] })));
    dialogs.toast({ description: t(unitId ? 'organization:plans.unitForm.edited' : 'organization:plans.unitForm.added', { name: values.name.trim() }) });
    void navigate({ href: planHref(planId) });
  });
  const page = unitId ? 'plan-edit' : 'plan-add';

  return (
    <OrgFormPane
      title={
        <>
          {t(`routes:pages.${page}`)}
          {d && ` › ${d.plan.name}`}
        </>
      }
      missing={(detail.isError || (!!d && !!unitId && !unit)) && t('organization:unit.notFound')}
      loading={!d || !values}
    >
      {d && values && (
        <>
          <p className="muted">
            {unit
              ? t('organization:plans.unitForm.editIntro', { name: unit.name, date: formatDate(lang, d.plan.effectiveOn) })
              : t('organization:plans.unitForm.addIntro', { date: formatDate(lang, d.plan.effectiveOn) })}
          </p>
          {d.plan.status === 'APPLIED' && <p className="form-error">{t('organization:errors.planApplied')}</p>}
          <form className="record-form" onSubmit={submit} noValidate>
            <FormErrorLine error={error} />
            <div className="form-grid">
              <UnitFields
                ns="organization:plans.unitForm"
                values={values}
                set={set}
                error={error}
                nameRef={nameRef}
                units={open}
                excluded={excluded}
                codeEditable={codeEditable}
                {...(codeEditable ? {} : { codeHint: t('organization:plans.unitForm.codeExisting') })}
              />
            </div>
            <FormActions cancelLabel={t('organization:plans.unitForm.cancel')} onCancel={() => void navigate({ href: planHref(planId) })} saveLabel={t('organization:plans.unitForm.save')} pending={pending} />
          </form>
        </>
      )}
    </OrgFormPane>
  );
}
