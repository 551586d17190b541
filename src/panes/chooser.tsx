// A keyboard chooser: a dialog with a text box filtering a list of options
// (ArrowUp/ArrowDown move, Enter picks, Escape cancels). Commands use it
// through useDialogs().choose to ask for a value: a status for a bulk change,
// a type to filter by. Options load as the user types (debounced).
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './dialogs.js';

export interface ChoiceOption {
  value: string | null;
  label: string;
  hint?: string | undefined;
}
export interface ChooseOptions {
  title: string;
  /** Options for the typed text; called again as it changes. */
  load: (q: string, signal: AbortSignal) => Promise<ChoiceOption[]>;
}

/** A listbox of options (the active one marked for aria-activedescendant),
 * shared by the chooser and the reference pickers of forms. null: loading. */
export function OptionList(props: {
  id: string;
  className: string;
  label: string;
  options: readonly ChoiceOption[] | null;
  active: number;
  onPick: (index: number) => void;
  listRef?: Ref<HTMLUListElement>;
}) {
  const { t } = useTranslation();
  const { id, options, active, onPick } = props;
  return (
    <ul id={`${id}-list`} ref={props.listRef} role="listbox" className={props.className} aria-label={props.label}>
      {options === null && (
        <li role="option" aria-disabled="true" aria-selected="false" className="muted">
          {t('pending')}
        </li>
      )}
      {options?.length === 0 && (
        <li role="option" aria-disabled="true" aria-selected="false" className="muted">
          {t('chooser.none')}
        </li>
      )}
      {options?.map((o, i) => (
        <li
          key={`${o.value}`}
          id={`${id}-o${i}`}
          data-index={i}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'active' : undefined}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(i);
          }}
        >
          {o.label}
          {o.hint && <span className="muted mono"> {o.hint}</span>}
        </li>
      ))}
    </ul>
  );
}

export function Chooser({ opts, onDone }: { opts: ChooseOptions; onDone: (choice: ChoiceOption | null) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  const [options, setOptions] = useState<ChoiceOption[] | null>(null);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    const timer = setTimeout(
      () =>
        opts.load(q, ctrl.signal).then(
          (list) => {
            setOptions(list);
            setActive(0);
          },
          () => !ctrl.signal.aborted && setOptions([]),
        ),
      q ? 150 : 0,
    );
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [q, opts]);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const list = options ?? [];
  const pick = (i: number) => {
    const o = list[i];
    if (o) onDone(o);
  };
  return (
    <Modal labelledBy={`${id}-title`} onCancel={() => onDone(null)}>
      <h2 id={`${id}-title`}>{opts.title}</h2>
      <input
        data-autofocus
        className="chooser-input"
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-activedescendant={list.length ? `${id}-o${active}` : undefined}
        aria-label={opts.title}
        placeholder={t('chooser.filter')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, list.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Enter') pick(active);
          else return;
          e.preventDefault();
        }}
      />
      <OptionList id={id} listRef={listRef} className="chooser-list" label={opts.title} options={options} active={active} onPick={pick} />
      <div className="modal-actions">
        <button type="button" onClick={() => onDone(null)}>
          {t('dialog.cancel')}
        </button>
      </div>
    </Modal>
  );
}
