import { z } from 'zod';
import { BLOCK_TYPES } from './block-types';

// Structural schema of a bot definition's content, shared by every version.
// Objects are loose: blocks, settings and theme carry many optional fields that
// the runtime reads with defaults, and exports from newer builders may add more.

const id = z.string().min(1, 'must be a non-empty string');
const optionalEdgeId = z.string().nullish();
const coordinates = z.looseObject({ x: z.number(), y: z.number() });

export const itemSchema = z.looseObject({ id, outgoingEdgeId: optionalEdgeId });

export const blockSchema = z.looseObject({
  id,
  type: z.enum(BLOCK_TYPES, { error: (issue) => `unknown block type ${JSON.stringify(issue.input)}` }),
  outgoingEdgeId: optionalEdgeId,
  options: z.looseObject({}).nullish(),
  content: z.looseObject({}).nullish(),
  items: z.array(itemSchema).optional(),
});

export const groupSchema = z.looseObject({
  id,
  title: z.string().default(''),
  graphCoordinates: coordinates.optional(),
  blocks: z.array(blockSchema),
});

export const edgeSchema = z.looseObject({
  id,
  from: z.union([
    z.looseObject({ eventId: id }),
    z.looseObject({ blockId: id, itemId: z.string().nullish(), pathId: z.string().nullish() }),
  ]),
  to: z.looseObject({ groupId: id, blockId: z.string().nullish() }),
});

const scalarValue = z.union([z.string(), z.number(), z.boolean()]).transform((value) => String(value));

export const variableSchema = z.looseObject({
  id,
  name: z.string(),
  value: z.union([scalarValue, z.array(z.union([scalarValue, z.null()]))]).nullish(),
  isSessionVariable: z.boolean().optional(),
});

export const eventSchema = z.looseObject({
  id,
  type: z.enum(['start', 'command', 'reply', 'invalidReply'], {
    error: (issue) => `unknown event type ${JSON.stringify(issue.input)}`,
  }),
  outgoingEdgeId: optionalEdgeId,
  graphCoordinates: coordinates.optional(),
  options: z.looseObject({}).nullish(),
});

const openObject = z.looseObject({});

export const contentSchema = z.object({
  groups: z.array(groupSchema),
  edges: z.array(edgeSchema).default([]),
  variables: z.array(variableSchema).default([]),
  events: z.array(eventSchema).nullish(),
  theme: openObject.nullish(),
  settings: openObject.nullish(),
  // Typebot keeps a bot's WhatsApp connection beside its settings, not in them (docs/channels.md#which-bot-answers).
  whatsAppCredentialsId: z.string().nullish(),
});

export type BlockDefinition = z.infer<typeof blockSchema>;
export type GroupDefinition = z.infer<typeof groupSchema>;
export type EdgeDefinition = z.infer<typeof edgeSchema>;
export type VariableDefinition = z.infer<typeof variableSchema>;
export type EventDefinition = z.infer<typeof eventSchema>;
