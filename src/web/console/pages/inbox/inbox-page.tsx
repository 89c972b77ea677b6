import { useState } from 'react';
import { useLocation } from 'wouter';
import { request } from '../../api/client';
import { ConversationsDocument, type ConversationsQueryVariables } from '../../api/generated';
import { canEdit, useSession, type Workspace } from '../../session';
import { ErrorNote, Tabs, useLoad } from '../../ui';
import { askForNotifications, notificationState, type NotificationState } from './alerts';
import { useInboxChanges } from './conversation-events';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';

type InboxTab = 'waiting' | 'mine' | 'active' | 'closed';

const TABS: { id: InboxTab; label: string }[] = [
  { id: 'waiting', label: 'Waiting' },
  { id: 'mine', label: 'Mine' },
  { id: 'active', label: 'All active' },
  { id: 'closed', label: 'Closed' },
];

const FILTERS: Record<InboxTab, Omit<ConversationsQueryVariables, 'workspaceId'>> = {
  waiting: { status: 'waiting' },
  mine: { status: 'active', mine: true },
  active: { status: 'active' },
  closed: { status: 'closed' },
};

const EMPTY: Record<InboxTab, string> = {
  waiting: 'Nobody is waiting.',
  mine: 'You have no conversation open.',
  active: 'Nobody is being answered right now.',
  closed: 'No conversation has ended yet.',
};

/** Browser notifications: asked for on a click only; what the browser decided, said. */
function NotifyMe() {
  const [state, setState] = useState<NotificationState>(notificationState);
  if (state === 'unsupported') return null;
  if (state === 'granted') return <span className="hint">Notifications on</span>;
  if (state === 'denied') return <span className="hint">Notifications blocked by the browser</span>;
  return (
    <button type="button" className="secondary" onClick={() => void askForNotifications().then(setState)}>
      Notify me
    </button>
  );
}

/**
 * The workspace's conversations handed to a person (issue 52): a list by tab,
 * kept live by the inbox stream, beside the chosen conversation. The choice
 * is in the address (/inbox/<id>), so a link or a notification opens it; on
 * a phone the list and the conversation are two screens.
 */
export function InboxPage({ workspace, conversationId }: { workspace: Workspace; conversationId?: string }) {
  const { me } = useSession();
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<InboxTab>('waiting');
  const list = useLoad(
    () => request(ConversationsDocument, { workspaceId: workspace.id, ...FILTERS[tab] }),
    [workspace.id, tab],
  );
  useInboxChanges(workspace.id, list.reload);
  const conversations = list.data?.conversations ?? [];
  return (
    <section className={conversationId ? 'inbox has-selection' : 'inbox'}>
      <div className="inbox-side">
        <header className="row">
          <h1>Inbox</h1>
          <NotifyMe />
        </header>
        <Tabs tabs={TABS} current={tab} onSelect={setTab} />
        <ErrorNote error={list.error} />
        {list.loading && !list.data ? (
          <p className="loading">Loading…</p>
        ) : conversations.length === 0 ? (
          <p className="hint">{EMPTY[tab]}</p>
        ) : (
          <ConversationList conversations={conversations} selectedId={conversationId} meId={me.id} />
        )}
      </div>
      <div className="inbox-main">
        {conversationId ? (
          <ConversationView
            key={conversationId}
            conversationId={conversationId}
            editable={canEdit(workspace.viewerRole)}
            onBack={() => navigate('/inbox')}
            onChanged={list.reload}
            // The taken conversation leaves the Waiting tab: the list follows it to Mine.
            onTaken={() => setTab((shown) => (shown === 'waiting' ? 'mine' : shown))}
          />
        ) : (
          <p className="hint inbox-pick">Choose a conversation to read it.</p>
        )}
      </div>
    </section>
  );
}
