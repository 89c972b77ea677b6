import { keepSubscribed } from '../../api/kept-subscription';
import { sharedStreams } from '../../api/shared-streams';
import { InboxEventsDocument, type InboxEventsSubscription } from '../../api/generated';

// The inboxEvents stream is open on every page of a workspace (the top bar's
// count), so it is shared as far as it can be: within a tab, the badge and
// the Inbox page's list follow one stream; across the tabs of a browser, one
// tab holds it (a Web Lock per workspace) and hands its events to the others
// (a BroadcastChannel). Browsers keep about six connections per server, and a
// stream per tab, beside each tab's editor stream, would soon leave none for
// ordinary requests. Where Web Locks are missing (plain-HTTP hosts other than
// localhost), each tab holds its own.

export type InboxEvent = InboxEventsSubscription['inboxEvents'];

export interface InboxListener {
  event(event: InboxEvent): void;
  /** The stream is open again after a loss, or another tab's gone: what may have been missed is read again. */
  resumed(): void;
}

type Wire = { kind: 'event'; event: InboxEvent } | { kind: 'resumed' };

/** Holds the stream open (reopening it when it ends or drops) until the returned function is called. */
function listen(workspaceId: string, send: (wire: Wire) => void, resumedAtFirst: boolean): () => void {
  return keepSubscribed(
    InboxEventsDocument,
    { workspaceId },
    {
      open: (again) => again && send({ kind: 'resumed' }),
      next: ({ inboxEvents }) => send({ kind: 'event', event: inboxEvents }),
    },
    { resumedAtFirst },
  );
}

/** The workspace's stream for this tab's followers: held by this tab, or heard from the tab that holds it. */
function open(workspaceId: string, listeners: ReadonlySet<InboxListener>): () => void {
  const dispatch = (wire: Wire) => {
    for (const listener of listeners) {
      if (wire.kind === 'event') listener.event(wire.event);
      else listener.resumed();
    }
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof BroadcastChannel === 'undefined') return listen(workspaceId, dispatch, false);

  const name = `parley-inbox-${workspaceId}`;
  const channel = new BroadcastChannel(name);
  channel.onmessage = (message: MessageEvent<Wire>) => dispatch(message.data);
  const waiting = new AbortController();
  let stop: (() => void) | undefined;
  let closed = false;
  // This tab leads until it lets go (the lock's promise resolves), or is closed (the browser frees the lock).
  const lead = (after: boolean) =>
    new Promise<void>((resolve) => {
      if (closed) return resolve();
      const stopStream = listen(
        workspaceId,
        (wire) => {
          dispatch(wire);
          channel.postMessage(wire);
        },
        after,
      );
      stop = () => {
        stopStream();
        resolve();
      };
    });
  void locks
    .request(name, { ifAvailable: true }, (lock) => (lock ? lead(false).then(() => true) : false))
    .then((led) => {
      if (led || closed) return;
      // Another tab leads: this one follows its events, and takes over (reading again what may have
      // been missed meanwhile) when that tab goes.
      return locks.request(name, { signal: waiting.signal }, () => lead(true));
    })
    .catch(() => undefined);
  return () => {
    closed = true;
    waiting.abort();
    stop?.();
    channel.close();
  };
}

/** Follows the workspace's conversations (new, taken, messages, ended); the returned function stops. */
export const followInbox = sharedStreams<InboxListener>(open);
