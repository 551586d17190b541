// The overview tab of an app integration (spec 7: the nine
// /v2/app-integrations/{id}/overview/… calls): cards for the contract, the
// accounts and people, what the current cycle costs, the renewal and what
// cleaning up would save; the recommended actions as links to the users
// tab's categories; and three charts (user growth, monthly active user rate,
// monthly cost) drawn with uPlot on a canvas. Each chart's numbers are also
// in a visually hidden table, the chart's text alternative for screen
// readers; its colours are the theme's (styles.css variables), redrawn when
// the theme changes. The page frame (header, tabs) is integration-frame.tsx.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { ApiError } from '../../api/client.js';
import type { Contract, ContractResponse } from '../../api/contracts/define.js';
import * as O from '../../api/contracts/app-overview.js';
import { formatCurrency, formatDate, formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import { INTEGRATION_KEY, integrationHref } from './integration-frame.js';
import './integration-overview.css';

const DASH = '—';

function useOverview<C extends Contract>(contract: C, id: string) {
  const { api } = useServices();
  return useQuery({
    // Under the integration's key: a finished refresh refetches the overview too.
    queryKey: [INTEGRATION_KEY, id, 'overview', contract.id],
    queryFn: ({ signal }) => api(contract as Contract, { params: { id } } as never, { signal }) as Promise<ContractResponse<C>>,
    enabled: !!id,
    retry: false,
  });
}

const money = (locale: string, m: O.Money | null | undefined) => (m ? formatCurrency(locale, m.amount, m.currencyCode) : DASH);
const num = (locale: string, n: number | null | undefined) => (n === null || n === undefined ? DASH : formatNumber(locale, n));
const percent = (locale: string, r: number | null | undefined) =>
  r === null || r === undefined ? DASH : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(r);

/** '2025-04' → 'Apr 2025' / '2025年4月'; short: 'Apr' / '4月'. */
function monthLabel(locale: string, month: string, short = false): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, short ? { month: 'short', timeZone: 'UTC' } : { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}

function Card({ title, query, children, wide }: { title: string; query: { error: unknown; isPending: boolean }; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className={wide ? 'ov-card wide' : 'ov-card'} aria-labelledby={id} aria-busy={query.isPending}>
      <h2 id={id}>{title}</h2>
      {query.error ? (
        <p role="alert" className="form-error">
          {query.error instanceof ApiError ? query.error.body.message : t('appOverview:loadFailed')}
        </p>
      ) : query.isPending ? (
        <p className="muted">{t('appOverview:loading')}</p>
      ) : (
        children
      )}
    </section>
  );
}

function Fact({ label, children, big }: { label: string; children: ReactNode; big?: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={big ? 'mono big' : 'mono'}>{children}</dd>
    </>
  );
}

function cycleText(t: (k: string, o?: Record<string, unknown>) => string, unit: string | null | undefined, length: number | null | undefined) {
  if (!unit) return DASH;
  return (length ?? 1) === 1 ? t(`appOverview:cycle.one.${unit}`) : t(`appOverview:cycle.many.${unit}`, { count: length });
}

function ContractCard({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const q = useOverview(O.getOverviewAppContract, id);
  const c = q.data?.appContract;
  const anchor =
    c?.contractAnchorMonth && c.contractAnchorDay
      ? new Intl.DateTimeFormat(i18n.language, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, c.contractAnchorMonth - 1, c.contractAnchorDay)))
      : DASH;
  return (
    <Card title={t('appOverview:contract.title')} query={q}>
      {c && (
        <dl className="facts">
          <Fact label={t('appOverview:contract.plan')}>{c.planName ?? DASH}</Fact>
          <Fact label={t('appOverview:contract.pricingModel')}>{c.pricingModel ? t(`appOverview:pricingModel.${c.pricingModel}`) : t('appOverview:contract.noPlan')}</Fact>
          <Fact label={c.pricingModel === 'LINEAR' ? t(`appOverview:contract.unitPrice.${c.unit ?? 'BILLABLE_USER'}`) : t('appOverview:contract.price')}>
            {c.priceOfUnitPerBillingCycle !== null && c.currencyCode ? formatCurrency(i18n.language, c.priceOfUnitPerBillingCycle, c.currencyCode) : DASH}
          </Fact>
          <Fact label={t('appOverview:contract.currency')}>{c.currencyCode ?? DASH}</Fact>
          <Fact label={t('appOverview:contract.cycle')}>{cycleText(t, c.billingCycleUnit, c.billingCycleLength)}</Fact>
          <Fact label={t('appOverview:contract.anchor')}>{anchor}</Fact>
        </dl>
      )}
    </Card>
  );
}

const usersHref = (id: string) => integrationHref(id, 'users');

function UsersCard({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const q = useOverview(O.getOverviewUserAndPeople, id);
  const d = q.data;
  return (
    <Card title={t('appOverview:users.title')} query={q}>
      {d && (
        <>
          <dl className="facts">
            <Fact label={t('appOverview:users.accounts')} big>
              {num(i18n.language, d.accounts)}
            </Fact>
            <Fact label={t('appOverview:users.active')}>{num(i18n.language, d.activeAccounts)}</Fact>
            <Fact label={t('appOverview:users.deactivated')}>{num(i18n.language, d.deactivatedAccounts)}</Fact>
            <Fact label={t('appOverview:users.signedIn30')}>{num(i18n.language, d.signedInLast30Days)}</Fact>
            <Fact label={t('appOverview:users.matchedPeople')}>{num(i18n.language, d.matchedPeople)}</Fact>
            <Fact label={t('appOverview:users.assignedPeople')}>{num(i18n.language, d.assignedPeople)}</Fact>
          </dl>
          <Link to={usersHref(id)} search={{ category: 'FOLLOWING' } as never}>
            {t('appOverview:users.following', { count: formatNumber(i18n.language, d.counts.FOLLOWING) })}
          </Link>
        </>
      )}
    </Card>
  );
}

/** The cycle's last day: its end is the next cycle's first. */
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

function BillingCard({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const q = useOverview(O.getOverviewBillingCost, id);
  const d = q.data;
  return (
    <Card title={t('appOverview:billing.title')} query={q}>
      {d && (
        <dl className="facts">
          <Fact label={t('appOverview:billing.cycleCost')} big>
            {money(i18n.language, d.cycleCost)}
          </Fact>
          <Fact label={t('appOverview:billing.period')}>{d.cycle ? `${formatDate(i18n.language, d.cycle.start)} – ${formatDate(i18n.language, dayBefore(d.cycle.end))}` : DASH}</Fact>
          {d.pricingModel === 'LINEAR' && (
            <Fact label={t(`appOverview:billing.units.${d.unit ?? 'BILLABLE_USER'}`)}>
              {t('appOverview:billing.unitsTimesPrice', { units: num(i18n.language, d.units), price: money(i18n.language, d.unitPrice) })}
            </Fact>
          )}
          <Fact label={t('appOverview:billing.perMonth')}>{money(i18n.language, d.monthlyCost)}</Fact>
          <Fact label={t('appOverview:billing.perYear')}>{money(i18n.language, d.yearlyCost)}</Fact>
        </dl>
      )}
    </Card>
  );
}

function RenewalCard({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const q = useOverview(O.getOverviewRenewalDate, id);
  const d = q.data;
  return (
    <Card title={t('appOverview:renewal.title')} query={q}>
      {d && (
        <dl className="facts">
          <Fact label={t('appOverview:renewal.date')} big>
            {d.renewalDate ? formatDate(i18n.language, d.renewalDate) : DASH}
          </Fact>
          <Fact label={t('appOverview:renewal.daysLeft')}>{num(i18n.language, d.daysLeft)}</Fact>
          <Fact label={t('appOverview:contract.cycle')}>{cycleText(t, d.billingCycleUnit, d.billingCycleLength)}</Fact>
        </dl>
      )}
    </Card>
  );
}

function SavingCard({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const q = useOverview(O.getOverviewSavingCost, id);
  const d = q.data;
  return (
    <Card title={t('appOverview:saving.title')} query={q}>
      {d && (
        <>
          <dl className="facts">
            <Fact label={t('appOverview:saving.perMonth')} big>
              {money(i18n.language, d.monthly)}
            </Fact>
            <Fact label={t('appOverview:saving.perYear')}>{money(i18n.language, d.yearly)}</Fact>
            <Fact label={t('appOverview:saving.accounts')}>{num(i18n.language, d.removableAccounts)}</Fact>
          </dl>
          {d.pricingModel && d.pricingModel !== 'LINEAR' && <p className="muted small">{t('appOverview:saving.flatPlan')}</p>}
          <ul className="ov-breakdown">
            {d.byCategory.map((c) => (
              <li key={c.category}>
                <Link to={usersHref(id)} search={{ category: c.category } as never}>
                  {t(`appOverview:categories.${c.category}`)}
                </Link>{' '}
                <span className="mono">{num(i18n.language, c.accounts)}</span>
                {c.monthly && c.monthly.amount > 0 && <span className="muted"> · {t('appOverview:saving.eachPerMonth', { amount: money(i18n.language, c.monthly) })}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function ActionsCard({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const q = useOverview(O.getOverviewRecommendedActions, id);
  const items = q.data?.items;
  return (
    <Card title={t('appOverview:actions.title')} query={q} wide>
      {items &&
        (items.length ? (
          <ol className="ov-actions">
            {items.map((a) => (
              <li key={a.action}>
                {a.category ? (
                  <Link to={usersHref(id)} search={{ category: a.category } as never}>
                    {a.count > 0 && <span className="ov-count mono">{formatNumber(i18n.language, a.count)}</span>}
                    {t(`appOverview:actions.${a.action}`)}
                  </Link>
                ) : (
                  <Link to={integrationHref(id, 'settings')}>{t(`appOverview:actions.${a.action}`)}</Link>
                )}
                {a.monthlySaving && a.monthlySaving.amount > 0 && <span className="muted"> · {t('appOverview:saving.eachPerMonth', { amount: money(i18n.language, a.monthlySaving) })}</span>}
              </li>
            ))}
          </ol>
        ) : (
          <p className="empty-state">{t('appOverview:actions.none')}</p>
        ))}
    </Card>
  );
}

// ── Charts ──────────────────────────────────────────────────────────────────
interface Palette {
  fg: string;
  muted: string;
  border: string;
  accent: string;
  second: string;
}

function readPalette(): Palette {
  const s = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => s.getPropertyValue(name).trim() || fallback;
  return { fg: v('--fg', '#e6edf3'), muted: v('--muted', '#9aa7b4'), border: v('--border', '#30363d'), accent: v('--accent', '#58a6ff'), second: v('--focus', '#f0b429') };
}

/** The theme's colours, read again when the theme (data-theme on <html>) changes. */
function usePalette(): Palette {
  const [palette, setPalette] = useState(readPalette);
  useEffect(() => {
    const o = new MutationObserver(() => setPalette(readPalette()));
    o.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
    return () => o.disconnect();
  }, []);
  return palette;
}

interface Series {
  label: string;
  values: (number | null)[];
  color: keyof Pick<Palette, 'accent' | 'second'>;
}

function Chart({ title, months, series, kind, format, yMax }: { title: string; months: string[]; series: Series[]; kind: 'line' | 'bars'; format: (n: number) => string; yMax?: number }) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  const box = useRef<HTMLDivElement>(null);
  const palette = usePalette();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const n = months.length;
    const width = () => Math.max(240, Math.floor(el.clientWidth));
    const narrow = () => width() < 520;
    const font = `11px ${getComputedStyle(document.documentElement).getPropertyValue('--mono') || 'monospace'}`;
    const axis = { stroke: palette.muted, font, grid: { stroke: palette.border, width: 1 }, ticks: { stroke: palette.border, width: 1 } };
    const opts: uPlot.Options = {
      width: width(),
      height: 200,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: false, range: [-0.5, n - 0.5] },
        y: { range: (_u, _min, max) => [0, yMax ?? Math.max(1, (max ?? 0) * 1.15)] },
      },
      axes: [
        { ...axis, splits: () => months.map((_, i) => i), values: (_u, splits) => splits.map((i) => (narrow() && (n - 1 - i) % 2 ? '' : monthLabel(i18n.language, months[i] ?? '', true))) },
        { ...axis, size: 64, values: (_u, splits) => splits.map((v) => format(v)) },
      ],
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: palette[s.color],
          width: 2,
          spanGaps: false,
          ...(kind === 'bars' ? { fill: `${palette[s.color]}aa`, paths: uPlot.paths.bars!({ size: [0.6, 48] }), points: { show: false } } : { points: { show: true, size: 5, fill: palette[s.color] } }),
        })),
      ],
    };
    const u = new uPlot(opts, [months.map((_, i) => i), ...series.map((s) => s.values)] as uPlot.AlignedData, el);
    const ro = new ResizeObserver(() => u.setSize({ width: width(), height: 200 }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      u.destroy();
    };
  }, [months, series, kind, format, yMax, palette, i18n.language]);

  return (
    <figure className="ov-chart" aria-labelledby={captionId}>
      <figcaption id={captionId}>{title}</figcaption>
      <ul className="ov-legend" aria-hidden="true">
        {series.map((s) => (
          <li key={s.label}>
            <span className="swatch" style={{ background: palette[s.color] }} />
            {s.label}
          </li>
        ))}
      </ul>
      {/* The canvas is for the eye; the table below says the same in text. */}
      <div ref={box} className="ov-canvas" aria-hidden="true" />
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('appOverview:charts.month')}</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((m, i) => (
            <tr key={m}>
              <th scope="row">{monthLabel(i18n.language, m)}</th>
              {series.map((s) => (
                <td key={s.label}>{s.values[i] === null || s.values[i] === undefined ? t('appOverview:charts.noData') : format(s.values[i]!)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function Charts({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const growth = useOverview(O.getOverviewUserGrowth, id);
  const mau = useOverview(O.getOverviewMonthlyActiveUserRate, id);
  const cost = useOverview(O.getOverviewMonthlyCost, id);
  const lang = i18n.language;
  const g = growth.data;
  const m = mau.data;
  const c = cost.data;
  // Stable inputs: a chart is rebuilt only when its data, the language or the theme change.
  const countFormat = useMemo(() => (n: number) => formatNumber(lang, Math.round(n)), [lang]);
  const rateFormat = useMemo(() => (n: number) => percent(lang, n / 100), [lang]);
  const currency = c?.currencyCode ?? null;
  const costFormat = useMemo(() => (n: number) => (currency ? formatCurrency(lang, n, currency) : formatNumber(lang, n)), [lang, currency]);
  const growthChart = useMemo(
    () =>
      g && {
        months: g.months.map((x) => x.month),
        series: [
          { label: t('appOverview:charts.accounts'), values: g.months.map((x) => x.accounts), color: 'accent' },
          { label: t('appOverview:charts.activeAccounts'), values: g.months.map((x) => x.activeAccounts), color: 'second' },
        ] satisfies Series[],
      },
    [g, t],
  );
  const mauChart = useMemo(
    () =>
      m && {
        months: m.months.map((x) => x.month),
        // Percent on the axis: 0–100.
        series: [{ label: t('appOverview:charts.mauRate'), values: m.months.map((x) => (x.rate === null ? null : Math.round(x.rate * 1000) / 10)), color: 'accent' }] satisfies Series[],
      },
    [m, t],
  );
  const costChart = useMemo(
    () =>
      c && {
        months: c.months.map((x) => x.month),
        series: [{ label: t('appOverview:charts.cost', { currency: c.currencyCode ?? DASH }), values: c.months.map((x) => x.amount), color: 'accent' }] satisfies Series[],
      },
    [c, t],
  );
  return (
    <div className="ov-charts">
      <Card title={t('appOverview:charts.userGrowth')} query={growth}>
        {growthChart && <Chart title={t('appOverview:charts.userGrowthCaption')} {...growthChart} kind="line" format={countFormat} />}
      </Card>
      <Card title={t('appOverview:charts.mau')} query={mau}>
        {mauChart && <Chart title={t('appOverview:charts.mauCaption')} {...mauChart} kind="line" format={rateFormat} yMax={100} />}
      </Card>
      <Card title={t('appOverview:charts.monthlyCost')} query={cost}>
        {costChart && <Chart title={t('appOverview:charts.monthlyCostCaption')} {...costChart} kind="bars" format={costFormat} />}
      </Card>
    </div>
  );
}

/** The body of /app-integrations/$id/overview (mounted by the integration frame). */
export function IntegrationOverview({ integrationId }: { integrationId: string }) {
  const { t } = useTranslation();
  return (
    <div className="app-overview">
      <h2 className="visually-hidden">{t('appOverview:title')}</h2>
      <div className="ov-cards">
        <ContractCard id={integrationId} />
        <UsersCard id={integrationId} />
        <BillingCard id={integrationId} />
        <RenewalCard id={integrationId} />
        <SavingCard id={integrationId} />
        <ActionsCard id={integrationId} />
      </div>
      <Charts id={integrationId} />
    </div>
  );
}
