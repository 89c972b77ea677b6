import { useRef, useState, type KeyboardEvent } from 'react';
import { request } from '../../api/client';
import { ConversationTypingDocument, SendConversationMessageDocument } from '../../api/generated';
import { ErrorNote, useAction } from '../../ui';

/** The visitor sees "typing…" for a few seconds per signal: one every 2 s while keys go is enough. */
const TYPING_EVERY_MS = 2_000;

/** A fresh key per message (getRandomValues: randomUUID needs a secure origin). */
function newClientKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The agent's reply: Enter sends, Shift+Enter starts a new line. A message
 * keeps its clientKey until it is sent, so a retry after a lost answer is the
 * same message to the server, never a second copy; changed text is a new message.
 */
export function ReplyBox({ conversationId, onSent }: { conversationId: string; onSent: () => void }) {
  const [text, setText] = useState('');
  const unsent = useRef<{ text: string; clientKey: string } | null>(null);
  const lastTyping = useRef(0);
  const send = useAction(async () => {
    const body = text.trim();
    if (!body) return;
    if (unsent.current?.text !== body) unsent.current = { text: body, clientKey: newClientKey() };
    await request(SendConversationMessageDocument, {
      id: conversationId,
      text: body,
      clientKey: unsent.current.clientKey,
    });
    unsent.current = null;
    // What was typed while it was on its way stays in the box.
    setText((now) => (now.trim() === body ? '' : now));
    onSent();
  });
  const submit = () => {
    if (!send.pending) void send.run();
  };
  const typed = (value: string) => {
    setText(value);
    const now = Date.now();
    if (!value.trim() || now - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = now;
    void request(ConversationTypingDocument, { id: conversationId }).catch(() => undefined);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method composes (Enter picks a candidate there).
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  return (
    <form
      className="reply-box"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label>
        <span className="visually-hidden">Reply to the visitor</span>
        <textarea
          rows={2}
          value={text}
          placeholder="Write a reply…"
          aria-describedby={`reply-hint-${conversationId}`}
          onChange={(event) => typed(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </label>
      <button type="submit" disabled={send.pending || !text.trim()}>
        {send.pending ? 'Sending…' : 'Send'}
      </button>
      <p className="hint" id={`reply-hint-${conversationId}`}>
        Enter sends; Shift+Enter starts a new line.
      </p>
      <ErrorNote error={send.error} />
    </form>
  );
}
