import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, request } from '../api/client';
import { SaveBotDraftDocument } from '../api/generated';
import { draftPatch, type Draft } from './draft';
import { followOwnSaves, registerFlusher } from './save-barrier';

// Edits save themselves: a short pause after the last change, at once when
// the editor closes, never silently over someone else's save (the version the
// editor loaded goes along as expectedVersion; another one answers CONFLICT,
// and the person chooses to reload or overwrite). Leaving the page with
// unsaved edits asks first.

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'conflict' | 'error';

const PAUSE_MS = 800;

export function useAutosave(
  botId: string,
  draft: Draft,
  loadedVersion: number,
  onSaved: (version: number) => void,
): { status: SaveStatus; error: unknown; overwrite(): void; flush(): void } {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<unknown>(null);
  const version = useRef(loadedVersion);
  const saved = useRef(draft);
  const latest = useRef(draft);
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const conflicted = useRef(false);
  latest.current = draft;

  const save = useCallback(
    async (force = false): Promise<void> => {
      if (running.current) await running.current;
      const current = latest.current;
      if (current === saved.current || (conflicted.current && !force)) return;
      setStatus('saving');
      const attempt = (async () => {
        try {
          const answer = await request(SaveBotDraftDocument, {
            botId,
            bot: draftPatch(current),
            expectedVersion: force ? null : version.current,
          });
          version.current = answer.updateBot.draftVersion;
          saved.current = current;
          conflicted.current = false;
          setError(null);
          setStatus(latest.current === current ? 'saved' : 'pending');
          onSaved(version.current);
        } catch (caught) {
          const conflict = caught instanceof ApiError && caught.code === 'CONFLICT';
          conflicted.current = conflict;
          setError(caught);
          setStatus(conflict ? 'conflict' : 'error');
        }
      })();
      running.current = attempt;
      await attempt;
      running.current = null;
      // Edits made while saving go out next.
      if (!conflicted.current && latest.current !== saved.current)
        timer.current = setTimeout(() => void save(), PAUSE_MS);
    },
    [botId, onSaved],
  );

  useEffect(() => {
    if (draft === saved.current || conflicted.current) return;
    setStatus((previous) => (previous === 'saving' ? previous : 'pending'));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), PAUSE_MS);
  }, [draft, save]);

  // Leaving the editor (another tab of the bot, another page of the console) saves at once.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      void save();
    },
    [save],
  );

  useEffect(
    () =>
      registerFlusher(async () => {
        clearTimeout(timer.current);
        await save();
        if (conflicted.current)
          throw new Error(
            'The flow has changes that are not saved (someone else saved meanwhile): reload or overwrite first.',
          );
      }),
    [save],
  );

  // Only the version this editor last saw moves along: anything else in between is someone else's save.
  useEffect(
    () =>
      followOwnSaves((from, to) => {
        if (version.current === from) version.current = to;
      }),
    [],
  );

  useEffect(() => {
    const guard = (event: BeforeUnloadEvent) => {
      if (latest.current === saved.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, []);

  return {
    status,
    error,
    overwrite: useCallback(() => void save(true), [save]),
    flush: useCallback(() => {
      clearTimeout(timer.current);
      void save();
    }, [save]),
  };
}
