// Binds every command's keys with tinykeys, from the registry alone. Plain
// keys and `g` sequences never fire while the user types in a field; chords
// with Ctrl/Cmd do (Ctrl+K opens the palette from anywhere).
import { useLayoutEffect, useRef } from 'react';
import { tinykeys } from 'tinykeys';
import { paletteOpen, paletteReady } from './palette-host.js';
import { type Command, type CommandContext, keysOf, runCommand } from './registry.js';

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A control that Enter or Space activates by itself (a grid header's sort
 * button, a link in a pane): those keys are its own, not a command's. */
export function isActivatable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.matches('button, a[href], summary, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="radio"], [role="switch"]');
}
const ACTIVATION_KEYS = new Set(['Enter', 'Space']);

// Chords with Ctrl/Cmd/Alt, and function keys, work even from a field.
const isChord = (keys: string) => (/(\$mod|Control|Meta|Alt)\+/.test(keys) || /^F\d+$/.test(keys)) && !keys.includes(' ');

/** The scopes around an element, nearest first: a grid inside a module's
 * pane gives ['pane:grid', 'pane:equipment']; global is always last. */
export function scopeChain(el: Element | null | undefined): string[] {
  const out: string[] = [];
  for (let node = el?.closest('[data-scope]'); node; node = node.parentElement?.closest('[data-scope]') ?? null) {
    const s = node.getAttribute('data-scope');
    if (s) out.push(s);
  }
  return [...out, 'global'];
}
const focusedScopes = () => scopeChain(document.activeElement);

export function useCommandBindings(commands: readonly Command[], ctx: CommandContext, activeScopes: () => string[] = focusedScopes) {
  // The latest context without rebinding on every render.
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;
  // Bound once per command list: rebinding would drop a half-typed `g` sequence.
  // A layout effect: the keys work from the frame the console first paints
  // (a passive effect can run after the user's first key, e.g. Ctrl+K the
  // moment the workspace appears, which was then lost).
  useLayoutEffect(() => {
    const map: Record<string, (e: KeyboardEvent) => void> = {};
    // One handler per key: commands of the focused scope first, then global ones.
    const byKey = new Map<string, Command[]>();
    for (const command of commands) for (const keys of keysOf(command)) byKey.set(keys, [...(byKey.get(keys) ?? []), command]);
    for (const [keys, list] of byKey) {
      map[keys] = (e) => {
        if (!isChord(keys) && isTypingTarget(e.target)) return;
        if (ACTIVATION_KEYS.has(keys) && isActivatable(e.target)) return;
        // While the palette is opening, plain keys are its query (palette-host
        // keeps them); once its input is up, the input has the focus.
        if (!isChord(keys) && paletteOpen.get() && !paletteReady.get()) return;
        // The nearest scope with a command for this key wins.
        const scopes = activeScopes();
        const chosen = () => {
          for (const scope of scopes) {
            const command = list.find((c) => (c.scope ?? 'global') === scope && (!c.when || c.when(ctxRef.current)));
            if (command) return command;
          }
          return undefined;
        };
        const command = chosen();
        if (command) {
          e.preventDefault();
          void runCommand(command, ctxRef.current);
          return;
        }
        // Pressed before the session was read (a page shows before its
        // areas are known, after a reload): a command of the focused
        // scopes for this key that the session may allow is decided once
        // the context holds it, not lost (the wizard's `o` the moment the
        // page appears; the key's activation still lets it open a file).
        const pending = ctxRef.current.sessionPending?.();
        if (!pending || !list.some((c) => scopes.includes(c.scope ?? 'global'))) return;
        e.preventDefault();
        void pending.then(() => {
          const later = chosen();
          if (later) void runCommand(later, ctxRef.current);
        });
      };
    }
    return tinykeys(window, map);
  }, [commands, activeScopes]);
}
