import type { Db } from '../db/client';
import {
  applyEdits,
  editListSchema,
  EditError,
  type CreatedEntity,
  type EditsApplied,
} from '../engine/definition/edits';
import type { BotDefinition } from '../engine/definition/parse';
import { AppError, badRequest } from '../errors';
import { draftDefinition, editConflict, getBot, updateBot, type BotRecord, type SaveOptions } from './bots';
import { newId } from './chat/engine-env';
import { parseInput } from './validation';

export type { CreatedEntity, CreatedKind } from '../engine/definition/edits';

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
 * Applies a list of edits to the bot's draft (engine/definition/edits.ts), all
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
  for (let attempt = 1; ; attempt += 1) {
    const bot = await getBot(db, botId);
    if (typeof expectedVersion === 'number' && expectedVersion !== bot.draftVersion)
      throw editConflict(expectedVersion, bot.draftVersion);
    const { definition, created } = applied(draftDefinition(bot), edits);
    try {
      const saved = await updateBot(db, botId, definition, bot.draftVersion, { ...save, origin: 'edits' });
      return { bot: saved, created };
    } catch (error) {
      const lostRace = error instanceof AppError && error.code === 'CONFLICT';
      if (lostRace && typeof expectedVersion !== 'number' && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}
