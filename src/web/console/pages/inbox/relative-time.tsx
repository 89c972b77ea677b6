import { useSyncExternalStore } from 'react';
import { formatDate } from '../../ui';

// One clock for every waited time on the page: a second's tick while
// something shows one, none otherwise.

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function listen(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const each of listeners) each();
    }, 1_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time, updated every second. */
export function useNow(): number {
  return useSyncExternalStore(listen, () => now);
}

/** 12 s, 4 min, 1 h 20 min, 3 d 2 h: a span as a person reads it at a glance. */
export function formatSpan(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** The time from `since` to `until` (else now, ticking), its exact dates in the tooltip. */
export function Span({ since, until }: { since: string; until?: string | null }) {
  const current = useNow();
  const end = until ? Date.parse(until) : current;
  return (
    <time dateTime={since} title={until ? `${formatDate(since)} – ${formatDate(until)}` : formatDate(since)}>
      {formatSpan(end - Date.parse(since))}
    </time>
  );
}
