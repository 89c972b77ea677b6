import type { BlockDefinition } from '../../../definition/schema';
import type { InputObject } from '../../../wire';
import type { BlockContext, InputHandler, Lack } from '../../handler';
import { matchMultipleChoice, matchSingleChoice } from '../choice-matching';
import { opt, optionsSchema, readOptions } from '../../options';
import { conditionSchema } from '../../logic/condition/block';
import { buttonLabel, displayedItems, FAIL, inputLabels, inputOptions, itemsOf, valueAsSimpleList } from '../shared';
import { pictureChoiceParts } from './channel';
import { asRecord, isBlank } from '../../../json';
import definition from './definition';

const options = inputOptions({
  isMultipleChoice: opt.boolean({ title: 'Multiple choice' }),
  dynamicItems: opt.object(
    {
      isEnabled: opt.boolean({ title: 'Items from variables' }),
      pictureSrcsVariableId: opt.variable('Pictures from'),
      titlesVariableId: opt.variable('Titles from'),
      descriptionsVariableId: opt.variable('Descriptions from'),
    },
    { title: 'Dynamic items' },
  ),
  labels: inputLabels({ button: buttonLabel() }),
});

const item = optionsSchema({
  pictureSrc: opt.url({ title: 'Picture URL' }),
  title: opt.string({ title: 'Title', keywords: { 'x-parley-item-label': true } }),
  description: opt.string({ title: 'Description' }),
  value: opt.string({ title: 'Value', description: 'Saved instead of the title when set' }),
  displayCondition: opt.object(
    { isEnabled: opt.boolean({ title: 'Show only if' }), condition: conditionSchema() },
    { title: 'Display condition' },
  ),
});

export interface PictureChoiceItem {
  id: string;
  outgoingEdgeId?: string | null;
  pictureSrc?: string;
  title?: string;
  description?: string;
  value?: string;
  displayCondition?: unknown;
}

/** The label of a picture: its title, else its picture URL. */
const labelOf = (item: PictureChoiceItem): string =>
  typeof item.title === 'string' && item.title !== ''
    ? item.title
    : typeof item.pictureSrc === 'string'
      ? item.pictureSrc
      : '';

/** One picture per (non-null) source of the pictures variable, ids "0", "1"…; titles and descriptions by index. */
function dynamicItems(block: BlockDefinition, ctx: BlockContext): PictureChoiceItem[] | undefined {
  const dynamic = readOptions(options, block).dynamicItems;
  if (!dynamic) return undefined;
  const { isEnabled, pictureSrcsVariableId, titlesVariableId, descriptionsVariableId } = dynamic;
  if (!isEnabled || !pictureSrcsVariableId) return undefined;
  const sources = valueAsSimpleList(ctx.variables.value(pictureSrcsVariableId));
  if (!sources) return undefined;
  const titles = valueAsSimpleList(ctx.variables.value(titlesVariableId));
  const descriptions = valueAsSimpleList(ctx.variables.value(descriptionsVariableId));
  return sources
    .filter((source): source is string => source !== null)
    .map((pictureSrc, index) => ({
      id: String(index),
      pictureSrc,
      title: titles?.[index] ?? '',
      description: descriptions?.[index] ?? '',
    }));
}

async function displayPictureChoice(block: BlockDefinition, ctx: BlockContext): Promise<InputObject> {
  const dynamic = dynamicItems(block, ctx);
  if (dynamic) return { ...((await ctx.deep(block)) as InputObject), items: dynamic };
  const items = await displayedItems(itemsOf<PictureChoiceItem>(block), (item) => item.displayCondition, ctx);
  return (await ctx.deep({ ...block, items })) as InputObject;
}

function lacks(block: BlockDefinition): Lack[] {
  if (asRecord(asRecord(block.options).dynamicItems).isEnabled === true) return [];
  return (block.items ?? []).flatMap((item, i) =>
    isBlank(item.pictureSrc) && isBlank(item.title)
      ? [
          {
            message: `Picture ${i + 1} has no picture and no title: the visitor sees an empty choice`,
            at: ['items', i, 'pictureSrc'],
          },
        ]
      : [],
  );
}

/**
 * Picture choice: like buttons, the label being `title || pictureSrc`.
 * Dynamic items come from `dynamicItems` (pictures, titles, descriptions variables).
 */
export const pictureChoiceInput: InputHandler<typeof definition.type> = {
  category: 'input',
  type: definition.type,
  lacks,
  channelParts: pictureChoiceParts,
  newBlock: { options: { isMultipleChoice: false }, items: [{}] },
  options,
  item,
  // A start's first message never answers it (docs/engine-behaviour.md#starting-with-a-message).
  answersFirstMessage: false,
  replyEventType: 'picture choice',
  display: displayPictureChoice,
  async parse(block, reply, ctx) {
    if (reply?.type !== 'text') return FAIL;
    const items = (await displayPictureChoice(block, ctx)).items as PictureChoiceItem[] | undefined;
    if (!items) return FAIL;
    return readOptions(options, block).isMultipleChoice === true
      ? matchMultipleChoice(items, reply, labelOf)
      : matchSingleChoice(items, reply, labelOf);
  },
};

export default pictureChoiceInput;
