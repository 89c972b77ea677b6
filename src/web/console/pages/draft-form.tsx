import type { FormEvent, ReactNode } from 'react';
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
  const { draft, dirty, saved, conflict, save, reload } = state;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(false);
  };
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
          <div className={dirty || conflict || save.error || reload.error ? 'save-bar pending' : 'save-bar'}>
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
            <ErrorNote error={save.error ?? reload.error} />
            <div className="row">
              <button type="submit" disabled={save.pending || !dirty}>
                {save.pending ? 'Saving…' : 'Save'}
              </button>
              <span role="status" className="hint">
                {dirty ? 'Unsaved changes' : saved ? 'Saved to the draft: publish to show it to visitors' : ''}
              </span>
            </div>
          </div>
        )}
      </form>
    </DraftContext.Provider>
  );
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
