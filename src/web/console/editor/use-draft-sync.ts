import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { applyDraftPatch, draftPatch, isEmptyPatch } from '../../../engine/shapes/draft-patch';
import { ApiError, request } from '../api/client';
import { BotFlowDocument, ChangeBotDraftDocument, DraftChangesDocument } from '../api/generated';
import { followBotEditing, TAB_KEY } from '../editing-stream';
import { readDraft, type Draft } from './draft';
import {
  catchUp,
  overwrites,
  readDraftChanges,
  rebase,
  rememberSave,
  withForeign,
  type Overwrite,
  type RecentSaves,
} from './draft-sync';
import type { Rebase } from './history';
import { registerFlusher } from './save-barrier';

// The flow editor's copy of the draft, kept in step with the server's
// (docs/co-editing.md): what this person changes is sent a short pause after
// the last change, as a patch applied over the draft as it is now (never a
// conflict); every save the server reports, anyone's, comes in through the
// draftChanged subscription and the change log and is applied under this
// person's unsaved changes. One task at a time, in order: a save or a
// catch-up. Leaving the page with unsaved changes asks first.

/** `retrying`: a save failed for want of the server (offline, restarting, busy); it goes out again by itself. */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'retrying' | 'error';

const PAUSE_MS = 800;
/** Waits before sending again a save that could not reach the server, the last repeated; the browser coming back online, or the live stream opening again, sends it at once. */
const RETRY_MS = [2_000, 5_000, 10_000, 30_000];
/** Notices shown at once, the newest last. */
const MAX_NOTICES = 3;

export interface DraftSync {
  status: SaveStatus;
  error: unknown;
  /** Other people's saves that replaced something this person had just saved. */
  notices: Overwrite[];
  dismiss(notice: Overwrite): void;
}

export function useDraftSync({
  botId,
  draft,
  latest,
  loadedDraft,
  loadedVersion,
  rebaseHistory,
  onSaved,
}: {
  botId: string;
  draft: Draft;
  /** The editor's copy as its last change left it (set on render, and here when a save comes in). */
  latest: MutableRefObject<Draft>;
  loadedDraft: Draft;
  loadedVersion: number;
  rebaseHistory(rebase: Rebase<Draft>): void;
  onSaved(version: number): void;
}): DraftSync {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<unknown>(null);
  const [notices, setNotices] = useState<Overwrite[]>([]);
  const base = useRef(loadedDraft);
  const version = useRef(loadedVersion);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const recent = useRef<RecentSaves>(new Map());
  const failed = useRef(false);
  const retry = useRef<{ timer?: ReturnType<typeof setTimeout>; attempts: number; left?: boolean }>({ attempts: 0 });
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const rebaseSteps = useRef(rebaseHistory);
  rebaseSteps.current = rebaseHistory;

  /** The base moved to `next`: the editor's changes since `since` go back on top, and its undo steps take in `foreign`. */
  const moveBase = useCallback(
    (next: Draft, nextVersion: number, since: Draft, foreign: (step: Draft) => Draft) => {
      base.current = next;
      version.current = nextVersion;
      const before = latest.current;
      const after = rebase(before, since, next);
      // Set now, not at the next render: a save queued right after must not send the copy from before.
      latest.current = after;
      rebaseSteps.current({
        present: (present) => (present === before ? after : rebase(present, since, next)),
        step: foreign,
      });
    },
    [latest],
  );

  const reload = useCallback(
    async (since: Draft) => {
      const { bot } = await request(BotFlowDocument, { botId });
      const fresh = readDraft(bot);
      // Whatever the log could not say, as one change: the undo steps take it in too.
      const theirs = draftPatch(base.current, fresh);
      moveBase(fresh, bot.draftVersion, since, (step) => applyDraftPatch(step, theirs));
    },
    [botId, moveBase],
  );

  /** Applies the saves the server listed (or reads the flow again when it cannot). */
  const absorb = useCallback(
    async (listed: readonly unknown[] | null | undefined, since: Draft) => {
      const changes = readDraftChanges(listed);
      if (!changes) return reload(since);
      const caught = catchUp(base.current, version.current, changes, TAB_KEY);
      moveBase(caught.base, caught.version, since, (step) => withForeign(step, caught.foreign));
      const replaced = overwrites(recent.current, caught.foreign, Date.now());
      if (replaced.length > 0) setNotices((shown) => [...shown, ...replaced].slice(-MAX_NOTICES));
    },
    [moveBase, reload],
  );

  /**
   * The log answers a page at a time (docs/co-editing.md): until the base is at
   * the version the server reported, the next page is read; one that brings
   * nothing (or null) means reading the flow again.
   */
  const follow = useCallback(
    async (reported: number) => {
      let target = reported;
      while (version.current < target) {
        const reached = version.current;
        const { bot } = await request(DraftChangesDocument, { botId, since: reached });
        target = bot.draftVersion;
        if (target <= reached) return;
        await absorb(bot.draftChanges, base.current);
        if (version.current <= reached) return reload(base.current);
      }
    },
    [botId, absorb, reload],
  );

  const enqueue = useCallback((task: () => Promise<void>): Promise<void> => {
    const next = queue.current.then(task);
    // A failed task is reported where it ran: the queue goes on.
    queue.current = next.catch(() => undefined);
    return next;
  }, []);

  const push = useCallback(async (): Promise<void> => {
    clearTimeout(retry.current.timer);
    const sent = latest.current;
    const from = base.current;
    const patch = draftPatch(from, sent);
    if (isEmptyPatch(patch)) {
      failed.current = false;
      setError(null);
      setStatus('saved');
      return;
    }
    setStatus('saving');
    try {
      const { changeBotDraft } = await request(ChangeBotDraftDocument, {
        botId,
        patch,
        clientKey: TAB_KEY,
        since: version.current,
      });
      rememberSave(recent.current, from, patch, changeBotDraft.draftVersion, Date.now());
      await absorb(changeBotDraft.draftChanges, sent);
      await follow(changeBotDraft.draftVersion);
      failed.current = false;
      retry.current.attempts = 0;
      setError(null);
      saved.current(changeBotDraft.draftVersion);
      const more = latest.current !== base.current;
      setStatus(more ? 'pending' : 'saved');
      // Changes made while saving go out next.
      if (more) timer.current = setTimeout(() => void enqueue(push).catch(() => undefined), PAUSE_MS);
    } catch (caught) {
      failed.current = true;
      setError(caught);
      // After the editor was left, its last save is tried once (the page that asked for it reports a failure).
      if (!mayRetry(caught) || retry.current.left) return setStatus('error');
      // The changes stay in this tab (base and copy are as they were) and go out again by themselves.
      setStatus('retrying');
      const wait = RETRY_MS[Math.min(retry.current.attempts, RETRY_MS.length - 1)]!;
      retry.current.attempts += 1;
      retry.current.timer = setTimeout(() => void enqueue(push).catch(() => undefined), wait);
    }
  }, [botId, latest, absorb, follow, enqueue]);

  /** Sends again at once a save that could not reach the server (a sign that it can now). */
  const retryNow = useCallback(() => {
    if (!failed.current) return;
    clearTimeout(timer.current);
    void enqueue(push).catch(() => undefined);
  }, [enqueue, push]);

  const pull = useCallback(
    () =>
      enqueue(async () => {
        const { bot } = await request(DraftChangesDocument, { botId, since: version.current });
        if (bot.draftVersion <= version.current) return;
        await absorb(bot.draftChanges, base.current);
        await follow(bot.draftVersion);
      }),
    [botId, enqueue, absorb, follow],
  );

  useEffect(() => {
    if (draft === base.current) return;
    // Still unable to save: that is what the person needs to read, not "Unsaved changes".
    setStatus((previous) => (previous === 'saving' || previous === 'retrying' ? previous : 'pending'));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void enqueue(push).catch(() => undefined), PAUSE_MS);
  }, [draft, enqueue, push]);

  // Everyone's saves, live; after a lost connection, what was missed is read from the log, and a save that failed meanwhile goes out.
  useEffect(() => {
    const catchUpNow = () => void pull().catch(() => undefined);
    const stop = followBotEditing(botId, {
      event: ({ draftChanged }) => {
        // This tab's own saves come back in their answers.
        if (draftChanged && draftChanged.clientKey !== TAB_KEY && draftChanged.draftVersion > version.current)
          catchUpNow();
      },
      resumed: () => {
        retryNow();
        catchUpNow();
      },
    });
    // Saves between the page's read of the bot and the stream.
    catchUpNow();
    window.addEventListener('online', retryNow);
    return () => {
      window.removeEventListener('online', retryNow);
      stop();
    };
  }, [botId, pull, retryNow]);

  // Leaving the editor (another tab of the bot, another page of the console) saves at once.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearTimeout(retry.current.timer);
      void enqueue(push).catch(() => undefined);
    },
    [enqueue, push],
  );

  // Declared after the save on leaving: its cleanup runs after that one's, before the save's answer comes.
  useEffect(
    () => () => {
      retry.current.left = true;
    },
    [],
  );

  useEffect(
    () =>
      registerFlusher(async () => {
        clearTimeout(timer.current);
        await enqueue(push);
        if (failed.current) throw new Error('The flow has changes that could not be saved: see the message above it.');
      }),
    [enqueue, push],
  );

  useEffect(() => {
    const guard = (event: BeforeUnloadEvent) => {
      if (latest.current === base.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, [latest]);

  return {
    status,
    error,
    notices,
    dismiss: useCallback((notice: Overwrite) => setNotices((shown) => shown.filter((each) => each !== notice)), []),
  };
}

/** A failure the same save may get past later: no answer (offline, a restart), a rate limit, a server or gateway error. */
function mayRetry(error: unknown): boolean {
  return error instanceof ApiError && ['NETWORK', 'TOO_MANY_REQUESTS', 'INTERNAL_SERVER_ERROR'].includes(error.code);
}
