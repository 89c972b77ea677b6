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
const ids = z.array(id);

const changesOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({ set: z.array(item).optional(), remove: ids.optional() });
const orderedChangesOf = <T extends z.ZodType>(item: T) => changesOf(item).extend({ order: ids.optional() });

const groupShell = groupSchema.omit({ blocks: true }).extend({ blockIds: ids });
const properties = z.record(z.string(), z.unknown());

export const draftPatchSchema = z.strictObject({
  version: z.enum(DEFINITION_VERSIONS).optional(),
  groups: orderedChangesOf(groupShell).optional(),
  blocks: changesOf(z.strictObject({ groupId: id, block: blockSchema })).optional(),
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
