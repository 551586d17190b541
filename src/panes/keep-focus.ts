// Keyboard users keep their place across a change that re-renders the page
// under them. Switching the language (Ctrl+Cmd+L) re-renders every pane in
// the other language: a pane whose messages or data are still loading shows
// its fallback for a moment, the element that had the focus leaves the
// document, and the focus falls to <body>, where no pane-scoped key works
// (the grid's j/k, a wizard's steps) until the user clicks. keepFocus runs
// such a change and puts the focus back: on the same element if it is still
// there, else on the element with its id, else on its nearest scope
// (`data-scope`, the element pane keys are bound to) or that scope's first
// focusable element.
import { scopeChain } from '../commands/bindings.js';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** How long a re-render may take to put the pane back before giving up. */
const SETTLE_MS = 2000;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function lost(): boolean {
  const a = document.activeElement;
  return !a || a === document.body || a === document.documentElement;
}

function target(before: Element, id: string, scope: string | undefined): HTMLElement | null {
  if (before.isConnected && before instanceof HTMLElement) return before;
  const byId = id ? document.getElementById(id) : null;
  if (byId) return byId;
  if (!scope) return null;
  const el = document.querySelector<HTMLElement>(`[data-scope="${CSS.escape(scope)}"]`);
  if (!el) return null;
  return el.matches('[tabindex]') ? el : (el.querySelector<HTMLElement>(FOCUSABLE) ?? null);
}

/** Runs `change`, then gives the focus back to where it was (see above). */
export async function keepFocus<T>(change: () => Promise<T>): Promise<T> {
  const before = document.activeElement;
  if (!before || before === document.body) return change();
  const id = before.id;
  const scope = scopeChain(before).find((s) => s !== 'global');
  const out = await change();
  const until = performance.now() + SETTLE_MS;
  // Watched for a while: the focus may be lost a few frames after the change
  // resolves (a pane's fallback), and the pane come back later still.
  while (performance.now() < until) {
    await nextFrame();
    if (lost()) target(before, id, scope)?.focus();
  }
  return out;
}
