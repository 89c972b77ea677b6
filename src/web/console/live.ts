import { useEffect, useRef, useState } from 'react';
import { subscribe } from './api/client';
import { ResultUpdatedDocument } from './api/generated';

export type LiveState = 'connecting' | 'live' | 'lost';

/**
 * Calls `onUpdate` (debounced: a burst of turns is one call) whenever a chat
 * turn changes one of the bot's results, through the resultUpdated subscription.
 */
export function useResultUpdates(botId: string, onUpdate: () => void): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const latest = useRef(onUpdate);
  latest.current = onUpdate;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = subscribe(
      ResultUpdatedDocument,
      { botId },
      {
        next: () => {
          setState('live');
          clearTimeout(timer);
          timer = setTimeout(() => latest.current(), 150);
        },
        error: () => setState('lost'),
        complete: () => setState('lost'),
      },
    );
    // The stream says nothing until a turn happens: it counts as open once the request is under way.
    const opened = setTimeout(() => setState((current) => (current === 'connecting' ? 'live' : current)), 500);
    return () => {
      clearTimeout(timer);
      clearTimeout(opened);
      subscription.close();
    };
  }, [botId]);
  return state;
}
