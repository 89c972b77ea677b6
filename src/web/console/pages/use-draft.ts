import { useEffect, useState } from 'react';
import { request } from '../api/client';
import { propertyChanges, sameJson } from '../../../engine/shapes/draft-patch';
import { BotDefinitionDocument, ChangeBotPartDocument } from '../api/generated';
import type { BotDefinition } from '../bot-definition';
import { useAction } from '../ui';
import type { Draft } from './draft-context';
import { getPath, isRecord, setPath, type DraftKey, type Json } from './draft-path';

// The theme and settings editors edit one object of the draft (Typebot v6
// keys) and save the top-level keys they changed, over the draft as it is
// now (docs/co-editing.md): someone else's save of other keys, or of the flow,
// stays. When someone else saved one of the same keys since the form was
// loaded, the save stops and the editor asks what to do.

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
    const mine = prepare(value);
    const changed = propertyChanges(base.value, mine);
    // Only tidying (an empty list row): nothing to send.
    if (!changed) return adopt(base.value, base.version);
    if (!overwrite) {
      const { bot: now } = await request(BotDefinitionDocument, { botId: bot.id });
      const stored = storedOf(now, key);
      const theirs = Object.keys(changed).some((field) => !sameJson(stored[field], base.value[field]));
      if (theirs) {
        setConflict(true);
        return;
      }
    }
    const { changeBotDraft } = await request(ChangeBotPartDocument, { botId: bot.id, patch: { [key]: changed } });
    adopt(storedOf(changeBotDraft, key), changeBotDraft.draftVersion);
    setSaved(true);
    onSaved();
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
