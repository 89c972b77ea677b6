import { useLayoutEffect, useRef } from 'react';
import { personName, type ConversationMessage as Message } from './words';

function authorOf(message: Message, meId: string): string {
  if (message.authorKind === 'visitor') return 'Visitor';
  if (message.authorKind === 'bot') return 'Bot';
  if (!message.author) return 'Agent';
  return message.author.id === meId ? `${personName(message.author)} (you)` : personName(message.author);
}

/** Within this distance of the bottom, the log follows new messages; further up, the reader is left where they are. */
const FOLLOW_PX = 80;

/**
 * The conversation as text, oldest first: the bot's and the visitor's lines
 * from before the handoff, then the handoff's. Text is text (React escapes it;
 * its line breaks kept by CSS): a visitor's "<b>" is shown, never run.
 */
export function ConversationLog({ messages, meId }: { messages: Message[]; meId: string }) {
  const log = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  useLayoutEffect(() => {
    const element = log.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [messages]);
  return (
    <ol
      ref={log}
      className="conversation-log"
      aria-label="Conversation"
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_PX;
      }}
    >
      {/* By position: the list only grows, and the transcript's lines from before the handoff need not have distinct seqs. */}
      {messages.map((message, index) => (
        <li key={index} className={message.authorKind} data-seq={message.seq}>
          <span className="author">{authorOf(message, meId)}</span>
          <span className="visually-hidden">: </span>
          <span className="text">{message.text}</span>
          <time dateTime={message.createdAt} title={new Date(message.createdAt).toLocaleString()}>
            {new Date(message.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
          </time>
        </li>
      ))}
      {messages.length === 0 && <li className="empty">No messages yet.</li>}
    </ol>
  );
}
