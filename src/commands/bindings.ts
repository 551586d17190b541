// Binds every command's keys with tinykeys, from the registry alone. Plain
// keys and `g` sequences never fire while the user types in a field; chords
// with Ctrl/Cmd do (Ctrl+K opens the palette from anywhere).
import { useEffect, useRef } from 'react';
import { tinykeys } from 'tinykeys';
import type { Command, CommandContext } from './registry.js';

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const isChord = (keys: string) => /(\$mod|Control|Meta|Alt)\+/.test(keys) && !keys.includes(' ');

const globalScope = () => 'global';

export function useCommandBindings(commands: readonly Command[], ctx: CommandContext, activeScope: () => string = globalScope) {
  // The latest context without rebinding on every render.
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;
  // Bound once per command list: rebinding would drop a half-typed `g` sequence.
  useEffect(() => {
    const map: Record<string, (e: KeyboardEvent) => void> = {};
    for (const command of commands) {
      if (!command.keys) continue;
      const keys = command.keys;
      map[keys] = (e) => {
        if (!isChord(keys) && isTypingTarget(e.target)) return;
        const scope = command.scope ?? 'global';
        if (scope !== 'global' && scope !== activeScope()) return;
        if (command.when && !command.when(ctxRef.current)) return;
        e.preventDefault();
        void command.run(ctxRef.current);
      };
    }
    return tinykeys(window, map);
  }, [commands, activeScope]);
}
