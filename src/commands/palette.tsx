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
  useMatches,
  useRegisterActions,
} from 'kbar';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
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
