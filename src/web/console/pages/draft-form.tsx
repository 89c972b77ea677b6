import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { ErrorNote } from '../ui';
import { DraftContext } from './draft-context';
import type { DraftState } from './use-draft';

/** The form around an editor's sections: its save bar, the conflict's choices, read-only for guests. */
export function DraftForm({
  state,
  what,
  label,
  className,
  children,
}: {
  state: DraftState;
  what: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const { draft, dirty, saved, conflict, save, reload, refusals, blocked, saveError } = state;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(false);
  };
  const unsaved = dirty || refusals.length > 0;
  const pending = unsaved || conflict || Boolean(saveError) || Boolean(reload.error);
  const bar = useRef<HTMLDivElement>(null);
  useStickySpace(bar, draft.editable && pending);
  return (
    <DraftContext.Provider value={draft}>
      <form className={`draft-form${className ? ` ${className}` : ''}`} aria-label={label} onSubmit={submit}>
        {!draft.editable && (
          <p className="hint">
            You can look at this bot’s {what}; a member or an admin of the workspace can change it.
          </p>
        )}
        {/* A disabled fieldset disables every field in it: guests read the form as it is. */}
        <fieldset className="draft-fields" disabled={!draft.editable}>
          {children}
        </fieldset>
        {draft.editable && (
          // With something to save or to decide, kept in view at the bottom of the window, where the Save button is.
          <div ref={bar} className={pending ? 'save-bar pending' : 'save-bar'}>
            {conflict && (
              <div role="alert" className="conflict">
                <p>
                  <strong>Someone else saved this bot while you were editing.</strong> Reload to see the saved {what}{' '}
                  (your changes here are dropped), or overwrite it with yours.
                </p>
                <div className="row">
                  <button
                    type="button"
                    className="secondary"
                    disabled={reload.pending}
                    onClick={() => void reload.run()}
                  >
                    Reload
                  </button>
                  <button type="button" className="danger" disabled={save.pending} onClick={() => void save.run(true)}>
                    Overwrite
                  </button>
                </div>
              </div>
            )}
            {blocked && <Refused refusals={refusals} />}
            <ErrorNote error={saveError ?? reload.error} />
            <div className="row">
              <button type="submit" disabled={save.pending || !unsaved}>
                {save.pending ? 'Saving…' : 'Save'}
              </button>
              <span role="status" className="hint">
                {unsaved ? 'Unsaved changes' : saved ? 'Saved to the draft: publish to show it to visitors' : ''}
              </span>
            </div>
          </div>
        )}
      </form>
    </DraftContext.Provider>
  );
}

/** Why Save saved nothing: the fields whose text they cannot take, by name. */
function Refused({ refusals }: { refusals: readonly { field: string; problem: string }[] }) {
  const sentence = (each: { field: string; problem: string }) => `${each.field}: ${each.problem}.`;
  return (
    <div role="alert" className="error">
      {refusals.length === 1 ? (
        `Nothing was saved. ${sentence(refusals[0]!)} Correct it or empty it, then save.`
      ) : (
        <>
          Nothing was saved. Correct or empty these fields, then save:
          <ul>
            {refusals.map((each, index) => (
              <li key={index}>{sentence(each)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * While the save bar sticks to the bottom of the window, the page keeps its
 * height clear when it scrolls a field into view (focus, Tab, a jump to a
 * field): the field is never left under the bar.
 */
function useStickySpace(bar: { current: HTMLElement | null }, sticky: boolean) {
  useEffect(() => {
    const element = bar.current;
    if (!sticky || !element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--save-bar-space', `${element.offsetHeight + 8}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--save-bar-space');
    };
  }, [sticky]);
}

/** A titled group of fields. */
export function Section({
  title,
  hint,
  compact,
  children,
}: {
  title: string;
  hint?: ReactNode;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="draft-section">
      <legend>{title}</legend>
      {hint && <p className="hint">{hint}</p>}
      <div className={compact ? 'draft-grid compact' : 'draft-grid'}>{children}</div>
    </fieldset>
  );
}
