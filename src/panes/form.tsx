// The pieces every hand-made form pane shares (organisation settings and
// plans, person add, custom SaaS add, the profile's forms): a labelled field
// with its hint and server errors, a choice among named rows, the form's
// error line, the cancel / save footer, and the save itself — one at a time,
// from Enter (submit) or the pane's Ctrl/Cmd+Enter command (a FormSlot the
// command reads), a refusal (4xx) shown on the form with everything typed
// kept, any other failure the error dialog.
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../api/client.js';
import { keyLabel } from '../commands/registry.js';
import { useDialogs } from './dialogs.js';

export type FormError = { message: string; fields: Record<string, string[]> };

/** A refused save (a 4xx other than 401/403) becomes the form's error; anything else is thrown on. */
export function formError(e: unknown): FormError {
  if (e instanceof ApiError && e.status < 500 && e.status !== 401 && e.status !== 403) return { message: e.body.message, fields: e.body.fieldErrors ?? {} };
  throw e;
}

/** Where a form on screen offers its save to a Ctrl/Cmd+Enter command (a createStore({ save: null })). */
export interface FormSlot {
  get(): { save: (() => void) | null };
  set(value: { save: (() => void) | null }): void;
}

/**
 * A form's save. `save` clears the error itself when the call succeeds
 * (setError(null)) or refuses before calling (setError({…})); a refusal the
 * server gives becomes the error. `slot` (if any) holds the save while the
 * form is mounted; `submit` is the form's onSubmit.
 */
export function useFormSubmit(slot: FormSlot | null, save: (setError: (e: FormError | null) => void) => Promise<void>) {
  const dialogs = useDialogs();
  const [error, setError] = useState<FormError | null>(null);
  const [pending, setPending] = useState(false);
  const run = async () => {
    if (pending) return;
    setPending(true);
    try {
      await save(setError);
    } catch (e) {
      setError(formError(e));
    } finally {
      setPending(false);
    }
  };
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    if (!slot) return;
    const entry = () => void runRef.current().catch(() => dialogs.showError());
    slot.set({ save: entry });
    return () => {
      if (slot.get().save === entry) slot.set({ save: null });
    };
  }, [slot, dialogs]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run().catch(() => dialogs.showError());
  };
  return { error, setError, pending, submit };
}

/** A labelled control: `children` draws it with the id, name and aria attributes given. */
export function FormField({
  label,
  name,
  error,
  required,
  hint,
  children,
}: {
  label: string;
  name?: string;
  error?: string[] | undefined;
  required?: boolean;
  hint?: string | undefined;
  children: (p: Record<string, unknown>) => ReactNode;
}) {
  const id = useId();
  const invalid = !!error?.length;
  const described = [invalid ? `${id}-err` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${invalid ? ' invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children({ id, ...(name ? { name } : {}), 'aria-invalid': invalid || undefined, 'aria-describedby': described, 'aria-required': required || undefined })}
      {hint && (
        <span id={`${id}-hint`} className="muted">
          {hint}
        </span>
      )}
      {invalid && (
        <p id={`${id}-err`} className="field-error" role="alert">
          {error.join(' ')}
        </p>
      )}
    </div>
  );
}

/** A choice among named rows (a master list, the units…), '' = none (`placeholder`). */
export function OptionSelect<O extends { id: string; name: string }>({
  name,
  label,
  placeholder,
  options,
  optionLabel = (o) => o.name,
  value,
  error,
  onChange,
}: {
  name?: string;
  label: string;
  placeholder: string;
  options: readonly O[];
  optionLabel?: (o: O) => string;
  value: string;
  error?: string[] | undefined;
  onChange: (v: string) => void;
}) {
  return (
    <FormField name={name} label={label} error={error}>
      {(p) => (
        <select {...p} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {optionLabel(o)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** The form's error line (the server's message); `focusable` lets the form move the focus to it. */
export function FormErrorLine({ error, focusable }: { error: FormError | null; focusable?: boolean }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert" tabIndex={focusable ? -1 : undefined}>
      {error.message}
    </p>
  );
}

/** Cancel, then save with its shortcut shown. */
export function FormActions({ cancelLabel, onCancel, saveLabel, pending, keys = keyLabel('$mod+Enter') }: { cancelLabel: string; onCancel: () => void; saveLabel: string; pending: boolean; keys?: string }) {
  return (
    <div className="form-actions">
      <button type="button" className="secondary" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="submit" disabled={pending}>
        {saveLabel} <kbd className="mono">{keys}</kbd>
      </button>
    </div>
  );
}
