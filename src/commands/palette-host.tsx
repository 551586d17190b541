// The palette's always-loaded half: which commands it offers, the scopes
// around the focus when it opened, whether it is open, and the host that
// mounts the kbar half (./palette.tsx) lazily. kbar and its dependencies are
// ~45 KB gzip that the first paint does not need: the host loads them when
// the browser is idle after the first paint, or at the first Ctrl/Cmd+K if
// that comes sooner.
import { PaneMessages } from '../panes/pane-messages.js';
import { lazy, type ReactNode, useEffect, useState } from 'react';
import { createStore } from '../panes/store.js';
import type { Command, CommandContext } from './registry.js';

/** The scopes around the focus when the palette opened: their commands come first. */
export const paletteScopes = createStore<readonly string[]>(['global']);
export const rememberPaletteScopes = (scopes: readonly string[]) => paletteScopes.set(scopes);

/** Whether the palette should be open; the kbar half keeps kbar in step. */
export const paletteOpen = createStore(false);

/** While the palette closes (a command was chosen, or Escape) it is still
 * open in our store until kbar has hidden it; Ctrl/Cmd+K meanwhile means
 * "open it again", which the kbar half does once it is hidden (a quick
 * second command after the first would otherwise be swallowed). */
let closingNow = false;
let reopenWhenHidden = false;
export const setPaletteClosing = (v: boolean) => {
  closingNow = v;
};
export const isPaletteClosing = () => closingNow;
export const requestReopen = () => {
  reopenWhenHidden = true;
};
/** Whether Ctrl/Cmd+K came while the palette was closing (and forget it). */
export function takeReopen(): boolean {
  const r = reopenWhenHidden;
  reopenWhenHidden = false;
  return r;
}

/** Opens or closes the palette, remembering the scopes the focus was in. */
export function togglePalette(scopes: readonly string[]) {
  if (paletteOpen.get() && closingNow) {
    rememberPaletteScopes(scopes);
    paletteReady.set(false);
    requestReopen();
    return;
  }
  if (!paletteOpen.get()) {
    rememberPaletteScopes(scopes);
    // Keys typed until the input is up are kept for it (PaletteHost).
    paletteReady.set(false);
  }
  paletteOpen.set(!paletteOpen.get());
}

/** Which commands the palette offers: global ones; those of the pane that had
 * the focus (first); and pane commands that say they apply (`when`) to the
 * page on screen. Grid movement keys stay keys. */
export function paletteCommands(commands: readonly Command[], ctx: CommandContext, scopes: readonly string[]): Command[] {
  const offered = commands.filter((c) => {
    const scope = c.scope ?? 'global';
    if (scope === 'pane:grid') return false;
    if (c.when && !c.when(ctx)) return false;
    return scope === 'global' || scopes.includes(scope) || !!c.when;
  });
  const rank = (c: Command) => ((c.scope ?? 'global') === 'global' ? 1 : 0);
  return [...offered].sort((a, b) => rank(a) - rank(b));
}

/** Whether the palette's input is up since the palette last opened (set by
 * the kbar half as the input mounts); until then, keys typed are kept for it. */
export const paletteReady = createStore(false);

/** What the user typed after Ctrl/Cmd+K and before the palette's input was
 * up (loading it, or opening): the kbar half takes it as the query, so no
 * keystroke is lost. */
let typedAhead = '';
export function takeTypedAhead(): string {
  const s = typedAhead;
  typedAhead = '';
  return s;
}

/** Opened and the input not up yet (loading, or opening): what is typed
 * meanwhile is kept for it, away from the page's own keys. Listening from the
 * start (capture, on window) rather than from an effect after the palette
 * opened: keys typed in between would otherwise reach the page's shortcuts. */
function keepTypedAhead(e: KeyboardEvent) {
  if (!paletteOpen.get() || paletteReady.get()) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'Escape') {
    typedAhead = '';
    paletteOpen.set(false);
  } else if (e.key === 'Backspace') typedAhead = typedAhead.slice(0, -1);
  else if (e.key.length === 1) typedAhead += e.key;
  else return;
  e.preventDefault();
  e.stopImmediatePropagation();
}
if (typeof window !== 'undefined') window.addEventListener('keydown', keepTypedAhead, true);

const loadPalette = () => import('./palette.js');
const PaletteRoot = lazy(() => loadPalette().then((m) => ({ default: m.PaletteRoot })));

/** Mounts the palette (kbar) once the browser is idle, or when first opened. */
export function PaletteHost({ commands, ctx, children }: { commands: readonly Command[]; ctx: CommandContext; children?: ReactNode }) {
  const open = paletteOpen.use();
  const [idle, setIdle] = useState(false);
  // Fetch the chunk at once (it does not hold up the paint); mount it later.
  useEffect(() => void loadPalette().catch(() => undefined), []);
  useEffect(() => {
    const request = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = request(() => setIdle(true), { timeout: 2000 });
    return () => cancel(handle);
  }, []);
  const [mounted, setMounted] = useState(false);
  if ((idle || open) && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <PaneMessages>
      <PaletteRoot commands={commands} ctx={ctx}>
        {children}
      </PaletteRoot>
    </PaneMessages>
  );
}
