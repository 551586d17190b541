// The active filters of a list as removable chips (a module's id-in filters,
// a unit's member filters, the people lists', the software people's
// integrations): a named list, each chip its text and a × that removes it.
// The panes build the chips — look-ups of names and the URL change stay theirs.
import type { ReactNode } from 'react';

/** One active filter: what the chip says, the name of its × and what the × does. */
export interface Chip {
  key: string;
  text: ReactNode;
  removeLabel: string;
  onRemove: () => void;
}

/** The chips as a list named `label`; nothing when no filter is active. */
export function FilterChipList({ label, chips }: { label: string; chips: readonly Chip[] }) {
  if (!chips.length) return null;
  return (
    <ul className="chips" aria-label={label}>
      {chips.map((c) => (
        <li key={c.key} className="chip">
          <span>{c.text}</span>
          <button type="button" className="link" aria-label={c.removeLabel} onClick={c.onRemove}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
