import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from './api/client';
import { describeError } from './error-words';

// A small set of accessible building blocks: native elements (button, dialog,
// table, label) styled by styles.css, so keyboard and screen readers work as the browser makes them.

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  const raw = error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error);
  const { message, details } = describeError(raw, error instanceof ApiError ? error.issues : []);
  return (
    <div role="alert" className="error">
      {message}
      {details.length > 0 && (
        <ul>
          {details.map((detail, index) => (
            <li key={index}>{detail}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Data loaded once per change of `deps`, with a reload. */
export function useLoad<T>(
  load: () => Promise<T>,
  deps: unknown[],
): { data: T | undefined; error: unknown; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error: unknown) => current && setState({ error, loading: false }),
    );
    return () => {
      current = false;
    };
  }, [...deps, version]);
  return {
    data: state.data,
    error: state.error,
    loading: state.loading,
    reload: useCallback(() => setVersion((v) => v + 1), []),
  };
}

/** An action's pending state and error, for a button and the note under it. */
export function useAction<A extends unknown[]>(
  action: (...args: A) => Promise<unknown>,
): { run: (...args: A) => Promise<boolean>; pending: boolean; error: unknown } {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  /** Whether the action succeeded (its error is kept for display otherwise). */
  const run = async (...args: A) => {
    setPending(true);
    setError(null);
    try {
      await action(...args);
      return true;
    } catch (caught) {
      setError(caught);
      return false;
    } finally {
      setPending(false);
    }
  };
  return { run, pending, error };
}

export function Dialog({
  title,
  open,
  onClose,
  children,
  className,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="dialog-title" className={className}>
      <header className="row">
        <h2 id="dialog-title">{title}</h2>
        <button type="button" className="ghost" onClick={onClose} aria-label="Close">
          ×
        </button>
      </header>
      {open && children}
    </dialog>
  );
}

export function Tabs<T extends string>({
  tabs,
  current,
  onSelect,
}: {
  tabs: { id: T; label: string }[];
  current: T;
  onSelect: (id: T) => void;
}) {
  return (
    <nav className="tabs" aria-label="Sections">
      {tabs.map((tab) => (
        <a
          key={tab.id}
          href="#"
          aria-current={tab.id === current ? 'page' : undefined}
          onClick={(event) => {
            event.preventDefault();
            onSelect(tab.id);
          }}
        >
          {tab.label}
        </a>
      ))}
    </nav>
  );
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}
