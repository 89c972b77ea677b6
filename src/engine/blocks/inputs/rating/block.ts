import type { InputHandler } from '../../handler';
import { opt, readOptions } from '../../options';
import { buttonLabel, displayWithPrefill, FAIL, inputLabels, inputOptions, ok, textOf } from '../shared';
import definition from './definition';

const options = inputOptions({
  length: opt.numberOrStringWithin({ minimum: 1, maximum: 100, integer: true }, { title: 'Maximum rating' }),
  labels: inputLabels({
    button: buttonLabel(),
    left: opt.string({ title: 'Lowest label' }),
    right: opt.string({ title: 'Highest label' }),
  }),
});

export const DEFAULT_RATING_LENGTH = 10;

async function lengthOf(option: unknown, text: (template: string) => Promise<string>): Promise<number> {
  if (typeof option === 'number') return option;
  if (typeof option === 'string' && option.trim() !== '') return Number(await text(option));
  return DEFAULT_RATING_LENGTH;
}

/**
 * Reference quirk kept: accepted iff Number(text) <= length (default 10): no
 * lower bound, no integer check, `startsAt` ignored, an empty reply counts as 0.
 */
export const ratingInput: InputHandler<typeof definition.type> = {
  category: 'input',
  type: definition.type,
  newBlock: { options: { length: DEFAULT_RATING_LENGTH } },
  options,
  replyEventType: 'rating',
  display: displayWithPrefill,
  async parse(block, reply, ctx) {
    const text = textOf(reply);
    if (text === undefined) return FAIL;
    return Number(text) <= (await lengthOf(readOptions(options, block).length, ctx.text)) ? ok(text) : FAIL;
  },
};

export default ratingInput;
