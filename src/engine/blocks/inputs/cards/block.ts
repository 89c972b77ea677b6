import type { BlockDefinition } from '../../../definition/schema';
import type { InputObject } from '../../../wire';
import type { VariableValue } from '../../../session';
import { singleVariableName } from '../../../variables/templating';
import type { BlockContext, InputHandler } from '../../handler';
import { opt, readOptions } from '../../options';
import { displayedItems, FAIL, inputOptions, isRecord, itemsOf, ok } from '../shared';
import { cardParts } from './channel';
import definition from './definition';

const options = inputOptions({
  saveResponseMapping: opt.objectList(
    { field: opt.string({ title: 'Field' }), variableId: opt.variable('Save in') },
    { title: 'Save the answer' },
  ),
});

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

type DynamicField = 'title' | 'imageUrl' | 'description' | 'internalValue';

/** The value of the variable a field names alone (`{{Titles}}`), if it does. */
function valueOf(template: unknown, ctx: BlockContext): VariableValue | undefined {
  const name = typeof template === 'string' ? singleVariableName(template) : undefined;
  return name ? ctx.variables.byName(name)?.value : undefined;
}

/** An element of a list value, or a value that is not a list as it is (reference `getDynamicValue`). */
const at = (value: VariableValue | undefined, index: number) =>
  (Array.isArray(value) ? value[index] : value) ?? undefined;

/**
 * Dynamic mode (reference `injectVariableValuesInCardsBlock.ts`): exactly one
 * card whose image URL, title or description is a single variable holding a
 * list. One card per element of the driving list (titles, then pictures,
 * descriptions, internal values); each card's image URL, title, description
 * and internal value come from those variables only (a field that names no
 * variable is left out, as the reference does); path ids become
 * `dynamic-card-<i>-path-<j>` (edges kept).
 */
function dynamicCards(cards: readonly CardItem[], ctx: BlockContext): CardItem[] | undefined {
  if (cards.length !== 1) return undefined;
  const template = cards[0]!;
  const values: Record<DynamicField, VariableValue | undefined> = {
    title: valueOf(template.title, ctx),
    imageUrl: valueOf(template.imageUrl, ctx),
    description: valueOf(template.description, ctx),
    internalValue: valueOf(template.options?.internalValue, ctx),
  };
  if (!Array.isArray(values.title) && !Array.isArray(values.imageUrl) && !Array.isArray(values.description))
    return undefined;
  const driving = [values.title, values.imageUrl, values.description, values.internalValue].find(Array.isArray)!;
  return driving.map((_, index) => {
    const card: CardItem = {
      ...template,
      options: { ...template.options, internalValue: at(values.internalValue, index) },
    };
    for (const field of ['title', 'imageUrl', 'description'] as const) card[field] = at(values[field], index);
    if (template.paths)
      card.paths = template.paths.map((path, pathIndex) => ({
        ...path,
        id: `dynamic-card-${index}-path-${pathIndex}`,
      }));
    return card;
  });
}

/** The response mapping as the reference's output schema keeps it: `field` and `variableId` of each entry. */
function shownMapping(input: InputObject): InputObject {
  const mapping = (input.options as { saveResponseMapping?: unknown } | undefined)?.saveResponseMapping;
  if (!Array.isArray(mapping)) return input;
  const shown = mapping.filter(isRecord).map(({ field, variableId }) => ({
    ...(field !== undefined ? { field } : {}),
    ...(variableId !== undefined ? { variableId } : {}),
  }));
  return { ...input, options: { ...(input.options as Record<string, unknown>), saveResponseMapping: shown } };
}

async function displayCards(block: BlockDefinition, ctx: BlockContext): Promise<InputObject> {
  const cards = itemsOf<CardItem>(block);
  const items =
    dynamicCards(cards, ctx) ?? (await displayedItems(cards, (card) => card.options?.displayCondition, ctx));
  return shownMapping((await ctx.deep({ ...block, items })) as InputObject);
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
export const cardsInput: InputHandler<typeof definition.type> = {
  category: 'input',
  type: definition.type,
  channelParts: cardParts,
  newBlock: { items: [{}] },
  options,
  // A start's first message never answers it (docs/engine-behaviour.md#starting-with-a-message).
  answersFirstMessage: false,
  replyEventType: 'cards',
  display: displayCards,
  async parse(block, reply, ctx) {
    if (reply?.type !== 'text') return FAIL;
    const text = reply.text;
    const replyId = reply.metadata?.replyId;
    const cards = (((await displayCards(block, ctx)).items as CardItem[] | undefined) ?? []).filter(
      isRecord,
    ) as CardItem[];
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
      card = sorted.find(
        (candidate) => typeof candidate.title === 'string' && candidate.title.trim().toLowerCase() === wanted,
      );
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

export default cardsInput;
