import { z } from 'zod';
import type { DraftPatch } from '../shapes/draft-patch';
import { blockSchema, edgeSchema, eventSchema, groupSchema, variableSchema } from './schema';
import { DEFINITION_VERSIONS } from './versions';

// The shape of a draft patch (engine/shapes/draft-patch.ts) read from outside
// the process: one an editor sends, one read back from the change log. Objects
// it sets are checked as the definition checks them, so a wrong one is refused
// at its own path; the draft it makes is validated whole again on save.

// As the definition's ids: an imported bot's ids are whatever its builder made (the body limit bounds them).
const id = z.string().min(1, 'must be a non-empty string');

/**
 * The index of each entry whose id an earlier entry already has. An order or a
 * group's block list that names one object twice would place it twice: a 1 MB
 * patch naming one event 400 times made a 419 MB draft.
 */
function repeatedAt(values: readonly string[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  values.forEach((value, index) => {
    if (seen.has(value)) repeated.push(index);
    seen.add(value);
  });
  return repeated;
}

/** A list of distinct ids: each repeated one is an issue at its own index. */
const distinctIds = z.array(id).superRefine((values, ctx) => {
  for (const index of repeatedAt(values))
    ctx.addIssue({ code: 'custom', message: `names "${values[index]}" a second time`, path: [index] });
});

/** Objects set by one patch: one entry per id (two would leave which one wins to the order of the list). */
const distinctObjects = <T extends z.ZodType>(item: T, idOf: (value: z.output<T>) => string, idPath: string[]) =>
  z.array(item).superRefine((values, ctx) => {
    const ids = values.map(idOf);
    for (const index of repeatedAt(ids))
      ctx.addIssue({ code: 'custom', message: `sets "${ids[index]}" a second time`, path: [index, ...idPath] });
  });

const changesOf = <T extends z.ZodType<{ id: string }>>(item: T) =>
  z.strictObject({
    set: distinctObjects(item, (value) => value.id, ['id']).optional(),
    remove: distinctIds.optional(),
  });
const orderedChangesOf = <T extends z.ZodType<{ id: string }>>(item: T) =>
  changesOf(item).extend({ order: distinctIds.optional() });

const groupShell = groupSchema.omit({ blocks: true }).extend({ blockIds: distinctIds });
const placedBlock = z.strictObject({ groupId: id, block: blockSchema });
const properties = z.record(z.string(), z.unknown());

export const draftPatchSchema = z.strictObject({
  version: z.enum(DEFINITION_VERSIONS).optional(),
  groups: orderedChangesOf(groupShell).optional(),
  blocks: z
    .strictObject({
      set: distinctObjects(placedBlock, (value) => value.block.id, ['block', 'id']).optional(),
      remove: distinctIds.optional(),
    })
    .optional(),
  edges: changesOf(edgeSchema).optional(),
  variables: orderedChangesOf(variableSchema).optional(),
  events: orderedChangesOf(eventSchema).nullable().optional(),
  theme: properties.optional(),
  settings: properties.optional(),
  whatsAppCredentialsId: z.string().nullable().optional(),
});

/** A patch from the change log; null when it no longer reads as one (the reader reloads the draft instead). */
export function readStoredPatch(value: unknown): DraftPatch | null {
  const parsed = draftPatchSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
