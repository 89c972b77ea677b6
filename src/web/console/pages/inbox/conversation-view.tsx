import { request } from '../../api/client';
import { ConversationDocument } from '../../api/generated';
import { useSession } from '../../session';
import { ErrorNote, formatDate, useLoad } from '../../ui';
import { ConversationActions } from './conversation-actions';
import { useConversationEvents } from './conversation-events';
import { ConversationLog } from './conversation-log';
import { ReplyBox } from './reply-box';
import { Span } from './relative-time';
import { useViewers } from './viewers';
import { CHANNEL_WORDS, personName, STATUS_WORDS, type Conversation } from './words';

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Where the conversation comes from and how long the visitor waited (waits, while nobody has it). */
function Facts({ conversation }: { conversation: Conversation }) {
  const { channel, team, waitingSince, takenAt, endedAt, status, timeoutAt } = conversation;
  return (
    <section className="conversation-facts" aria-label="Details">
      <dl>
        <dt>Channel</dt>
        <dd>{CHANNEL_WORDS[channel]}</dd>
        <dt>Team</dt>
        <dd>{team || 'Anyone'}</dd>
        <dt>{status === 'waiting' ? 'Waiting for' : 'Waited'}</dt>
        <dd>
          <Span since={waitingSince} until={takenAt ?? endedAt} />
        </dd>
        {status === 'waiting' && (
          <>
            <dt>Gives up at</dt>
            <dd>{formatDate(timeoutAt)}</dd>
          </>
        )}
      </dl>
      <h3>Variables</h3>
      {conversation.variables.length === 0 ? (
        <p className="hint">None set.</p>
      ) : (
        <dl className="conversation-variables">
          {conversation.variables.map((variable) => (
            <div key={variable.name}>
              <dt>{variable.name}</dt>
              <dd>{valueText(variable.value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/**
 * One conversation: who has it and what may be done, the transcript (live:
 * re-read on each of its events), the reply box for whoever has it, its
 * details and variables. `onBack` returns to the list (phones show one at a time).
 */
export function ConversationView({
  conversationId,
  editable,
  onBack,
  onChanged,
  onTaken,
}: {
  conversationId: string;
  editable: boolean;
  onBack: () => void;
  onChanged: () => void;
  onTaken: () => void;
}) {
  const { me } = useSession();
  const loaded = useLoad(() => request(ConversationDocument, { id: conversationId }), [conversationId]);
  const { viewers, seen } = useViewers(conversationId, me.id);
  const { live, typing } = useConversationEvents(conversationId, loaded.reload, seen);
  const conversation = loaded.data?.conversation;
  const changed = () => {
    loaded.reload();
    onChanged();
  };
  const back = (
    <button type="button" className="secondary inbox-back" onClick={onBack}>
      ← Conversations
    </button>
  );
  if (!conversation)
    return (
      <div className="conversation">
        {back}
        {loaded.error ? <ErrorNote error={loaded.error} /> : <p className="loading">Loading…</p>}
      </div>
    );
  const mine = conversation.assignee?.id === me.id;
  // The typing events of this person's own replies come back too: only someone else's are shown.
  const typist = typing && conversation.status === 'active' && !mine ? conversation.assignee : null;
  return (
    <article className="conversation" aria-labelledby="conversation-title">
      {back}
      <header className="row conversation-head">
        <h2 id="conversation-title">{conversation.botName}</h2>
        <span className={`conversation-status ${conversation.status}`}>{STATUS_WORDS[conversation.status]}</span>
        <span className={`live-status ${live}`} role="status">
          {live === 'live' ? 'Live' : live === 'lost' ? 'Live updates lost: reconnecting…' : 'Connecting…'}
        </span>
      </header>
      {viewers.length > 0 && (
        <p className="conversation-viewers">Also here: {viewers.map((viewer) => personName(viewer)).join(', ')}</p>
      )}
      <ConversationActions
        conversation={conversation}
        meId={me.id}
        editable={editable}
        onChanged={changed}
        onTaken={onTaken}
      />
      {/* A failed re-read keeps the last transcript shown, and says so. */}
      <ErrorNote error={loaded.error} />
      <div className="conversation-body">
        <div className="conversation-talk">
          <ConversationLog messages={conversation.messages} meId={me.id} />
          <p className="typing" aria-live="polite">
            {typist ? `${personName(typist)} is typing…` : ''}
          </p>
          {editable && mine && conversation.status === 'active' && (
            <ReplyBox conversationId={conversation.id} onSent={changed} />
          )}
        </div>
        <Facts conversation={conversation} />
      </div>
    </article>
  );
}
