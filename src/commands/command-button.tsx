// Buttons that run registry commands: what a pane shows for the mouse is the
// same command the keys and the palette run, with its key shown beside it.
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectionCount } from '../panes/status.js';
import { type Command, type CommandContext, commandTitle, keyLabel, runCommand } from './registry.js';

export const CommandsContext = createContext<{ commands: readonly Command[]; ctx: CommandContext } | null>(null);

/** Runs a command by id (no-op when it is unknown or not available). */
export function useRunCommand() {
  const value = useContext(CommandsContext);
  return (id: string) => {
    const c = value?.commands.find((x) => x.id === id);
    if (value && c && (!c.when || c.when(value.ctx))) void runCommand(c, value.ctx);
  };
}

export function CommandButton({ id, label, className }: { id: string; label?: string; className?: string }) {
  const { t } = useTranslation();
  const value = useContext(CommandsContext);
  const run = useRunCommand();
  // Availability can depend on the selection: re-render when it changes.
  useSelectionCount();
  const c = value?.commands.find((x) => x.id === id);
  if (!c || !value) return null;
  const enabled = !c.when || c.when(value.ctx);
  return (
    <button type="button" className={className ?? 'secondary'} disabled={!enabled} onClick={() => run(id)}>
      {label ?? commandTitle(t, { title: c.title.slice(-1) })}
      {c.keys && <kbd className="mono">{keyLabel(typeof c.keys === 'string' ? c.keys : (c.keys[0] ?? ''))}</kbd>}
    </button>
  );
}
