import { useEffect, useState } from 'react';
import { ApiError, request } from '../api/client';
import { propertyChanges, sameJson } from '../../../engine/shapes/draft-patch';
import { BotDefinitionDocument, ChangeBotPartDocument } from '../api/generated';
import type { BotDefinition } from '../bot-definition';
import { useAction } from '../ui';
import type { Draft, Refusal } from './draft-context';
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
  // Fields holding text they keep out of the draft, by field key: Save stops at them.
  const [refused, setRefused] = useState<ReadonlyMap<string, Refusal>>(new Map());
  // Save pressed while fields refused text: what the save bar says instead of saving.
  const [blocked, setBlocked] = useState(false);
  // What a refused save sent: its error stays while the form still holds what it refused.
  const [sent, setSent] = useState<Json | null>(null);
  // Key order aside (a field emptied then typed again moves to the end): a value typed back is no change.
  const dirty = !sameJson(value, base.value);
  useEffect(() => {
    if (refused.size === 0) setBlocked(false);
  }, [refused]);
  const adopt = (stored: Json, version: number) => {
    setBase({ value: stored, version });
    setValue(stored);
    setConflict(false);
    setSent(null);
  };
  // The page reloaded the bot after another change (a publish, another tab's save):
  // taken in unless the form holds edits.
  useEffect(() => {
    if (bot.draftVersion !== base.version && !dirty) adopt(storedOf(bot, key), bot.draftVersion);
  }, [bot.draftVersion]);

  const save = useAction(async (overwrite: boolean) => {
    setSent(null);
    const refusals = [...refused.values()];
    if (refusals.length > 0) {
      setBlocked(true);
      refusals[0]!.element.current?.focus();
      return;
    }
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
    let changeBotDraft;
    try {
      ({ changeBotDraft } = await request(ChangeBotPartDocument, { botId: bot.id, patch: { [key]: changed } }));
    } catch (error) {
      setSent(value);
      throw error;
    }
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
    refuse: (field, refusal) => {
      if (refusal) setSaved(false);
      setRefused((previous) => {
        const had = previous.get(field);
        if (!refusal && !had) return previous;
        if (refusal && had && had.field === refusal.field && had.problem === refusal.problem) return previous;
        const next = new Map(previous);
        if (refusal) next.set(field, refusal);
        else next.delete(field);
        return next;
      });
    },
  };
  const refusals = [...refused.values()];
  return {
    draft,
    dirty,
    saved,
    conflict,
    save,
    reload,
    refusals,
    blocked: blocked && refusals.length > 0,
    saveError: sent && !stillRefused(save.error, key, sent, value) ? null : save.error,
  };
}

export type DraftState = ReturnType<typeof useDraft>;

/**
 * Whether the form still holds what a refused save was refused for: the
 * values at the error's paths (under the edited key) as they were sent. A row
 * removed, a field corrected: its error goes with it.
 */
function stillRefused(error: unknown, key: DraftKey, sent: Json, now: Json): boolean {
  const paths = (error instanceof ApiError ? error.issues : [])
    .map((issue) => issue.path ?? [])
    .filter((path) => path.includes(key))
    .map((path) => path.slice(path.indexOf(key) + 1).map(String));
  // An error about no field in particular stays until the next save.
  if (paths.length === 0) return true;
  return paths.some((path) => sameJson(valueAt(sent, path), valueAt(now, path)));
}

/** The value at `path`, through objects and lists (an issue's path names list entries by index). */
function valueAt(root: unknown, path: readonly string[]): unknown {
  let current = root;
  for (const part of path)
    current = Array.isArray(current) ? current[Number(part)] : isRecord(current) ? current[part] : undefined;
  return current;
}
