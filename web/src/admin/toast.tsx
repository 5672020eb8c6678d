import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/** Admin spec §9: one toast at a time, 5000 ms, swipe right 50 px to dismiss, F8 to reach it, 420 px wide. */
export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}
interface ShownToast extends ToastInput {
  id: number;
}

const ToastContext = createContext<(toast: ToastInput) => void>(() => undefined);

export const useToast = () => useContext(ToastContext);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const region = useRef<HTMLElement>(null);
  const swipeStart = useRef<number | null>(null);
  const next = useRef(1);

  const show = useCallback((input: ToastInput) => {
    setOffset(0);
    setToast({ ...input, id: next.current++ });
  }, []);
  const dismiss = useCallback(() => setToast(null), []);

  useEffect(() => {
    if (!toast || paused) return;
    const timer = setTimeout(dismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, paused, dismiss]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        region.current?.querySelector<HTMLElement>('.toast')?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const destructive = toast?.variant === 'destructive';
  return (
    <ToastContext.Provider value={show}>
      {children}
      <section ref={region} className="toast-region" aria-label="Bildirimler (F8)">
        <div role="status" aria-live="polite" aria-atomic="true">
          {toast && !destructive && (
            <ToastView toast={toast} offset={offset} onDismiss={dismiss} {...{ setPaused, setOffset, swipeStart }} />
          )}
        </div>
        <div role="alert" aria-live="assertive" aria-atomic="true">
          {toast && destructive && (
            <ToastView toast={toast} offset={offset} onDismiss={dismiss} {...{ setPaused, setOffset, swipeStart }} />
          )}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function ToastView(props: {
  toast: ShownToast;
  offset: number;
  onDismiss: () => void;
  setPaused: (paused: boolean) => void;
  setOffset: (offset: number) => void;
  swipeStart: React.RefObject<number | null>;
}) {
  const { toast, offset, onDismiss, setPaused, setOffset, swipeStart } = props;
  return (
    <div
      key={toast.id}
      className={`toast${toast.variant === 'destructive' ? ' destructive' : ''}`}
      tabIndex={-1}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - offset / 200) } : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss();
      }}
      onPointerDown={(event) => {
        swipeStart.current = event.clientX;
      }}
      onPointerMove={(event) => {
        if (swipeStart.current !== null) setOffset(Math.max(0, event.clientX - swipeStart.current));
      }}
      onPointerUp={(event) => {
        const moved = swipeStart.current === null ? 0 : event.clientX - swipeStart.current;
        swipeStart.current = null;
        if (moved >= SWIPE_THRESHOLD_PX) onDismiss();
        else setOffset(0);
      }}
      onPointerCancel={() => {
        swipeStart.current = null;
        setOffset(0);
      }}
    >
      <div className="toast-text">
        <strong>{toast.title}</strong>
        {toast.description && <p>{toast.description}</p>}
      </div>
      <button type="button" className="toast-close" aria-label="Bildirimi kapat" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
