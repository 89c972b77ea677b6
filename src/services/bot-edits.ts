import type { Db } from '../db/client';
import { applyEdits, type EditsApplied } from '../engine/definition/edits/apply';
import { EditError, type CreatedEntity } from '../engine/definition/edits/draft';
import { editListSchema } from '../engine/definition/edits/schema';
import type { BotDefinition } from '../engine/definition/parse';
import { draftPatchSchema } from '../engine/definition/patch';
import { applyDraftPatch, type DraftPatch } from '../engine/shapes/draft-patch';
import { AppError, badRequest } from '../errors';
import { editConflict, updateBot, type SaveOptions } from './bot-saves';
import { draftDefinition, getBot, type BotRecord } from './bots';
import { newId } from './chat/engine-env';
import { parseInput } from './validation';

export type { CreatedEntity, CreatedKind } from '../engine/definition/edits/draft';

export interface EditedBot {
  bot: BotRecord;
  /** What the edits added, ids the caller gave included, in the order they were made. */
  created: CreatedEntity[];
}

/**
 * A list that lost the race to another save more often than this is told:
 * the bot is being changed faster than it can be read.
 */
const MAX_ATTEMPTS = 5;

function applied(definition: BotDefinition, edits: Parameters<typeof applyEdits>[1]): EditsApplied {
  try {
    return applyEdits(definition, edits, newId);
  } catch (error) {
    if (!(error instanceof EditError)) throw error;
    throw badRequest(`Edit ${error.edit} (${error.op}) cannot be applied: ${error.issue.message}`, [error.issue]);
  }
}

/**
 * Applies a list of edits to the bot's draft (engine/definition/edits/), all
 * or none, and saves it the way updateBot saves a whole draft: validated
 * whole, values without their shape refused, compare-and-set on the version
 * read. Edits are relative to the draft, so a save that lost the race to
 * another one is applied again to the new draft, unless the caller gave
 * `expectedVersion`: then it is a CONFLICT, as for updateBot
 * (docs/api-decisions.md#editing-a-bot-by-edits).
 */
export async function editBot(
  db: Db,
  botId: string,
  rawEdits: unknown,
  expectedVersion?: number | null,
  save: Omit<SaveOptions, 'origin'> = {},
): Promise<EditedBot> {
  const edits = parseInput(editListSchema, rawEdits, ['edits']);
  let created: CreatedEntity[] = [];
  const bot = await saveOverLatest(db, botId, expectedVersion, { ...save, origin: 'edits' }, (definition) => {
    const made = applied(definition, edits);
    created = made.created;
    return made.definition;
  });
  return { bot, created };
}

/**
 * Applies a draft patch (engine/shapes/draft-patch.ts: what an editor changed,
 * object by object) over the draft as it is now, whoever saved since the
 * editor's copy: objects it does not name keep the other saves' values, the
 * ones it names take its own (docs/co-editing.md). Saved as updateBot saves,
 * with only the parts the patch touches given, so a variable renamed by the
 * flow editor is followed in the theme and settings it did not send.
 */
export async function patchDraft(
  db: Db,
  botId: string,
  rawPatch: unknown,
  save: Omit<SaveOptions, 'origin'> = {},
): Promise<BotRecord> {
  const patch = parseInput(draftPatchSchema, rawPatch, ['patch']);
  return saveOverLatest(db, botId, null, { ...save, origin: 'changes' }, (definition) =>
    touchedParts(applyDraftPatch(definition, patch), patch),
  );
}

function touchedParts(definition: BotDefinition, patch: DraftPatch): Partial<BotDefinition> {
  const parts: Partial<BotDefinition> = {};
  if (patch.groups || patch.blocks) parts.groups = definition.groups;
  if (patch.edges) parts.edges = definition.edges;
  if (patch.variables) parts.variables = definition.variables;
  if (patch.events !== undefined) parts.events = definition.events;
  if (patch.theme) parts.theme = definition.theme;
  if (patch.settings) parts.settings = definition.settings;
  if (patch.version) parts.version = definition.version;
  if (patch.whatsAppCredentialsId !== undefined) parts.whatsAppCredentialsId = definition.whatsAppCredentialsId;
  return parts;
}

/**
 * Saves what `change` makes of the stored draft, compare-and-set on the
 * version read. Changes are relative to the draft, so one that lost the race
 * to another save is made again on the new draft, unless the caller gave
 * `expectedVersion`: then it is a CONFLICT, as for updateBot.
 */
async function saveOverLatest(
  db: Db,
  botId: string,
  expectedVersion: number | null | undefined,
  save: SaveOptions,
  change: (definition: BotDefinition) => Partial<BotDefinition>,
): Promise<BotRecord> {
  for (let attempt = 1; ; attempt += 1) {
    const bot = await getBot(db, botId);
    if (typeof expectedVersion === 'number' && expectedVersion !== bot.draftVersion)
      throw editConflict(expectedVersion, bot.draftVersion);
    try {
      return await updateBot(db, botId, change(draftDefinition(bot)), bot.draftVersion, save);
    } catch (error) {
      const lostRace = error instanceof AppError && error.code === 'CONFLICT';
      if (lostRace && typeof expectedVersion !== 'number' && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}
