import { useEffect, useState } from 'react';
import { request } from '../../api/client';
import { ConversationViewingDocument } from '../../api/generated';

/** How often an open conversation says so; a viewer unheard of for longer than VIEWER_MS has gone. */
const VIEWING_EVERY_MS = 15_000;
const VIEWER_MS = 40_000;

export interface Viewer {
  id: string;
  name: string | null;
  email: string;
}

/**
 * Presence in a conversation, as in the editor: this page says it has the
 * conversation open (now and every 15 s), and `seen` collects the others who
 * say so, each forgotten 40 s after they last did.
 */
export function useViewers(conversationId: string, meId: string) {
  const [viewers, setViewers] = useState<Map<string, { viewer: Viewer; until: number }>>(new Map());
  useEffect(() => {
    setViewers(new Map());
    const say = () => void request(ConversationViewingDocument, { id: conversationId }).catch(() => undefined);
    say();
    const timer = setInterval(() => {
      say();
      setViewers((current) => {
        const now = Date.now();
        const kept = [...current].filter(([, entry]) => entry.until > now);
        return kept.length === current.size ? current : new Map(kept);
      });
    }, VIEWING_EVERY_MS);
    return () => clearInterval(timer);
  }, [conversationId]);
  const seen = (viewer: Viewer) => {
    if (viewer.id === meId) return;
    setViewers((current) => {
      // Someone new: they learn of this page at once, not at its next beat (they answer only someone new to them).
      if (!current.has(viewer.id))
        void request(ConversationViewingDocument, { id: conversationId }).catch(() => undefined);
      return new Map(current).set(viewer.id, { viewer, until: Date.now() + VIEWER_MS });
    });
  };
  return { viewers: [...viewers.values()].map((entry) => entry.viewer), seen };
}
