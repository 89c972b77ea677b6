import type { BlockDefinition } from '../../../definition/schema';
import type { InputObject } from '../../../wire';
import type { BlockContext, InputHandler, Lack } from '../../handler';
import { matchMultipleChoice, matchSingleChoice } from '../choice-matching';
import { opt, optionsSchema, readOptions } from '../../options';
import { conditionSchema } from '../../logic/condition/block';
import { buttonLabel, displayedItems, FAIL, inputLabels, inputOptions, itemsOf, valueAsList } from '../shared';
import { choiceParts } from './channel';
import { asRecord, isBlank } from '../../../json';
import definition from './definition';

const options = inputOptions({
  isMultipleChoice: opt.boolean({ title: 'Multiple choice' }),
  dynamicVariableId: opt.variable('Dynamic items from', 'A list variable: one button per entry'),
  labels: inputLabels({ button: buttonLabel() }),
});

const item = optionsSchema({
  content: opt.string({ title: 'Label', keywords: { 'x-parley-item-label': true } }),
  value: opt.string({ title: 'Value', description: 'Saved instead of the label when set' }),
  displayCondition: opt.object(
    { isEnabled: opt.boolean({ title: 'Show only if' }), condition: conditionSchema() },
    { title: 'Display condition' },
  ),
});

export interface ChoiceItem {
  id: string;
  outgoingEdgeId?: string | null;
  content?: string;
  value?: string;
  displayCondition?: unknown;
}

const labelOf = (item: ChoiceItem): string => (typeof item.content === 'string' ? item.content : '');

/** Dynamic buttons: one per distinct non-empty entry of the variable, ids `choice<index>`. */
function dynamicItems(entries: readonly (string | null)[]): ChoiceItem[] {
  const contents = [...new Set(entries.filter((entry): entry is string => typeof entry === 'string' && entry !== ''))];
  return contents.map((content, index) => ({ id: `choice${index}`, content }));
}

async function displayChoice(block: BlockDefinition, ctx: BlockContext): Promise<InputObject> {
  const { dynamicVariableId } = readOptions(options, block);
  if (dynamicVariableId) {
    const value = ctx.variables.value(dynamicVariableId);
    // Reference behaviour: with the variable unset, the block is returned as stored (not even substituted).
    if (value === null || value === undefined) return structuredClone(block) as InputObject;
    return { ...((await ctx.deep(block)) as InputObject), items: dynamicItems(valueAsList(value)) };
  }
  const items = await displayedItems(itemsOf<ChoiceItem>(block), (item) => item.displayCondition, ctx);
  return (await ctx.deep({ ...block, items })) as InputObject;
}

function lacks(block: BlockDefinition): Lack[] {
  if (!isBlank(asRecord(block.options).dynamicVariableId)) return [];
  return (block.items ?? []).flatMap((item, i) =>
    isBlank(item.content)
      ? [{ message: `Button ${i + 1} has no label: the visitor sees an empty button`, at: ['items', i, 'content'] }]
      : [],
  );
}

/**
 * Buttons. Displayed items: rebuilt from `dynamicVariableId` (a list, a JSON
 * array in a string, or a single string) or filtered by display conditions.
 * Single choice: exact (case-sensitive) id / value / label, item edge chosen.
 * Multiple choice: greedy, case-insensitive, with 1-based positions.
 */
export const choiceInput: InputHandler<typeof definition.type> = {
  category: 'input',
  type: definition.type,
  lacks,
  channelPartsCarryPrompt: true,
  channelParts: choiceParts,
  newBlock: { options: { isMultipleChoice: false }, items: [{ content: '' }] },
  options,
  item,
  // A start's first message never answers it (docs/engine-behaviour.md#starting-with-a-message).
  answersFirstMessage: false,
  replyEventType: 'buttons',
  display: displayChoice,
  async parse(block, reply, ctx) {
    if (reply?.type !== 'text') return FAIL;
    const items = (await displayChoice(block, ctx)).items as ChoiceItem[] | undefined;
    if (!items) return FAIL;
    return readOptions(options, block).isMultipleChoice === true
      ? matchMultipleChoice(items, reply, labelOf)
      : matchSingleChoice(items, reply, labelOf);
  },
};

export default choiceInput;
