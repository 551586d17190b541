// Global dialogs and toasts (spec 6, 8), usable from any command or pane:
// confirm (a promise), error, forbidden, toasts. Dialogs are native <dialog>
// elements opened with showModal(): the browser makes the rest of the page
// inert, so focus stays inside, and Escape cancels.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChoiceOption, Chooser, type ChooseOptions } from './chooser.js';

export interface ConfirmOptions {
  title: string;
  body: string;
  confirmLabel?: string;
  destructive?: boolean;
  /** Listed under the body (what the action changes: a plan's changes). */
  items?: readonly string[];
  /** A table under the body (a bulk action: each row's current and new
   * values); the first cell of a row names it; note follows the table. */
  table?: { head: readonly string[]; rows: readonly (readonly string[])[]; note?: string };
}
export interface ForbiddenInfo {
  title: string;
  message: string;
  operatorAccess: boolean;
  hasAccessibleScope: boolean;
  individualAccess: boolean;
}
export type ToastVariant = 'default' | 'destructive';

export interface Dialogs {
  confirm(opts: ConfirmOptions): Promise<boolean>;
  showError(opts?: { title?: string; message?: string }): void;
  showForbidden(info: ForbiddenInfo): void;
  toast(opts: { title?: string; description: string; variant?: ToastVariant }): void;
  /** Asks for one of a list of options (null: cancelled). */
  choose(opts: ChooseOptions): Promise<ChoiceOption | null>;
}

let chooserSeq = 0;

type Open =
  | { kind: 'confirm'; opts: ConfirmOptions; resolve: (ok: boolean) => void }
  | { kind: 'error'; title?: string; message?: string }
  | { kind: 'forbidden'; info: ForbiddenInfo }
  /** `seq`: each opening is a new chooser (a second one right after the first starts empty). */
  | { kind: 'choose'; opts: ChooseOptions; resolve: (choice: ChoiceOption | null) => void; seq: number };

interface Toast {
  id: number;
  title?: string;
  description: string;
  variant: ToastVariant;
}

const DialogsContext = createContext<Dialogs | null>(null);

export function useDialogs(): Dialogs {
  const d = useContext(DialogsContext);
  if (!d) throw new Error('DialogsProvider is missing');
  return d;
}

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

export function Modal({ labelledBy, onCancel, children }: { labelledBy: string; onCancel: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  // A passive effect, not a layout one: a command run from the palette opens
  // its dialog while the palette is still handing the focus back, and the
  // dialog's own focus must come after that.
  useEffect(() => {
    const dialog = ref.current;
    // Where the focus was: it goes back there when the dialog goes away.
    const before = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal() focuses the first control; the intended one is marked.
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      // The dialog leaves by being unmounted, not closed (the focus fell to
      // <body>): give the focus back, unless something else has taken it
      // meanwhile or the element is gone (a navigation).
      if (dialog?.open) dialog.close();
      const now = document.activeElement;
      if (before?.isConnected && (!now || now === document.body || dialog?.contains(now))) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      onKeyDown={(e) => {
        // showModal() makes the page inert, but Tab could still leave for the
        // browser's own controls: cycle within the dialog instead.
        if (e.key !== 'Tab' || !ref.current) return;
        const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('disabled'));
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }}
    >
      {children}
    </dialog>
  );
}

/** How long a notice (not an error) stays on screen. */
export const TOAST_MS = 6000;

export function DialogsProvider({ children, navigate }: { children: ReactNode; navigate: (href: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open | null>(null);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((x) => x.id !== id)), []);
  const api = useMemo<Dialogs>(
    () => ({
      confirm: (opts) => new Promise<boolean>((resolve) => setOpen({ kind: 'confirm', opts, resolve })),
      showError: (o) => setOpen({ kind: 'error', ...o }),
      choose: (opts) => new Promise<ChoiceOption | null>((resolve) => setOpen({ kind: 'choose', opts, resolve, seq: ++chooserSeq })),
      showForbidden: (info) => setOpen({ kind: 'forbidden', info }),
      toast: ({ title, description, variant = 'default' }) => {
        const id = nextId.current++;
        setToasts((all) => [...all, { id, ...(title ? { title } : {}), description, variant }]);
        // A notice leaves by itself; an error (destructive) stays until it is
        // dismissed, so that nobody has to read it against a clock (WCAG 2.2.1).
        if (variant !== 'destructive') setTimeout(() => dismiss(id), TOAST_MS);
      },
    }),
    [dismiss],
  );

  const close = () => setOpen(null);
  const back = () => {
    close();
    if (window.history.length > 1) window.history.back();
    else navigate('/');
  };

  return (
    <DialogsContext.Provider value={api}>
      {children}
      {open?.kind === 'confirm' && (
        <Modal
          labelledBy="confirm-title"
          onCancel={() => {
            open.resolve(false);
            close();
          }}
        >
          <h2 id="confirm-title">{open.opts.title}</h2>
          <p>{open.opts.body}</p>
          {open.opts.items && open.opts.items.length > 0 && (
            <ul className="confirm-items">
              {open.opts.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          )}
          {open.opts.table && (
            <>
              <table className="plain-table confirm-table">
                <thead>
                  <tr>
                    {open.opts.table.head.map((h, i) => (
                      <th key={i} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {open.opts.table.rows.map((row, i) => (
                    <tr key={i}>
                      {row.map((cell, j) =>
                        j === 0 ? (
                          <th key={j} scope="row">
                            {cell}
                          </th>
                        ) : (
                          <td key={j}>{cell}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
              {open.opts.table.note && <p className="muted">{open.opts.table.note}</p>}
            </>
          )}
          <div className="modal-actions">
            <button
              type="button"
              className="secondary"
              onClick={() => {
                open.resolve(false);
                close();
              }}
            >
              {t('dialog.cancel')}
            </button>
            <button
              type="button"
              className={open.opts.destructive ? 'destructive' : ''}
              data-autofocus
              onClick={() => {
                open.resolve(true);
                close();
              }}
            >
              {open.opts.confirmLabel ?? t('dialog.confirm')}
            </button>
          </div>
        </Modal>
      )}
      {open?.kind === 'choose' && (
        <Chooser
          key={open.seq}
          opts={open.opts}
          onDone={(choice) => {
            open.resolve(choice);
            close();
          }}
        />
      )}
      {open?.kind === 'error' && (
        <Modal labelledBy="error-title" onCancel={close}>
          <h2 id="error-title">{open.title ?? t('dialog.errorTitle')}</h2>
          <p>{open.message ?? t('dialog.errorBody')}</p>
          <div className="modal-actions">
            <button type="button" data-autofocus onClick={back}>
              {t('dialog.back')}
            </button>
          </div>
        </Modal>
      )}
      {open?.kind === 'forbidden' && (
        <Modal labelledBy="forbidden-title" onCancel={close}>
          <h2 id="forbidden-title">{open.info.title || t('dialog.forbiddenTitle')}</h2>
          <p>{open.info.operatorAccess && !open.info.hasAccessibleScope ? t('dialog.noAccessible') : open.info.message || t('dialog.forbiddenBody')}</p>
          <div className="modal-actions">
            {open.info.operatorAccess && open.info.hasAccessibleScope && (
              <button
                type="button"
                data-autofocus
                onClick={() => {
                  close();
                  navigate('/');
                }}
              >
                {t('dialog.toStaff')}
              </button>
            )}
            {open.info.individualAccess && (
              <button
                type="button"
                className={open.info.operatorAccess && open.info.hasAccessibleScope ? 'secondary' : ''}
                onClick={() => {
                  close();
                  navigate('/individual');
                }}
              >
                {t('dialog.toIndividual')}
              </button>
            )}
            <button type="button" className="secondary" onClick={close}>
              {t('dialog.close')}
            </button>
          </div>
        </Modal>
      )}
      <section className="toasts" aria-live="polite" aria-label={t('toast.region')}>
        {toasts.map((x) => (
          <div key={x.id} className={`toast ${x.variant}`} role={x.variant === 'destructive' ? 'alert' : 'status'}>
            {x.title && <strong>{x.title}</strong>}
            <span>{x.description}</span>
            <button type="button" className="link" onClick={() => dismiss(x.id)} aria-label={t('toast.dismiss')}>
              ×
            </button>
          </div>
        ))}
      </section>
    </DialogsContext.Provider>
  );
}
