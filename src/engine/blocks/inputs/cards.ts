import type { BlockDefinition, InputObject, VariableValue } from '../../types';
import { singleVariableName } from '../../variables/templating';
import type { BlockContext, InputHandler } from '../handler';
import { opt, readOptions } from '../options';
import { displayedItems, FAIL, inputOptions, isRecord, itemsOf, ok } from './shared';

const options = inputOptions({ saveResponseMapping: opt.objectList({ field: opt.string(), variableId: opt.string() }) });

export interface CardPath {
  id: string;
  text?: string | null;
  outgoingEdgeId?: string | null;
}

export interface CardItem {
  id: string;
  imageUrl?: string | null;
  title?: string | null;
  description?: string | null;
  options?: { displayCondition?: unknown; internalValue?: string | null } | null;
  paths?: CardPath[];
}

type ListField = 'title' | 'imageUrl' | 'description' | 'internalValue';

/** The list held by the variable a field names alone (`{{Titles}}`), if any. */
function listOf(template: unknown, ctx: BlockContext): (string | null)[] | undefined {
  const name = typeof template === 'string' ? singleVariableName(template) : undefined;
  const value: VariableValue | undefined = name ? ctx.variables.byName(name)?.value : undefined;
  return Array.isArray(value) ? value : undefined;
}

/**
 * Dynamic mode: exactly one card whose image URL, title or description is a
 * single variable holding a list. One card per element of the driving list
 * (titles, then pictures, descriptions, internal values); path ids become
 * `dynamic-card-<i>-path-<j>` (edges kept).
 */
function dynamicCards(cards: readonly CardItem[], ctx: BlockContext): CardItem[] | undefined {
  if (cards.length !== 1) return undefined;
  const template = cards[0]!;
  const lists: Record<ListField, (string | null)[] | undefined> = {
    title: listOf(template.title, ctx),
    imageUrl: listOf(template.imageUrl, ctx),
    description: listOf(template.description, ctx),
    internalValue: listOf(template.options?.internalValue, ctx),
  };
  if (!lists.title && !lists.imageUrl && !lists.description) return undefined;
  const driving = (lists.title ?? lists.imageUrl ?? lists.description ?? lists.internalValue)!;
  return driving.map((_, index) => {
    const card: CardItem = { ...template };
    for (const field of ['title', 'imageUrl', 'description'] as const) {
      const list = lists[field];
      if (list) card[field] = list[index];
    }
    if (lists.internalValue) card.options = { ...template.options, internalValue: lists.internalValue[index] };
    if (template.paths) card.paths = template.paths.map((path, pathIndex) => ({ ...path, id: `dynamic-card-${index}-path-${pathIndex}` }));
    return card;
  });
}

async function displayCards(block: BlockDefinition, ctx: BlockContext): Promise<InputObject> {
  const cards = itemsOf<CardItem>(block);
  const items = dynamicCards(cards, ctx) ?? (await displayedItems(cards, (card) => card.options?.displayCondition, ctx));
  return (await ctx.deep({ ...block, items })) as InputObject;
}

function mappedValue(field: string | undefined, card: CardItem, path: CardPath | undefined): unknown {
  switch (field) {
    case 'Image URL':
      return card.imageUrl;
    case 'Title':
      return card.title;
    case 'Description':
      return card.description;
    case 'Button':
      return path?.text;
    case 'Internal Value':
      return card.options?.internalValue || undefined;
    default:
      return undefined;
  }
}

/**
 * Cards: the reply names a path (by id in the text or `replyId`) or a card by
 * title (case-insensitive), longest titles first; without a named path the
 * card's first path is taken. Content: the card title, else its image URL.
 * `saveResponseMapping` sets variables from the chosen card and path.
 */
export const cardsInput: InputHandler<'cards'> = {
  category: 'input',
  type: 'cards',
  options,
  // A start's first message never answers it (reference §3.3 step 9).
  answersFirstMessage: false,
  replyEventType: 'cards',
  display: displayCards,
  async parse(block, reply, ctx) {
    if (reply?.type !== 'text') return FAIL;
    const text = reply.text;
    const replyId = reply.metadata?.replyId;
    const cards = (((await displayCards(block, ctx)).items as CardItem[] | undefined) ?? []).filter(isRecord) as CardItem[];
    const sorted = [...cards].sort((a, b) => (b.title?.length ?? 0) - (a.title?.length ?? 0));
    let card: CardItem | undefined;
    let path: CardPath | undefined;
    for (const candidate of sorted) {
      path = candidate.paths?.find((p) => (replyId !== undefined && p.id === replyId) || p.id === text);
      if (path) {
        card = candidate;
        break;
      }
    }
    if (!card) {
      const wanted = text.trim().toLowerCase();
      card = sorted.find((candidate) => typeof candidate.title === 'string' && candidate.title.trim().toLowerCase() === wanted);
      path = card?.paths?.[0];
    }
    if (!card) return FAIL;
    const content = card.title || card.imageUrl;
    if (!content) return FAIL;

    const variables: { id: string; value: unknown }[] = [];
    for (const entry of readOptions(options, block).saveResponseMapping) {
      if (!entry.variableId || !entry.field || !ctx.variables.byId(entry.variableId)) continue;
      const value = mappedValue(entry.field, card, path);
      if (value !== undefined) variables.push({ id: entry.variableId, value });
    }
    return ok(content, { edgeId: path?.outgoingEdgeId, variables });
  },
};
