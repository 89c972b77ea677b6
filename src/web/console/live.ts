import { useEffect, useRef, useState } from 'react';
import { subscribe, type Subscription } from './api/client';
import { ResultUpdatedDocument } from './api/generated';

export type LiveState = 'connecting' | 'live' | 'lost';

/** After the stream ends or drops, it is opened again this much later. */
const RECONNECT_MS = 2_000;

/**
 * Calls `onUpdate` (debounced: a burst of turns is one call) whenever a chat
 * turn changes one of the bot's results, through the resultUpdated
 * subscription. The server ends a stream after its lifetime
 * (PARLEY_LIVE_STREAM_MAX_MINUTES) and events are not replayed: the stream is
 * opened again, and `onUpdate` called once it is, for what came meanwhile.
 */
export function useResultUpdates(botId: string, onUpdate: () => void): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const latest = useRef(onUpdate);
  latest.current = onUpdate;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let subscription: Subscription | undefined;
    let closed = false;
    const update = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), 150);
    };
    const lost = (shown: LiveState) => {
      if (closed) return;
      setState(shown);
      clearTimeout(retry);
      retry = setTimeout(() => listen(true), RECONNECT_MS);
    };
    const listen = (again: boolean) => {
      subscription = subscribe(
        ResultUpdatedDocument,
        { botId },
        {
          open: () => {
            setState('live');
            // What changed while no stream was open.
            if (again) update();
          },
          next: update,
          // Ended by the server (its lifetime, a restart): routine, so shown as connecting again.
          complete: () => lost('connecting'),
          error: () => lost('lost'),
        },
      );
    };
    listen(false);
    return () => {
      closed = true;
      clearTimeout(timer);
      clearTimeout(retry);
      subscription?.close();
    };
  }, [botId]);
  return state;
}
