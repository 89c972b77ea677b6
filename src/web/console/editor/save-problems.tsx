import { ErrorNote } from '../ui';
import type { SaveStatus } from './autosave';

/** A save that failed: someone else's save to reload or overwrite, or an error. */
export function SaveProblems({
  status,
  error,
  onOverwrite,
  onReload,
}: {
  status: SaveStatus;
  error: unknown;
  onOverwrite(): void;
  onReload(): void;
}) {
  return (
    <>
      {status === 'conflict' && (
        <div role="alert" className="error conflict">
          Someone else saved this bot after you opened it. Your changes are not saved yet.
          <div className="actions">
            <button type="button" onClick={onReload}>
              Reload theirs
            </button>
            <button type="button" className="danger" onClick={onOverwrite}>
              Overwrite with mine
            </button>
          </div>
        </div>
      )}
      {status === 'error' && <ErrorNote error={error} />}
    </>
  );
}
