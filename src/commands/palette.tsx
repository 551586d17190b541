// The palette: kbar renders the registry. Titles in the current language;
// the other language's titles are keywords, so a page is found by its English
// and its Japanese name. kbar's own toggle key is disabled: tinykeys binds
// $mod+K from the registry like every other key.
import {
  type Action,
  KBarAnimator,
  KBarPortal,
  KBarPositioner,
  KBarProvider,
  KBarResults,
  KBarSearch,
  useKBar,
  useMatches,
  useRegisterActions,
} from 'kbar';
import { useQuery } from '@tanstack/react-query';
import { searchRecords } from '../api/contracts/search.js';
import { useServices } from '../services.js';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Command, type CommandContext, commandTitle, keyLabel } from './registry.js';

function toActions(commands: readonly Command[], ctx: CommandContext, t: ReturnType<typeof useTranslation>['t'], i18n: ReturnType<typeof useTranslation>['i18n']): Action[] {
  const other = i18n.getFixedT(i18n.language === 'ja-JP' ? 'en-US' : 'ja-JP');
  return commands
    // Pane commands act on the focused pane, which the palette itself takes.
    .filter((c) => (c.scope ?? 'global') === 'global' && (!c.when || c.when(ctx)))
    .map((c) => ({
      id: c.id,
      name: commandTitle(t, c),
      keywords: [commandTitle(other, c), ...(c.keywords ?? [])].join(' '),
      section: t(`commands:sections.${c.section}`),
      perform: () => void c.run(ctx),
      ...(c.keys ? { subtitle: keyLabel(c.keys) } : {}),
    }));
}

function Results() {
  const { results } = useMatches();
  const wrap = useRef<HTMLDivElement>(null);
  // kbar's scroll container is a plain div; a long list must still be
  // scrollable from the keyboard (axe: scrollable-region-focusable).
  useEffect(() => {
    wrap.current?.firstElementChild?.setAttribute('tabindex', '0');
  });
  return (
    <div ref={wrap}>
    <KBarResults
      items={results}
      onRender={({ item, active }) =>
        typeof item === 'string' ? (
          <div className="palette-section">{item}</div>
        ) : (
          <div className={active ? 'palette-item active' : 'palette-item'}>
            <span>{item.name}</span>
            {item.subtitle && <kbd className="mono">{item.subtitle}</kbd>}
          </div>
        )
      }
    />
    </div>
  );
}

export function PaletteActions({ commands, ctx }: { commands: readonly Command[]; ctx: CommandContext }) {
  const { t, i18n } = useTranslation();
  const actions = useMemo(() => toActions(commands, ctx, t, i18n), [commands, ctx, t, i18n, i18n.language]);
  useRegisterActions(actions, [actions]);
  return null;
}

/** Records matching the palette's query, from GET /v2/search: debounced,
 * cancelled when the query changes, opened in the side pane. */
export function RecordActions({ ctx }: { ctx: CommandContext }) {
  const { t } = useTranslation('commands');
  const { api } = useServices();
  const { search } = useKBar((state) => ({ search: state.searchQuery }));
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 200);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => api(searchRecords, { query: { q } }, { signal }),
    enabled: q.length > 0,
    staleTime: 10_000,
  });
  const actions = useMemo<Action[]>(
    () =>
      (q && found.data?.results ? found.data.results : []).flatMap((group) =>
        group.items.map((hit) => ({
          id: `record:${group.type}:${hit.id}`,
          name: hit.title,
          subtitle: hit.subtitle ?? undefined,
          // kbar filters by name and keywords: the server already matched.
          keywords: `${q} ${hit.subtitle ?? ''}`,
          section: t(`records.${group.type}`),
          priority: 1,
          perform: () => ctx.openSide(hit.href),
        })),
      ),
    [found.data, q, t, ctx],
  );
  useRegisterActions(actions, [actions]);
  return null;
}

export function Palette({ children }: { children: ReactNode }) {
  const { t } = useTranslation('commands');
  return (
    <KBarProvider options={{ toggleShortcut: 'Shift+Alt+Control+Meta+F24', disableScrollbarManagement: true }}>
      <KBarPortal>
        <KBarPositioner className="palette-backdrop">
          <KBarAnimator className="palette" aria-label={t('palette.label')}>
            <KBarSearch className="palette-input" defaultPlaceholder={t('palette.placeholder')} aria-label={t('palette.label')} />
            <Results />
          </KBarAnimator>
        </KBarPositioner>
      </KBarPortal>
      {children}
    </KBarProvider>
  );
}
