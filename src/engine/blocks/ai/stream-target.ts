import type { BlockDefinition } from '../../definition/schema';
import type { BlockContext } from '../handler';

// An AI answer is streamed to the client only when the block right after the
// AI block is a text bubble that shows the answer's variable and nothing
// before it (reference isNextBubbleMessageWithAssistantMessage): the client
// then shows the stream in place of that bubble.

/** The block the walk reaches after this one: the next in its group, else the first its edge leads to. */
function nextBlock(blockId: string, ctx: BlockContext): BlockDefinition | undefined {
  const { groups, edges } = ctx.bot;
  const group = groups.find((candidate) => candidate.blocks.some((block) => block.id === blockId));
  if (!group) return undefined;
  const index = group.blocks.findIndex((block) => block.id === blockId);
  const following = group.blocks[index + 1];
  if (following) return following;
  const edgeId = group.blocks[index]!.outgoingEdgeId;
  const edge = edgeId ? edges.find((candidate) => candidate.id === edgeId) : undefined;
  const target = edge ? groups.find((candidate) => candidate.id === edge.to.groupId) : undefined;
  if (!target || !edge) return undefined;
  return edge.to.blockId ? target.blocks.find((block) => block.id === edge.to.blockId) : target.blocks[0];
}

/** The first text leaf of a text bubble's rich text. */
function firstText(block: BlockDefinition): string | undefined {
  const content = block.content as { richText?: unknown } | undefined;
  if (!Array.isArray(content?.richText)) return undefined;
  const first = content.richText[0] as { children?: { text?: unknown }[] } | undefined;
  const text = first?.children?.[0]?.text;
  return typeof text === 'string' ? text : undefined;
}

/** True when the session streams and the next block is a text bubble starting with exactly {{variable}}. */
export function streamsInto(block: BlockDefinition, variableId: string | undefined, ctx: BlockContext): boolean {
  if (!ctx.state.isStreamEnabled) return false;
  const variable = ctx.variables.byId(variableId);
  if (!variable) return false;
  const next = nextBlock(block.id, ctx);
  return next?.type === 'text' && firstText(next) === `{{${variable.name}}}`;
}
