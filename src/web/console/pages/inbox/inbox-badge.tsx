import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { request } from '../../api/client';
import { ConversationDocument, WaitingConversationCountDocument } from '../../api/generated';
import { canEdit, type Workspace } from '../../session';
import { beep, notify } from './alerts';
import { followInbox } from './inbox-stream';

/** A burst of events (several visitors at once, a conversation's messages) is one re-read. */
const REREAD_MS = 150;

/**
 * How many conversations of the workspace wait for a person, kept live by the
 * inbox stream. A new one beeps and, when allowed and the page is not in
 * front, raises a notification, for whoever may answer it (not GUESTs).
 */
function useWaitingCount(workspace: Workspace): number | undefined {
  const [count, setCount] = useState<number>();
  const [, navigate] = useLocation();
  const go = useRef(navigate);
  go.current = navigate;
  const answers = canEdit(workspace.viewerRole);
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Answers may overtake each other: only the latest request's answer is drawn.
    let asked = 0;
    const read = () => {
      const ask = ++asked;
      request(WaitingConversationCountDocument, { workspaceId: workspace.id }).then(
        (data) => current && ask === asked && setCount(data.waitingConversationCount),
        // A count that cannot be read is not shown rather than shown stale.
        () => current && ask === asked && setCount(undefined),
      );
    };
    const alert = (conversationId: string) => {
      beep();
      void request(ConversationDocument, { id: conversationId }).then(
        ({ conversation }) =>
          notify({
            title: 'A visitor is waiting',
            body: `${conversation.botName}${conversation.team ? ` (${conversation.team})` : ''} in ${workspace.name}`,
            tag: `parley-inbox-${conversationId}`,
            onClick: () => go.current(`/inbox/${conversationId}`),
          }),
        () => undefined,
      );
    };
    read();
    const stop = followInbox(workspace.id, {
      event: (event) => {
        if (event.type === 'typing' || event.type === 'message') return;
        if (event.type === 'waiting' && answers) alert(event.conversationId);
        clearTimeout(timer);
        timer = setTimeout(read, REREAD_MS);
      },
      resumed: read,
    });
    return () => {
      current = false;
      clearTimeout(timer);
      stop();
    };
  }, [workspace.id, workspace.name, answers]);
  return count;
}

/**
 * The top bar's "Inbox" with the number of waiting conversations, on every
 * page of the workspace; the same number leads the tab's title ("(2) Inbox —
 * Parley"), so a tab in the background says it too.
 */
export function InboxNavLink({ workspace, current }: { workspace: Workspace; current: boolean }) {
  const count = useWaitingCount(workspace);
  useEffect(() => {
    document.title = `${count ? `(${count}) ` : ''}${current ? 'Inbox — ' : ''}Parley`;
  }, [count, current]);
  useEffect(() => () => void (document.title = 'Parley'), []);
  return (
    // Named "Inbox 2 waiting": the visible "Inbox 2" and what the number counts.
    <Link href="/inbox" aria-current={current ? 'page' : undefined} className="inbox-link">
      Inbox{' '}
      {count ? (
        <span className="nav-badge">
          {count}
          <span className="visually-hidden"> waiting</span>
        </span>
      ) : null}
    </Link>
  );
}
