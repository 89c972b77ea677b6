import { useEffect, useState } from 'react';
import { ApiError, request } from '../api/client';
import { BotDefinitionDocument, UpdateBotDraftDocument } from '../api/generated';
import type { BotDefinition } from '../bot-definition';
import { useAction } from '../ui';
import type { Draft } from './draft-context';
import { getPath, isRecord, setPath, type DraftKey, type Json } from './draft-path';

// The theme and settings editors edit one object of the draft (Typebot v6
// keys) and save it whole: keys the form does not show are kept as stored.
// Saves carry the draftVersion they were made on, so a save over someone
// else's is refused (CONFLICT) and the editor asks what to do.

const storedOf = (bot: Pick<BotDefinition, DraftKey>, key: DraftKey): Json => {
  const stored = bot[key];
  return isRecord(stored) ? stored : {};
};

/**
 * The edited object, its save and what happens when the save meets another
 * one. `onSaved` refreshes the bot page (its "changes not published" state);
 * `prepare` tidies what the form holds while editing (empty list rows) into what is stored.
 */
export function useDraft(
  bot: BotDefinition,
  key: DraftKey,
  editable: boolean,
  onSaved: () => void,
  prepare: (value: Json) => Json = (value) => value,
) {
  const [base, setBase] = useState(() => ({ value: storedOf(bot, key), version: bot.draftVersion }));
  const [value, setValue] = useState<Json>(base.value);
  const [conflict, setConflict] = useState(false);
  const [saved, setSaved] = useState(false);
  const dirty = JSON.stringify(value) !== JSON.stringify(base.value);
  const adopt = (stored: Json, version: number) => {
    setBase({ value: stored, version });
    setValue(stored);
    setConflict(false);
  };
  // The page reloaded the bot after another change (a publish, another tab's save):
  // taken in unless the form holds edits.
  useEffect(() => {
    if (bot.draftVersion !== base.version && !dirty) adopt(storedOf(bot, key), bot.draftVersion);
  }, [bot.draftVersion]);

  const save = useAction(async (overwrite: boolean) => {
    try {
      const { updateBot } = await request(UpdateBotDraftDocument, {
        botId: bot.id,
        bot: { [key]: prepare(value) },
        expectedVersion: overwrite ? undefined : base.version,
      });
      adopt(storedOf(updateBot, key), updateBot.draftVersion);
      setSaved(true);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') setConflict(true);
      else throw error;
    }
  });
  const reload = useAction(async () => {
    const { bot: fresh } = await request(BotDefinitionDocument, { botId: bot.id });
    adopt(storedOf(fresh, key), fresh.draftVersion);
    setSaved(false);
    onSaved();
  });
  const draft: Draft = {
    value,
    editable,
    get: (path) => getPath(value, path),
    set: (path, next) => {
      setValue((previous) => setPath(previous, path, next));
      setSaved(false);
    },
  };
  return { draft, dirty, saved, conflict, save, reload };
}

export type DraftState = ReturnType<typeof useDraft>;
