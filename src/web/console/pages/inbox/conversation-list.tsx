import { Link } from 'wouter';
import type { ConversationSummaryFieldsFragment } from '../../api/generated';
import { Span } from './relative-time';
import { CHANNEL_WORDS, OUTCOME_WORDS, personName } from './words';

type Summary = ConversationSummaryFieldsFragment;

/** Waiting: for how long (ticking); taken: by whom; ended: how, and how long ago. */
function State({ conversation, meId }: { conversation: Summary; meId: string }) {
  const { status, assignee } = conversation;
  if (status === 'waiting')
    return (
      <span className="inbox-item-state waiting">
        Waiting <Span since={conversation.waitingSince} />
      </span>
    );
  if (status === 'active')
    return (
      <span className="inbox-item-state">
        {assignee ? (assignee.id === meId ? 'You' : personName(assignee)) : 'Someone'}
        {conversation.takenAt && (
          <>
            {' '}
            · waited <Span since={conversation.waitingSince} until={conversation.takenAt} />
          </>
        )}
      </span>
    );
  return (
    <span className="inbox-item-state">
      {conversation.outcome ? OUTCOME_WORDS[conversation.outcome] : 'Ended'}
      {conversation.endedAt && (
        <>
          {' '}
          · <Span since={conversation.endedAt} /> ago
        </>
      )}
    </span>
  );
}

function lastLine(conversation: Summary): string {
  const last = conversation.lastMessage;
  if (!last) return '';
  const who =
    last.authorKind === 'visitor'
      ? 'Visitor'
      : last.authorKind === 'bot'
        ? 'Bot'
        : last.author
          ? personName(last.author)
          : 'Agent';
  return `${who}: ${last.text}`;
}

export function ConversationList({
  conversations,
  selectedId,
  meId,
}: {
  conversations: Summary[];
  selectedId: string | undefined;
  meId: string;
}) {
  return (
    <ul className="inbox-list" aria-label="Conversations">
      {conversations.map((conversation) => (
        <li key={conversation.id}>
          <Link
            href={`/inbox/${conversation.id}`}
            className="inbox-item"
            aria-current={conversation.id === selectedId ? 'true' : undefined}
          >
            <span className="inbox-item-head">
              <strong>{conversation.botName}</strong>
              <span className="inbox-item-channel">
                {CHANNEL_WORDS[conversation.channel]}
                {conversation.team ? ` · ${conversation.team}` : ''}
              </span>
            </span>
            <State conversation={conversation} meId={meId} />
            <span className="inbox-item-last">{lastLine(conversation)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
