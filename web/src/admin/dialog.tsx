import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A modal on the native <dialog>: the page behind is inert, focus moves in (to the first field or the
 * element marked autoFocus) and back to where it was on close, Escape closes.
 */
export function Modal(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  describedBy?: string;
}) {
  const { open, onClose } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      role={props.role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={props.describedBy}
      className={`modal ${props.className ?? ''}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <header className="modal-head">
            <h2 id={titleId}>{props.title}</h2>
            <button type="button" className="icon-button" aria-label="Kapat" onClick={onClose}>
              ×
            </button>
          </header>
          {props.children}
        </>
      )}
    </dialog>
  );
}

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
}

const ConfirmContext = createContext<(options: ConfirmOptions) => Promise<boolean>>(async () => false);

/** Asks for a confirmation in an alert dialog; resolves true when confirmed. */
export const useConfirm = () => useContext(ConfirmContext);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<(ConfirmOptions & { resolve: (ok: boolean) => void }) | null>(null);
  const messageId = useId();
  const confirm = useCallback(
    (options: ConfirmOptions) => new Promise<boolean>((resolve) => setPending({ ...options, resolve })),
    [],
  );
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        open={pending !== null}
        onClose={() => answer(false)}
        title={pending?.title ?? ''}
        role="alertdialog"
        describedBy={messageId}
        className="confirm"
      >
        <p id={messageId}>{pending?.message}</p>
        <div className="modal-actions">
          <button type="button" className="secondary" autoFocus onClick={() => answer(false)}>
            {pending?.cancelLabel ?? 'Vazgeç'}
          </button>
          <button type="button" className={pending?.destructive ? 'danger' : undefined} onClick={() => answer(true)}>
            {pending?.confirmLabel ?? 'Onayla'}
          </button>
        </div>
      </Modal>
    </ConfirmContext.Provider>
  );
}
