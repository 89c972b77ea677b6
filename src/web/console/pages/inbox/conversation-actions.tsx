import { useState } from 'react';
import { request } from '../../api/client';
import { CloseConversationDocument, ReleaseConversationDocument, TakeConversationDocument } from '../../api/generated';
import { Dialog, ErrorNote, useAction } from '../../ui';
import { OUTCOME_WORDS, personName, type Conversation } from './words';

/** An action after which the conversation is read again, refused too (someone else took it first: who has it now). */
function useChange<A extends unknown[]>(action: (...args: A) => Promise<unknown>, onChanged: () => void) {
  return useAction(async (...args: A) => {
    try {
      await action(...args);
    } finally {
      onChanged();
    }
  });
}

/** Where the bot goes on: the block's own way out unless a group is picked. */
function HandBackForm({
  conversation,
  pending,
  onHandBack,
}: {
  conversation: Conversation;
  pending: boolean;
  onHandBack: (groupId: string | null) => void;
}) {
  const [groupId, setGroupId] = useState('');
  return (
    <form
      className="hand-back"
      onSubmit={(event) => {
        event.preventDefault();
        onHandBack(groupId || null);
      }}
    >
      <p>The bot takes the conversation over at once; the visitor gets its next messages.</p>
      <label>
        Where the bot goes on
        <select value={groupId} onChange={(event) => setGroupId(event.target.value)}>
          <option value="">Where the handoff block leads</option>
          {conversation.groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.title || group.id}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={pending}>
        {pending ? 'Handing back…' : 'Hand back'}
      </button>
    </form>
  );
}

/**
 * What this person may do with the conversation: take a waiting one, hand a
 * taken one back to the bot or close it. Someone else's is named, not
 * touched; a GUEST reads only, and is told so.
 */
export function ConversationActions({
  conversation,
  meId,
  editable,
  onChanged,
  onTaken,
}: {
  conversation: Conversation;
  meId: string;
  editable: boolean;
  onChanged: () => void;
  /** Taken by this person: the list may follow it to the Mine tab. */
  onTaken: () => void;
}) {
  const [handingBack, setHandingBack] = useState(false);
  const { id, status, assignee } = conversation;
  const take = useChange(async () => {
    await request(TakeConversationDocument, { id });
    onTaken();
  }, onChanged);
  const release = useChange(async (groupId: string | null) => {
    await request(ReleaseConversationDocument, { id, groupId });
    setHandingBack(false);
  }, onChanged);
  const close = useChange(async () => {
    if (!confirm('Close this conversation? The visitor can no longer write to anyone in it.')) return;
    await request(CloseConversationDocument, { id });
  }, onChanged);
  const mine = assignee?.id === meId;

  if (status === 'closed')
    return (
      <p className="conversation-state">
        {conversation.outcome ? OUTCOME_WORDS[conversation.outcome] : 'Ended'}
        {assignee ? ` (answered by ${mine ? 'you' : personName(assignee)})` : ''}.
      </p>
    );
  const who =
    status === 'waiting' ? (
      <p className="conversation-state">Nobody has taken it yet.</p>
    ) : (
      <p className="conversation-state">
        {mine ? 'You have this conversation.' : `${assignee ? personName(assignee) : 'Someone'} has this conversation.`}
      </p>
    );
  if (!editable)
    return (
      <div className="conversation-actions">
        {who}
        <p className="hint">As a guest of this workspace you read conversations; members answer them.</p>
      </div>
    );
  return (
    <div className="conversation-actions">
      {who}
      <div className="row">
        {status === 'waiting' && (
          <button type="button" disabled={take.pending} onClick={() => void take.run()}>
            {take.pending ? 'Taking…' : 'Take'}
          </button>
        )}
        {mine && (
          <button type="button" className="secondary" onClick={() => setHandingBack(true)} aria-haspopup="dialog">
            Hand back to the bot
          </button>
        )}
        {(status === 'waiting' || mine) && (
          <button type="button" className="danger" disabled={close.pending} onClick={() => void close.run()}>
            Close
          </button>
        )}
      </div>
      <ErrorNote error={take.error ?? close.error} />
      <Dialog title="Hand back to the bot" open={handingBack} onClose={() => setHandingBack(false)}>
        <HandBackForm
          conversation={conversation}
          pending={release.pending}
          onHandBack={(groupId) => void release.run(groupId)}
        />
        <ErrorNote error={release.error} />
      </Dialog>
    </div>
  );
}
