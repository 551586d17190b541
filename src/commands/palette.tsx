// The palette: kbar holds the registry's commands (useRegisterActions) and
// drives opening, closing, Escape, the outer click and focus (KBarProvider,
// KBarPortal, KBarAnimator); this file renders the input and the results.
// Titles in the current language; the other language's titles are keywords,
// so a page is found by its English and its Japanese name. kbar's own toggle
// key is disabled: tinykeys binds $mod+K from the registry like every other key.
//
// Record hits stay out of kbar's store (kbar copies its whole store on every
// state change), and the results are a fixed-height windowed list updated in
// the keystroke's own task (kbar's search and results update over several
// tasks and measure every row).
import {
  type Action,
  ActionImpl,
  getListboxItemId,
  KBAR_LISTBOX,
  KBarAnimator,
  KBarPortal,
  KBarPositioner,
  KBarProvider,
  Priority,
  useKBar,
  useRegisterActions,
} from 'kbar';
import { useQuery } from '@tanstack/react-query';
import { searchRecords } from '../api/contracts/search.js';
import { createStore } from '../panes/store.js';
import { useServices } from '../services.js';
import { memo, type ReactNode, type UIEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPaletteClosing, paletteCommands, paletteOpen, paletteReady, paletteScopes, requestReopen, setPaletteClosing, takeReopen, takeTypedAhead } from './palette-host.js';
import { type Command, type CommandContext, commandTitle, keyLabel, runCommand } from './registry.js';

/** The registry's commands as kbar actions. `perform` reads the current
 * context through `ctx`, so an action stays the same object as long as its
 * command is offered: re-registering the same list is skipped below. */
function toActions(offered: readonly Command[], ctx: { readonly current: CommandContext }, t: ReturnType<typeof useTranslation>['t'], i18n: ReturnType<typeof useTranslation>['i18n']): Action[] {
  const other = i18n.getFixedT(i18n.language === 'ja-JP' ? 'en-US' : 'ja-JP');
  return offered.map((c) => ({
    id: c.id,
    name: commandTitle(t, c),
    keywords: [commandTitle(other, c), ...(c.keywords ?? [])].join(' '),
    // Actions of the pane come first.
    section: (c.scope ?? 'global') === 'global' ? t(`commands:sections.${c.section}`) : { name: t('commands:sections.pane'), priority: Priority.HIGH },
    ...((c.scope ?? 'global') === 'global' ? {} : { priority: Priority.HIGH }),
    perform: () => void runCommand(c, ctx.current),
    ...(c.keys ? { subtitle: keyLabel(c.keys) } : {}),
  }));
}

/** A record found by the server search, listed under its type's section. */
export interface RecordHit {
  id: string;
  name: string;
  subtitle?: string;
  keywords?: string;
  section: string;
  priority: number;
  perform(): void;
}

/** What the palette lists: the registry (kbar's actions) and record hits. */
type Item = ActionImpl | RecordHit;
type Result = string | Item;

/** The open palette's query (the record search follows it). */
const paletteSearch = createStore('');

const NO_HITS: readonly RecordHit[] = [];
const recordHits = createStore<readonly RecordHit[]>(NO_HITS);

/** Lists these record hits in the palette while mounted (RecordActions). */
export function useRecordHits(hits: readonly RecordHit[]) {
  useEffect(() => {
    // One empty list: a new empty array would rebuild the empty query's list.
    const listed = hits.length ? hits : NO_HITS;
    recordHits.set(listed);
    return () => {
      if (recordHits.get() === listed) recordHits.set(NO_HITS);
    };
  }, [hits]);
}

/** Most results a query shows: enough to scroll, few enough to rank and
 * render within a frame with thousands of record hits. */
export const MAX_RESULTS = 100;

const fold = (s: string) => s.normalize('NFKC').toLowerCase();

interface Entry {
  item: Item;
  /** Folded name, and name + keywords + subtitle. */
  name: string;
  text: string;
}

/** Per item: most survive a registration or a new list of hits. */
const folded = new WeakMap<Item, Entry>();

function entryOf(item: Item, keywords: string): Entry {
  let e = folded.get(item);
  if (!e) {
    const name = fold(item.name);
    // Joined, not concatenated: a flat string, not one flattened (copied)
    // by the first search.
    e = { item, name, text: [name, fold(keywords), fold(item.subtitle ?? '')].join(' ') };
    folded.set(item, e);
  }
  return e;
}

/** Root actions of one kbar actions object (a new one on every
 * registration), with their folded text; kbar's keywords include the section. */
const preparedActions = new WeakMap<object, Entry[]>();
function actionEntries(actions: Record<string, ActionImpl>): Entry[] {
  let entries = preparedActions.get(actions);
  if (!entries) {
    entries = [];
    for (const id in actions) {
      const action = actions[id]!;
      if (!action.parent) entries.push(entryOf(action, action.keywords ?? ''));
    }
    preparedActions.set(actions, entries);
  }
  return entries;
}

/** Record hits with their folded text; the section is a keyword, as kbar makes it. */
const preparedHits = new WeakMap<readonly RecordHit[], Entry[]>();
function hitEntries(hits: readonly RecordHit[]): Entry[] {
  let entries = preparedHits.get(hits);
  if (!entries) {
    entries = hits.map((h) => entryOf(h, `${h.keywords ?? ''} ${h.section}`.trim()));
    preparedHits.set(hits, entries);
  }
  return entries;
}

const sectionOf = (a: Item, score: number) =>
  typeof a.section === 'string' ? { name: a.section, priority: score } : { name: a.section?.name ?? '', priority: (a.section?.priority ?? 0) + score };

/** kbar's grouping: sections in order of their best match (plus their
 * priority), items within a section by priority plus score. */
function group(matches: readonly { item: Item; score: number }[]): Result[] {
  const sections = new Map<string, { priority: number; items: { item: Item; rank: number }[] }>();
  for (const { item, score } of matches) {
    const s = sectionOf(item, score);
    let g = sections.get(s.name);
    if (!g) sections.set(s.name, (g = { priority: s.priority, items: [] }));
    g.items.push({ item, rank: item.priority + score });
  }
  const out: Result[] = [];
  for (const [name, g] of [...sections].sort((a, b) => b[1].priority - a[1].priority)) {
    if (name) out.push(name);
    for (const i of g.items.sort((a, b) => b.rank - a.rank)) out.push(i.item);
  }
  return out;
}

/** How well an entry matches the query's words (every word must occur in
 * its name, keywords or subtitle), in [0, 1); -1 when it does not match. A
 * word in the name beats one in the keywords, at a word's start beats
 * inside one; a shorter text ranks first among equals. */
function score(e: Entry, words: readonly string[]): number {
  let sum = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const inName = e.name.indexOf(w);
    if (inName >= 0) {
      sum += inName === 0 || /[\s›·/(-]/.test(e.name[inName - 1]!) ? 3 : 2;
      continue;
    }
    const inText = e.text.indexOf(w);
    if (inText < 0) return -1;
    sum += inText === 0 || /[\s›·/(-]/.test(e.text[inText - 1]!) ? 1.5 : 1;
  }
  return (sum / (3 * words.length)) * 0.9 + 0.09 / (1 + e.text.length / 32);
}

/** Row heights of the list (the CSS of .palette-section and .palette-item):
 * fixed, so rows are placed without measuring them. */
const SECTION_HEIGHT = 28;
const ROW_HEIGHT = 36;
const LIST_HEIGHT = 400;
const OVERSCAN = 2;

interface Layout {
  items: readonly Result[];
  /** Top of each row; tops[items.length] is the list's height. */
  tops: Float64Array;
}

function layoutOf(items: readonly Result[]): Layout {
  const tops = new Float64Array(items.length + 1);
  for (let i = 0, y = 0; i <= items.length; i++) {
    tops[i] = y;
    if (i < items.length) y += typeof items[i] === 'string' ? SECTION_HEIGHT : ROW_HEIGHT;
  }
  return { items, tops };
}

/** Per actions and hits: every entry, by priority (stable), and the empty
 * query's list, the one list that is long. Built once (at idle, see
 * PrepareResults), not on every opening or keystroke. */
let prepared: { actions: object; hits: readonly RecordHit[]; entries: Entry[]; all: Layout | null } | null = null;
function prepare(actions: Record<string, ActionImpl>, hits: readonly RecordHit[]) {
  if (prepared?.actions !== actions || prepared.hits !== hits) {
    const entries = [...actionEntries(actions), ...hitEntries(hits)].sort((a, b) => b.item.priority - a.item.priority);
    prepared = { actions, hits, entries, all: null };
  }
  return prepared;
}

function allOf(actions: Record<string, ActionImpl>, hits: readonly RecordHit[]): Layout {
  const p = prepare(actions, hits);
  return (p.all ??= layoutOf(group(p.entries.map((e) => ({ item: e.item, score: 0 })))));
}

// Reused per keystroke: matches as positions and scores, no object per match.
let found = new Int32Array(0);
let scores = new Float64Array(0);
let sorted = new Float64Array(0);
/** The last query's matches (the first `n` of `found`): a query typed on
 * from it matches a subset of them, so only those are scored again. */
let last: { entries: Entry[]; query: string; n: number } | null = null;

/** The palette's results: a folded substring match over the registry and
 * the record hits, best first, at most MAX_RESULTS, grouped by section. */
export function paletteResults(actions: Record<string, ActionImpl>, hits: readonly RecordHit[], search: string): Layout {
  const query = fold(search);
  const words = query.split(/\s+/).filter(Boolean);
  if (!words.length) {
    last = null;
    return allOf(actions, hits);
  }
  const { entries } = prepare(actions, hits);
  // Every word of the longer query contains a word of the shorter one.
  const narrow = last?.entries === entries && query.startsWith(last.query);
  if (!narrow && found.length < entries.length) {
    found = new Int32Array(entries.length);
    scores = new Float64Array(entries.length);
    sorted = new Float64Array(entries.length);
  }
  const candidates = narrow ? last!.n : entries.length;
  let n = 0;
  for (let k = 0; k < candidates; k++) {
    // In place: positions stay in order and n never passes k.
    const i = narrow ? found[k]! : k;
    const sc = score(entries[i]!, words);
    if (sc >= 0) {
      found[n] = i;
      scores[n++] = sc;
    }
  }
  last = { entries, query, n };
  // The best MAX_RESULTS as a stable sort by score would keep them (ties in
  // priority order), without sorting every match: only the cut-off score.
  let cut = -1;
  let ties = Infinity;
  if (n > MAX_RESULTS) {
    sorted.set(scores.subarray(0, n));
    cut = sorted.subarray(0, n).sort()[n - MAX_RESULTS]!;
    ties = MAX_RESULTS;
    for (let k = 0; k < n; k++) if (scores[k]! > cut) ties--;
  }
  const matches: { item: Item; score: number }[] = [];
  for (let k = 0; k < n; k++) {
    const sc = scores[k]!;
    if (sc > cut || (sc === cut && ties-- > 0)) matches.push({ item: entries[found[k]!]!.item, score: sc });
  }
  matches.sort((a, b) => b.score - a.score);
  return layoutOf(group(matches));
}

/** Always mounted: prepares the lists of newly registered actions and hits
 * while the browser is idle, so opening the palette does not pay for it. */
function PrepareResults() {
  const { actions } = useKBar((state) => ({ actions: state.actions }));
  const hits = recordHits.use();
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 50));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => allOf(actions, hits), { timeout: 1000 });
    return () => cancel(handle);
  }, [actions, hits]);
  return null;
}

/** The selectable row nearest `index` (kbar's rules: never a section). */
function settle(items: readonly Result[], index: number): number {
  const last = items.length - 1;
  if (last < 0) return 0;
  if (index < 0) return typeof items[0] === 'string' && last > 0 ? 1 : 0;
  if (index > last) return typeof items[last] === 'string' && last > 0 ? last - 1 : last;
  if (typeof items[index] !== 'string') return index;
  if (index + 1 <= last && typeof items[index + 1] !== 'string') return index + 1;
  return index > 0 ? index - 1 : index;
}

/** The active row: the item moved to (`picked.id`) wherever the results
 * now have it, else the selectable row nearest the row moved to. */
export function activeRow(items: readonly Result[], picked: { index: number; id: string | null }): number {
  const at = picked.id === null || idAt(items, picked.index) === picked.id ? -1 : items.findIndex((it) => typeof it !== 'string' && it.id === picked.id);
  return settle(items, at >= 0 ? at : picked.index);
}

/** The id of the item in a row (null: none, or a section's title). */
function idAt(items: readonly Result[], index: number): string | null {
  const item = items[index];
  return item && typeof item !== 'string' ? item.id : null;
}

/** kbar's arrow keys: one row, skipping a section, stopping at the ends. */
function step(items: readonly Result[], index: number, by: 1 | -1): number {
  const last = items.length - 1;
  let next = by < 0 ? (index > 0 ? index - 1 : index) : index < last ? index + 1 : index;
  if (typeof items[next] === 'string') {
    if (next === (by < 0 ? 0 : last)) return index;
    next += by;
  }
  return next;
}

/** First row at or below y. */
function rowAt(tops: Float64Array, count: number, y: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tops[mid + 1]! <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const perform = (item: Item) => (item instanceof ActionImpl ? item.command?.perform() : item.perform());

/** The item chosen in the palette, run by Bridge once the palette has begun
 * to close: kbar gives the focus back to where it was as it starts closing,
 * so a command that moves the focus (to a field, a list's page size, a side
 * pane) must run after that, or its focus is taken back. */
let chosen: Item | null = null;
/** From a choice until the palette is hidden (isPaletteClosing): its keys are
 * the page's again (an Enter for the confirm the chosen command opens must
 * reach it). */
function choose(item: Item, query: { toggle(): void }) {
  chosen = item;
  setPaletteClosing(true);
  query.toggle();
}

const Row = memo(function Row({ item, index, top, active }: { item: Result; index: number; top: number; active: boolean }) {
  return (
    <div
      id={getListboxItemId(index)}
      role="option"
      aria-selected={active}
      data-index={index}
      style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: typeof item === 'string' ? SECTION_HEIGHT : ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      {typeof item === 'string' ? (
        <div className="palette-section">{item}</div>
      ) : (
        <div className={active ? 'palette-item active' : 'palette-item'}>
          <span>{item.name}</span>
          {item.subtitle && <kbd className="mono">{item.subtitle}</kbd>}
        </div>
      )}
    </div>
  );
});

/** The input and the results. Mounted while the palette shows, so each
 * opening starts from an empty query (or what was typed while it loaded). */
function Palette({ label, placeholder }: { label: string; placeholder: string }) {
  // No collector: the query API without subscribing to kbar's state.
  const { query } = useKBar();
  const { actions } = useKBar((state) => ({ actions: state.actions }));
  const hits = recordHits.use();
  const [search, setSearch] = useState('');
  // The row moved to, and what it held. -1: the first row of the results,
  // whatever they are. The results change under the user as record hits
  // arrive (a search answered after its keystroke, or for an earlier
  // query): the active row follows the item moved to, so Enter runs what
  // was highlighted, not whatever took its place.
  const [picked, setPickedAt] = useState<{ index: number; id: string | null }>({ index: -1, id: null });
  const [scrollTop, setScrollTop] = useState(0);
  const layout = useMemo(() => paletteResults(actions, hits, search), [actions, hits, search]);
  const { items, tops } = layout;
  const active = useMemo(() => activeRow(items, picked), [items, picked]);
  const setPicked = (index: number) => setPickedAt({ index, id: idAt(latest.current.items, index) });
  const list = useRef<HTMLDivElement>(null);
  const latest = useRef({ items, active });
  latest.current = { items, active };
  const pointerMoved = useRef(false);

  const changeSearch = (value: string) => {
    setSearch(value);
    setPickedAt({ index: -1, id: null });
    // For the record search; not kbar's searchQuery: nothing of kbar's
    // reads it here, and setting it renders kbar's provider on every key.
    paletteSearch.set(value);
  };

  useLayoutEffect(() => {
    // Typed while the palette was loading or opening: its query.
    const ahead = takeTypedAhead();
    if (ahead) changeSearch(ahead);
    paletteReady.set(true);
    return () => paletteSearch.set('');
    // Once per opening.
  }, []);

  // Keep the active row in view (the first rows: from the list's top),
  // from the known position: reading the DOM's would force a layout.
  useLayoutEffect(() => {
    const el = list.current;
    const count = items.length;
    if (!el || !count) return;
    const height = Math.min(LIST_HEIGHT, tops[count]!);
    const from = Math.min(scrollTop, Math.max(0, tops[count]! - LIST_HEIGHT));
    let next = from;
    if (active <= 1) next = 0;
    else if (tops[active]! < from) next = tops[active]!;
    else if (tops[active + 1]! > from + height) next = tops[active + 1]! - height;
    if (next !== from) {
      el.scrollTop = next;
      // Rows for the new position in this frame, not after the scroll event.
      setScrollTop(next);
    }
  }, [active, layout]);

  // kbar's keys, on the window (capture) as kbar has them: the focus may be
  // on the list; an IME composing (Japanese) keeps its keys.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.isComposing || isPaletteClosing()) return;
      const { items, active } = latest.current;
      const by = e.key === 'ArrowUp' || (e.ctrlKey && e.key === 'p') ? -1 : e.key === 'ArrowDown' || (e.ctrlKey && e.key === 'n') ? 1 : 0;
      if (by) {
        e.preventDefault();
        e.stopPropagation();
        setPicked(step(items, active, by));
      } else if (e.key === 'Enter') {
        e.preventDefault();
        e.stopPropagation();
        const item = items[active];
        if (item && typeof item !== 'string') {
          choose(item, query);
        }
      }
    };
    const onMove = () => (pointerMoved.current = true);
    window.addEventListener('keydown', onKey, { capture: true });
    window.addEventListener('pointermove', onMove);
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      window.removeEventListener('pointermove', onMove);
    };
  }, [query]);

  const rowOf = (e: UIEvent) => {
    const index = Number((e.target as Element).closest('[data-index]')?.getAttribute('data-index') ?? -1);
    return index >= 0 && typeof items[index] !== 'string' ? index : -1;
  };

  const count = items.length;
  // As the browser will clamp it when the list has just become shorter.
  const y = Math.min(scrollTop, Math.max(0, tops[count]! - LIST_HEIGHT));
  const first = Math.max(0, rowAt(tops, count, y) - OVERSCAN);
  const end = Math.min(count, rowAt(tops, count, y + LIST_HEIGHT) + 1 + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let i = first; i < end; i++) rows.push(<Row key={i} item={items[i]!} index={i} top={tops[i]!} active={i === active} />);

  return (
    <>
      <input
        ref={query.inputRefSetter}
        className="palette-input"
        aria-label={label}
        autoFocus
        autoComplete="off"
        role="combobox"
        spellCheck={false}
        aria-expanded
        aria-controls={KBAR_LISTBOX}
        aria-activedescendant={count ? getListboxItemId(active) : undefined}
        placeholder={placeholder}
        value={search}
        onChange={(e) => changeSearch(e.target.value)}
      />
      {/* Focusable: a long list must scroll from the keyboard (axe: scrollable-region-focusable). */}
      <div ref={list} tabIndex={0} style={{ maxHeight: LIST_HEIGHT, position: 'relative', overflow: 'auto' }} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
        <div
          role="listbox"
          id={KBAR_LISTBOX}
          style={{ height: tops[count], width: '100%' }}
          onPointerMove={(e) => {
            const i = rowOf(e);
            if (i >= 0 && i !== active && pointerMoved.current) setPicked(i);
          }}
          onPointerDown={(e) => {
            const i = rowOf(e);
            if (i >= 0) setPicked(i);
          }}
          onClick={(e) => {
            const item = items[rowOf(e)];
            if (item && typeof item !== 'string') {
              choose(item, query);
            }
          }}
        >
          {rows}
        </div>
      </div>
    </>
  );
}

function PaletteActions({ commands, ctx }: { commands: readonly Command[]; ctx: CommandContext }) {
  const { t, i18n } = useTranslation();
  const scopes = paletteScopes.use();
  const { visualState } = useKBar((state) => ({ visualState: state.visualState }));
  // Rebuilt each time the palette has opened (`when` depends on the page and
  // the selection), not again as it closes.
  const [opened, setOpened] = useState(0);
  useEffect(() => {
    if (visualState === 'showing') setOpened((n) => n + 1);
  }, [visualState]);
  // The other language's titles are keywords: its locale chunk (not loaded
  // at start, which loads one language) is fetched once the palette mounts.
  const [otherReady, setOtherReady] = useState(false);
  useEffect(() => {
    let live = true;
    const other = i18n.language === 'ja-JP' ? 'en-US' : 'ja-JP';
    void i18n.loadLanguages(other).then(() => live && setOtherReady(true), () => undefined);
    return () => {
      live = false;
    };
  }, [i18n, i18n.language]);
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;
  // The same commands offered as last time (the usual case): the same array,
  // so kbar is not handed the actions to copy again.
  const last = useRef<{ key: string; actions: Action[] } | null>(null);
  const actions = useMemo(() => {
    const offered = paletteCommands(commands, ctx, scopes);
    const key = `${i18n.language}\u0000${otherReady}\u0000${offered.map((c) => c.id).join('\u0000')}`;
    if (last.current?.key !== key) last.current = { key, actions: toActions(offered, ctxRef, t, i18n) };
    return last.current.actions;
  }, [commands, ctx, scopes, t, i18n, i18n.language, opened, otherReady]);
  useRegisterActions(actions, [actions]);
  return null;
}

/** Records matching the palette's query, from GET /v2/search: debounced,
 * cancelled when the query changes, opened in the side pane. */
function RecordActions({ ctx }: { ctx: CommandContext }) {
  const { t, i18n } = useTranslation('commands');
  const { api } = useServices();
  const search = paletteSearch.use();
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 200);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useQuery({
    // Per language: subtitles hold words (an app's type, "Integration").
    queryKey: ['search', q, i18n.language],
    queryFn: ({ signal }) => api(searchRecords, { query: { q } }, { signal }),
    enabled: q.length > 0,
    staleTime: 10_000,
  });
  const hits = useMemo<RecordHit[]>(
    () =>
      (q && found.data?.results ? found.data.results : []).flatMap((group) =>
        group.items.map((hit) => ({
          id: `record:${group.type}:${hit.id}`,
          name: hit.title,
          subtitle: hit.subtitle ?? undefined,
          // Every word must match: the server already matched these.
          keywords: `${q} ${hit.subtitle ?? ''}`,
          section: t(`records.${group.type}`),
          priority: 1,
          perform: () => ctx.openSide(hit.href),
        })),
      ),
    [found.data, q, t, ctx],
  );
  useRecordHits(hits);
  return null;
}

/** Keeps kbar's open state and ours (./palette-host.tsx) in step, both ways:
 * Ctrl/Cmd+K sets ours, kbar's own Escape or a chosen command closes kbar. */
type VisualState = 'hidden' | 'animating-in' | 'showing' | 'animating-out';
type VisualStateSetter = (cb: VisualState | ((current: VisualState) => VisualState)) => void;

/**
 * The state kbar's palette goes to when kbar sets `next` over `current`.
 * kbar ends an opening (animating-in) and a closing (animating-out) with a
 * timer that sets the state the animation ends in, showing or hidden,
 * whatever happened meanwhile; the timer is replaced only once kbar has
 * rendered the newer state. A command chosen while the palette was still
 * opening (a quick Ctrl/Cmd+K, a few keys and Enter) started the closing,
 * the opening's timer then set "showing", and the palette came back over
 * the page with its old query: kbar's key handler pulled the focus into
 * it, and its second closing handed the focus to an element the command
 * had since replaced (the focus fell to the page). An end that no longer
 * matches the animation under way is dropped; the newer animation's own
 * timer ends it.
 */
export function settledVisualState(current: VisualState, next: VisualState): VisualState {
  if (next === 'showing' && current === 'animating-out') return current;
  if (next === 'hidden' && current === 'animating-in') return current;
  return next;
}

const guarded = new WeakSet<object>();
/** Routes every state kbar sets through settledVisualState (kbar's own
 * timers call the query's setVisualState, so they go through it too). */
export function guardVisualState(query: { setVisualState: VisualStateSetter }): void {
  if (guarded.has(query)) return;
  guarded.add(query);
  const set = query.setVisualState.bind(query);
  query.setVisualState = (cb) =>
    set((current) => settledVisualState(current, typeof cb === 'function' ? cb(current) : cb));
}

function Bridge() {
  const open = paletteOpen.use();
  const { query, visualState } = useKBar((state) => ({ visualState: state.visualState }));
  const mountedRef = useRef(false);
  // Before the palette first opens (kbar's timers start with an opening).
  useLayoutEffect(() => guardVisualState(query as unknown as { setVisualState: VisualStateSetter }), [query]);
  // A layout effect: kbar's state changes in the key's own task, not in a
  // later one, so the palette mounts one task sooner.
  useLayoutEffect(() => {
    const shown = visualState === 'showing' || visualState === 'animating-in';
    // Opened while kbar is still closing: toggling now would revive the
    // closing palette (its old query, the focus already handed back); open
    // a fresh one once it is hidden instead.
    if (open && visualState === 'animating-out') requestReopen();
    else if (open !== shown) query.toggle();
    // Only a change of ours drives kbar; kbar's changes come back below.
  }, [open]);
  useEffect(() => {
    // Closing from the choice (choose) or kbar's closing until hidden. Not
    // cleared on the other states: this effect may see a state late (kbar's
    // subscribers render after its store), and a "showing" seen just after
    // an Enter on a command would clear the choice's closing: Ctrl/Cmd+K
    // would then close the palette instead of opening it again, and the
    // palette's keys would take the next Enter.
    if (visualState === 'animating-out') setPaletteClosing(true);
    else if (visualState === 'hidden') setPaletteClosing(false);
    // kbar starts hidden: at mount that says nothing (the first Ctrl/Cmd+K
    // may have mounted it, and the layout effect above is opening it).
    const first = mountedRef.current === false;
    mountedRef.current = true;
    if (visualState === 'hidden' && !first) {
      // Ctrl/Cmd+K while it closed: show it again (keys typed meanwhile are kept for it).
      if (takeReopen()) query.toggle();
      else paletteOpen.set(false);
    } else if (visualState === 'showing') paletteOpen.set(true);
    // Closing: kbar's focus hand-back runs in this same commit; the chosen
    // command runs in the next task, after it.
    if (chosen && visualState !== 'showing' && visualState !== 'animating-in') {
      const item = chosen;
      chosen = null;
      setTimeout(() => perform(item), 0);
    }
  }, [visualState]);
  return null;
}

/** The palette: kbar with the registry's actions and the record search
 * (GET /v2/search; `searchRecords={false}` leaves it out). Children render
 * inside kbar's provider (the bench page lists its record hits there). */
export function PaletteRoot({ commands, ctx, children, searchRecords = true }: { commands: readonly Command[]; ctx: CommandContext; children?: ReactNode; searchRecords?: boolean }) {
  const { t } = useTranslation('commands');
  return (
    <KBarProvider options={{ toggleShortcut: 'Shift+Alt+Control+Meta+F24', disableScrollbarManagement: true }}>
      <KBarPortal>
        <KBarPositioner className="palette-backdrop">
          <KBarAnimator className="palette" aria-label={t('palette.label')}>
            <Palette label={t('palette.label')} placeholder={t('palette.placeholder')} />
          </KBarAnimator>
        </KBarPositioner>
      </KBarPortal>
      <PrepareResults />
      <Bridge />
      <PaletteActions commands={commands} ctx={ctx} />
      {searchRecords && <RecordActions ctx={ctx} />}
      {children}
    </KBarProvider>
  );
}
