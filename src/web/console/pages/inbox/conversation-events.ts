import { useEffect, useRef, useState } from 'react';
import { keepSubscribed } from '../../api/kept-subscription';
import { ConversationEventsDocument } from '../../api/generated';
import type { LiveState } from '../../live';
import { followInbox } from './inbox-stream';
import type { Viewer } from './viewers';

/** A burst of events (a visitor sending three lines) is one re-read. */
const REREAD_MS = 100;
/** Someone typing is shown this long after their last keystroke's event. */
const TYPING_MS = 4_000;

/**
 * Follows one conversation through conversationEvents: `onChange` (debounced)
 * on each message, take, hand-back or close, and once the stream is open
 * again after a loss (events are not replayed). Returns the stream's state
 * and whether someone is typing in it now.
 */
export function useConversationEvents(
  conversationId: string,
  onChange: () => void,
  onViewing: (viewer: Viewer) => void = () => undefined,
): { live: LiveState; typing: boolean } {
  const [live, setLive] = useState<LiveState>('connecting');
  const [typing, setTyping] = useState(false);
  const latest = useRef(onChange);
  latest.current = onChange;
  const viewing = useRef(onViewing);
  viewing.current = onViewing;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const change = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), REREAD_MS);
    };
    const close = keepSubscribed(
      ConversationEventsDocument,
      { conversationId },
      {
        open: (again) => {
          setLive('live');
          if (again) change();
        },
        next: ({ conversationEvents: event }) => {
          // Someone has it open: nothing changed in it.
          if (event.type === 'viewing') {
            if (event.person) viewing.current(event.person);
            return;
          }
          if (event.type === 'typing') {
            setTyping(true);
            clearTimeout(typingTimer);
            typingTimer = setTimeout(() => setTyping(false), TYPING_MS);
            return;
          }
          // Whoever typed has sent (or the conversation moved on).
          clearTimeout(typingTimer);
          setTyping(false);
          change();
        },
        lost: (how) => setLive(how === 'ended' ? 'connecting' : 'lost'),
      },
    );
    return () => {
      clearTimeout(timer);
      clearTimeout(typingTimer);
      close();
    };
  }, [conversationId]);
  return { live, typing };
}

/** Calls `onChange` (debounced) whenever the workspace's conversations change: the inbox list re-reads. */
export function useInboxChanges(workspaceId: string, onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const change = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), REREAD_MS);
    };
    const stop = followInbox(workspaceId, {
      // Typing changes nothing the list shows; a message changes its last line.
      event: (event) => event.type !== 'typing' && change(),
      resumed: change,
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [workspaceId]);
}
