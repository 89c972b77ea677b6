import { useEffect } from 'react';
import { Link } from 'wouter';
import { ErrorNote } from '../ui';
import type { Draft } from './draft';
import { describeObject, type Overwrite } from './draft-sync';
import type { SaveStatus } from './use-draft-sync';

/** A notice stays this long unless dismissed: long enough to read, short enough not to pile up. */
const NOTICE_MS = 15_000;

/** A save that failed, and other people's saves that replaced what this person had just saved. */
export function SaveProblems({
  botId,
  status,
  error,
  notices,
  draft,
  onDismiss,
}: {
  botId: string;
  status: SaveStatus;
  error: unknown;
  notices: Overwrite[];
  draft: Draft;
  onDismiss(notice: Overwrite): void;
}) {
  return (
    <>
      {status === 'error' && <ErrorNote error={error} />}
      {status === 'retrying' && (
        <p className="save-retrying" role="status">
          {error instanceof Error ? error.message.replace(/\.$/, '') : 'The server cannot be reached'}. Your changes are
          kept in this tab and saved by themselves as soon as the server answers again.
        </p>
      )}
      {notices.length > 0 && (
        <ul className="overwrite-notices" role="status">
          {notices.map((notice) => (
            <OverwriteNotice
              key={`${notice.change.version}`}
              botId={botId}
              notice={notice}
              draft={draft}
              onDismiss={onDismiss}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function OverwriteNotice({
  botId,
  notice,
  draft,
  onDismiss,
}: {
  botId: string;
  notice: Overwrite;
  draft: Draft;
  onDismiss(notice: Overwrite): void;
}) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(notice), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, onDismiss]);
  const author = notice.change.author;
  const who = author ? author.name?.trim() || author.email : 'Someone else';
  const [first, ...more] = notice.objects;
  const what = describeObject(first!, draft) + (more.length > 0 ? ` and ${more.length} more` : '');
  return (
    <li className="overwrite-notice">
      <span>
        {who} changed {what} just after you: their version is kept. Yours is in{' '}
        <Link href={`/bots/${botId}/history`}>History</Link>.
      </span>
      <button type="button" className="link" onClick={() => onDismiss(notice)}>
        Dismiss
      </button>
    </li>
  );
}
