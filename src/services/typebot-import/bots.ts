import type { Bot, Prisma } from '../../db/client';
import { canonicalJson } from '../../engine/json';
import type { BotDefinition } from '../../engine/definition/parse';
import { draftPatch } from '../../engine/shapes/draft-patch';
import { saveWords } from '../../engine/shapes/draft-words';
import { AppError, type Issue } from '../../errors';
import type { SourceBot, SourceContent, SourceFolder } from '../../integrations/typebot/rows';
import { recordDraftChange } from '../bot-changes';
import { BOT_NAME_MAX, parseBotInput, splitDefinition } from '../bot-input';
import { draftDefinition } from '../bots';
import { assertDraftBounds, DEFAULT_DRAFT_BOUNDS } from '../draft-bounds';
import { checkpointDraft } from '../draft-checkpoints';
import { assertDraftStorageRoom, jsonBytes } from '../draft-storage';
import { digestOf, recordsOf, saveRecord } from './records';
import { note, skip } from './report';
import type { BlockPlace, ImportRun } from './run';

// Bots: the draft as it is (any version Parley reads), the published version
// as a published revision, the same id, publicId and custom domain (share
// links and embeds keep working), the WhatsApp connection in the definition.
// Parley has no folders: a bot in one is named after its folder path.

/** "Space / Folder / Sub-folder / Name": what a folder was, searchable in the bot list. */
export function folderedName(bot: SourceBot, folders: Map<string, SourceFolder>): string {
  const path: string[] = [];
  const seen = new Set<string>();
  for (let id = bot.folderId; id && !seen.has(id);) {
    seen.add(id);
    const folder = folders.get(id);
    if (!folder) break;
    path.unshift(folder.name.trim());
    id = folder.parentFolderId;
  }
  if (bot.spaceName?.trim()) path.unshift(bot.spaceName.trim());
  const name = bot.name.trim() || 'Untitled bot';
  const full = [...path.filter(Boolean), name].join(' / ');
  // Too long with its path: the name itself comes first.
  return full.length <= BOT_NAME_MAX ? full : name.slice(0, BOT_NAME_MAX);
}

/**
 * Where each block is (its group, and the variable an input saves to), from
 * the published version and the draft: AnswerV2 rows name only their block,
 * and Parley's answers carry their group and variable like the ones it
 * records itself.
 */
function blockPlaces(definitions: (BotDefinition | null)[]): Map<string, BlockPlace> {
  const places = new Map<string, BlockPlace>();
  for (const definition of definitions)
    for (const group of definition?.groups ?? [])
      for (const block of group.blocks) {
        if (places.has(block.id)) continue;
        const variableId = block.options?.variableId;
        places.set(block.id, { groupId: group.id, variableId: typeof variableId === 'string' ? variableId : null });
      }
  return places;
}

function content(source: SourceContent): Record<string, unknown> {
  const { version, groups, events, variables, edges, theme, settings } = source;
  return { version: version ?? undefined, groups, events, variables, edges, theme, settings };
}

function issuesText(issues: readonly Issue[]): string {
  const shown = issues
    .slice(0, 3)
    .map((issue) => `${(issue.path ?? []).slice(1).join('.') || 'bot'}: ${issue.message}`)
    .join('; ');
  return issues.length > 3 ? `${shown}; and ${issues.length - 3} more` : shown;
}

type Parsed = { ok: true; definition: BotDefinition; publicId: string | null } | { ok: false; why: string };

/** The draft (with its publicId, when Parley accepts it) as a definition; `publicIdProblem` says why it was left. */
function parseDraft(bot: SourceBot, publicIdProblem: (why: string) => void): Parsed {
  const raw = { ...content(bot), whatsAppCredentialsId: bot.whatsAppCredentialsId ?? undefined };
  try {
    const { metadata, definition } = parseBotInput({ ...raw, publicId: bot.publicId });
    return { ok: true, definition, publicId: metadata.publicId ?? null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const onPublicId = error.issues.filter((issue) => issue.path?.[1] === 'publicId');
    if (onPublicId.length === 0 || onPublicId.length < error.issues.length)
      return { ok: false, why: `its definition does not parse (${issuesText(error.issues)})` };
    publicIdProblem(`its public id is not one Parley accepts (${issuesText(onPublicId)}): imported without it`);
    return parseDraft({ ...bot, publicId: null }, publicIdProblem);
  }
}

/** The published version; the WhatsApp connection is the bot's (a column Typebot reads beside either version). */
function parsePublished(
  published: SourceContent,
  whatsAppCredentialsId: string | null,
): { definition: BotDefinition } | { why: string } {
  try {
    return {
      definition: parseBotInput({ ...content(published), whatsAppCredentialsId: whatsAppCredentialsId ?? undefined })
        .definition,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      why: `its published version does not parse (${issuesText(error.issues)}): the draft is imported unpublished`,
    };
  }
}

function whyRefused(error: unknown): string {
  if (error instanceof AppError)
    return `Parley refuses it: ${error.message}${error.issues.length ? ` (${issuesText(error.issues)})` : ''}`;
  throw error;
}

export async function importBots(
  run: ImportRun,
  batch: SourceBot[],
  folders: Map<string, SourceFolder>,
): Promise<void> {
  const { db, report } = run;
  const records = await recordsOf(
    db,
    'bot',
    batch.map((bot) => bot.id),
  );
  for (const bot of batch) {
    const example = `"${bot.name}" (${bot.id})`;
    const refuse = (why: string) => {
      skip(report.bots, why, example);
      run.botsSkipped.set(bot.id, `its bot was not imported (${why})`);
    };
    if (bot.isArchived) {
      refuse('it is in Typebot’s trash (archived)');
      continue;
    }
    const workspaceId = run.workspaces.get(bot.workspaceId);
    if (!workspaceId) {
      refuse('its workspace was not imported');
      continue;
    }
    const notes: string[] = [];
    const draft = parseDraft(bot, (why) => notes.push(why));
    if (!draft.ok) {
      refuse(draft.why);
      continue;
    }
    const published = bot.published ? parsePublished(bot.published, bot.whatsAppCredentialsId) : null;
    if (published && 'why' in published) notes.push(published.why);
    const publishedDefinition = published && 'definition' in published ? published.definition : null;
    const name = folderedName(bot, folders);
    const digest = digestOf({ name, icon: bot.icon, isClosed: bot.isClosed, definition: draft.definition });
    const publishedDigest = publishedDefinition ? digestOf(publishedDefinition) : null;
    if (
      bot.whatsAppCredentialsId &&
      !run.credentials.has(bot.whatsAppCredentialsId) &&
      !(await db.credentials.findUnique({ where: { id: bot.whatsAppCredentialsId }, select: { id: true } }))
    )
      notes.push('its WhatsApp credentials were not imported: the number answers once they are added and chosen again');
    if (run.sharedWith.has(bot.id))
      notes.push(
        'Typebot shared it with people outside its workspace, which Parley does not do: invite them to the workspace (as GUEST to read)',
      );
    const record = records.get(bot.id);
    let outcome: 'imported' | 'updated' | 'unchanged' | { why: string };
    try {
      outcome = record
        ? await updateBot(
            run,
            bot,
            {
              targetId: record.targetId,
              targetVersion: record.targetVersion ?? 0,
              digest: record.digest,
              publishedDigest: record.publishedDigest,
              importedAt: record.updatedAt,
            },
            { name, digest, draft: draft.definition, publishedDefinition, publishedDigest },
            notes,
          )
        : await createBot(
            run,
            bot,
            workspaceId,
            { name, digest, draft: draft.definition, publicId: draft.publicId, publishedDefinition, publishedDigest },
            notes,
          );
    } catch (error) {
      outcome = { why: whyRefused(error) };
    }
    if (typeof outcome === 'object') {
      refuse(outcome.why);
      continue;
    }
    report.bots[outcome] += 1;
    run.blockPlaces.set(bot.id, blockPlaces([publishedDefinition, draft.definition]));
    for (const why of notes) note(report.bots, why, example);
  }
}

interface Wanted {
  name: string;
  digest: string;
  draft: BotDefinition;
  publishedDefinition: BotDefinition | null;
  publishedDigest: string | null;
}

async function createBot(
  run: ImportRun,
  bot: SourceBot,
  workspaceId: string,
  wanted: Wanted & { publicId: string | null },
  notes: string[],
): Promise<'imported'> {
  const { db, options } = run;
  const split = splitDefinition(wanted.draft);
  assertDraftBounds(
    wanted.draft,
    null,
    { next: split.draftSize, stored: null },
    options.bounds ?? DEFAULT_DRAFT_BOUNDS,
  );
  const [idHolder, publicIdHolder, domainHolder] = await Promise.all([
    db.bot.findUnique({ where: { id: bot.id }, select: { id: true } }),
    wanted.publicId ? db.bot.findUnique({ where: { publicId: wanted.publicId }, select: { id: true } }) : null,
    bot.customDomain ? db.bot.findUnique({ where: { customDomain: bot.customDomain }, select: { id: true } }) : null,
  ]);
  if (publicIdHolder)
    notes.push(
      `its public id ${wanted.publicId} is another bot’s here: imported without it (links to it reach that bot)`,
    );
  if (domainHolder) notes.push(`its custom domain ${bot.customDomain} is another bot’s here: imported without it`);
  const publicId = publicIdHolder ? null : wanted.publicId;
  if (wanted.publishedDefinition && !publicId)
    notes.push('it was published without a public id Parley can keep: publish it again in the console to give it one');
  if (options.dryRun) {
    run.bots.set(bot.id, bot.id);
    return 'imported';
  }
  const published = wanted.publishedDefinition;
  const publishedAt = bot.published?.updatedAt ?? null;
  const id = await db.$transaction(async (tx) => {
    const created = await tx.bot.create({
      data: {
        // A Typebot id already used here (a bot imported from an export) gets a new one: results follow the map.
        id: idHolder ? undefined : bot.id,
        workspaceId,
        name: wanted.name,
        icon: bot.icon,
        publicId,
        customDomain: domainHolder ? null : bot.customDomain,
        isClosed: bot.isClosed,
        createdAt: bot.createdAt,
        lastRevision: published ? 1 : 0,
        publishedRevision: published ? 1 : null,
        publishedAt: published ? publishedAt : null,
        ...split,
      },
      select: { id: true },
    });
    if (published)
      await tx.botSnapshot.create({
        data: {
          botId: created.id,
          revision: 1,
          createdAt: publishedAt ?? run.now,
          version: published.version,
          definition: published as unknown as Prisma.InputJsonValue,
          size: jsonBytes(published),
        },
      });
    await assertDraftStorageRoom(db, tx, workspaceId, options.storageBytes);
    await saveRecord(tx, 'bot', bot.id, {
      targetId: created.id,
      digest: wanted.digest,
      publishedDigest: wanted.publishedDigest,
      targetVersion: 0,
    });
    return created.id;
  });
  run.bots.set(bot.id, id);
  return 'imported';
}

interface Earlier {
  targetId: string;
  targetVersion: number;
  digest: string;
  publishedDigest: string | null;
  importedAt: Date;
}

/**
 * A bot imported before: what changed in Typebot since comes along, unless
 * the same thing was changed here since (then this side is kept, and said).
 */
async function updateBot(
  run: ImportRun,
  bot: SourceBot,
  earlier: Earlier,
  wanted: Wanted,
  notes: string[],
): Promise<'updated' | 'unchanged' | { why: string }> {
  const { db, options } = run;
  const here = await db.bot.findUnique({ where: { id: earlier.targetId } });
  if (!here || here.isArchived) return { why: 'it was imported before and deleted here since' };
  run.bots.set(bot.id, here.id);
  const draftChanged = earlier.digest !== wanted.digest;
  const publishedChanged = earlier.publishedDigest !== wanted.publishedDigest;
  if (!draftChanged && !publishedChanged) return 'unchanged';
  const stored = draftDefinition(here);
  const metadata = { name: wanted.name, icon: bot.icon, isClosed: bot.isClosed };
  const sameDraft =
    canonicalJson(stored) === canonicalJson(wanted.draft) &&
    canonicalJson({ name: here.name, icon: here.icon, isClosed: here.isClosed }) === canonicalJson(metadata);
  // Edited here since the import (and not just into what Typebot has now): this side is kept.
  const writeDraft = draftChanged && !sameDraft && here.draftVersion === earlier.targetVersion;
  if (draftChanged && !sameDraft && !writeDraft)
    notes.push('it was edited here since the last import: its draft here was kept (Typebot’s edits since are not)');
  const publishedHereSince = here.publishedAt !== null && here.publishedAt > earlier.importedAt;
  const writePublished = publishedChanged && !publishedHereSince;
  if (publishedChanged && !writePublished)
    notes.push('it was published here since the last import: its publication here was kept');
  if (options.dryRun) return writeDraft || writePublished ? 'updated' : 'unchanged';
  const split = splitDefinition(wanted.draft);
  if (writeDraft)
    assertDraftBounds(
      wanted.draft,
      stored,
      { next: split.draftSize, stored: here.draftSize },
      options.bounds ?? DEFAULT_DRAFT_BOUNDS,
    );
  await db.$transaction(async (tx) => {
    let version = here.draftVersion;
    if (writeDraft) {
      const { count } = await tx.bot.updateMany({
        where: { id: here.id, draftVersion: here.draftVersion },
        data: { draftVersion: { increment: 1 }, ...metadata, ...split },
      });
      if (count === 0) throw new AppError('CONFLICT', 'the bot was being edited here during the import');
      version += 1;
      const changes = draftPatch(stored, wanted.draft);
      await recordDraftChange(tx, here.id, version, changes, undefined, saveWords(stored, changes));
      await checkpointDraft(tx, here, stored, { reason: 'import', now: run.now });
    }
    if (writePublished)
      await publishRevision(tx, here, wanted.publishedDefinition, bot.published?.updatedAt ?? run.now);
    if (writeDraft || writePublished) await assertDraftStorageRoom(db, tx, here.workspaceId, options.storageBytes);
    await saveRecord(tx, 'bot', bot.id, {
      targetId: here.id,
      digest: writeDraft || sameDraft ? wanted.digest : earlier.digest,
      publishedDigest: writePublished ? wanted.publishedDigest : earlier.publishedDigest,
      targetVersion: version,
    });
  });
  return writeDraft || writePublished ? 'updated' : 'unchanged';
}

/** Typebot published again (a new revision here), or unpublished (null). */
async function publishRevision(
  tx: Prisma.TransactionClient,
  bot: Pick<Bot, 'id'>,
  definition: BotDefinition | null,
  publishedAt: Date,
): Promise<void> {
  if (!definition) {
    await tx.bot.update({ where: { id: bot.id }, data: { publishedRevision: null, publishedAt: null } });
    return;
  }
  const { lastRevision } = await tx.bot.update({
    where: { id: bot.id },
    data: { lastRevision: { increment: 1 } },
    select: { lastRevision: true },
  });
  await tx.botSnapshot.create({
    data: {
      botId: bot.id,
      revision: lastRevision,
      createdAt: publishedAt,
      version: definition.version,
      definition: definition as unknown as Prisma.InputJsonValue,
      size: jsonBytes(definition),
    },
  });
  await tx.bot.update({ where: { id: bot.id }, data: { publishedRevision: lastRevision, publishedAt } });
}
