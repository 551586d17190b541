// Binds every command's keys with tinykeys, from the registry alone. Plain
// keys and `g` sequences never fire while the user types in a field; chords
// with Ctrl/Cmd do (Ctrl+K opens the palette from anywhere).
import { useEffect, useRef } from 'react';
import { tinykeys } from 'tinykeys';
import { type Command, type CommandContext, keysOf } from './registry.js';

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

// Chords with Ctrl/Cmd/Alt, and function keys, work even from a field.
const isChord = (keys: string) => (/(\$mod|Control|Meta|Alt)\+/.test(keys) || /^F\d+$/.test(keys)) && !keys.includes(' ');

/** The scope of the focused element: its closest [data-scope], else global. */
const focusedScope = () => document.activeElement?.closest('[data-scope]')?.getAttribute('data-scope') ?? 'global';

export function useCommandBindings(commands: readonly Command[], ctx: CommandContext, activeScope: () => string = focusedScope) {
  // The latest context without rebinding on every render.
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;
  // Bound once per command list: rebinding would drop a half-typed `g` sequence.
  useEffect(() => {
    const map: Record<string, (e: KeyboardEvent) => void> = {};
    // One handler per key: commands of the focused scope first, then global ones.
    const byKey = new Map<string, Command[]>();
    for (const command of commands) for (const keys of keysOf(command)) byKey.set(keys, [...(byKey.get(keys) ?? []), command]);
    for (const [keys, list] of byKey) {
      map[keys] = (e) => {
        if (!isChord(keys) && isTypingTarget(e.target)) return;
        const scope = activeScope();
        const command =
          list.find((c) => c.scope === scope && (!c.when || c.when(ctxRef.current))) ??
          list.find((c) => (c.scope ?? 'global') === 'global' && (!c.when || c.when(ctxRef.current)));
        if (!command) return;
        e.preventDefault();
        void command.run(ctxRef.current);
      };
    }
    return tinykeys(window, map);
  }, [commands, activeScope]);
}
