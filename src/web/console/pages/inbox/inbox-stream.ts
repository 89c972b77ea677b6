import { subscribe, type Subscription } from '../../api/client';
import { InboxEventsDocument, type InboxEventsSubscription } from '../../api/generated';

// One inboxEvents stream per workspace for the whole tab: the top bar's badge
// and the Inbox page's list both follow it (browsers keep about six
// connections per server; a stream each would spend them). The last listener
// to let go closes it.

export type InboxEvent = InboxEventsSubscription['inboxEvents'];

export interface InboxListener {
  event(event: InboxEvent): void;
  /** The stream is open again after a loss: what may have been missed is read again. */
  resumed(): void;
}

/** After the stream ends or drops, it is opened again this much later. */
const RECONNECT_MS = 2_000;

interface Stream {
  listeners: Set<InboxListener>;
  close(): void;
}

const streams = new Map<string, Stream>();

function open(workspaceId: string): Stream {
  const listeners = new Set<InboxListener>();
  let closed = false;
  let live: Subscription | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  // Ended by the server too (its stream lifetime, a restart): opened again the same way.
  const lost = () => {
    if (closed) return;
    clearTimeout(retry);
    retry = setTimeout(() => listen(true), RECONNECT_MS);
  };
  const listen = (again: boolean) => {
    live = subscribe(
      InboxEventsDocument,
      { workspaceId },
      {
        open: () => {
          if (again) for (const listener of listeners) listener.resumed();
        },
        next: ({ inboxEvents }) => {
          for (const listener of listeners) listener.event(inboxEvents);
        },
        error: lost,
        complete: lost,
      },
    );
  };
  listen(false);
  return {
    listeners,
    close: () => {
      closed = true;
      clearTimeout(retry);
      live?.close();
    },
  };
}

/** Follows the workspace's conversations (new, taken, messages, ended); the returned function stops. */
export function followInbox(workspaceId: string, listener: InboxListener): () => void {
  let stream = streams.get(workspaceId);
  if (!stream) streams.set(workspaceId, (stream = open(workspaceId)));
  const shared = stream;
  shared.listeners.add(listener);
  return () => {
    shared.listeners.delete(listener);
    if (shared.listeners.size > 0) return;
    shared.close();
    if (streams.get(workspaceId) === shared) streams.delete(workspaceId);
  };
}
