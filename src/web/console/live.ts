import { useEffect, useRef, useState } from 'react';
import { keepSubscribed } from './api/kept-subscription';
import { ResultUpdatedDocument } from './api/generated';

export type LiveState = 'connecting' | 'live' | 'lost';

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
    const update = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), 150);
    };
    const close = keepSubscribed(
      ResultUpdatedDocument,
      { botId },
      {
        open: (again) => {
          setState('live');
          // What changed while no stream was open.
          if (again) update();
        },
        next: update,
        // Ended by the server (its lifetime, a restart): routine, so shown as connecting again.
        lost: (how) => setState(how === 'ended' ? 'connecting' : 'lost'),
      },
    );
    return () => {
      clearTimeout(timer);
      close();
    };
  }, [botId]);
  return state;
}
