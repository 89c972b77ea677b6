import type { InputHandler } from '../../handler';
import { opt, readOptions } from '../../options';
import {
  buttonLabel,
  displayWithPrefill,
  FAIL,
  inputLabels,
  inputOptions,
  ok,
  placeholderLabel,
  textOf,
} from '../shared';
import definition from './definition';

const options = inputOptions({
  min: opt.numberOrStringWithin({}, { title: 'Minimum' }, { readAsWritten: true }),
  max: opt.numberOrStringWithin({}, { title: 'Maximum' }, { readAsWritten: true }),
  step: opt.numberOrStringWithin({ minimum: 0 }, { title: 'Step' }, { readAsWritten: true }),
  labels: inputLabels({ placeholder: placeholderLabel(), button: buttonLabel() }),
});

/** parseFloat after the first "," becomes "." (`1,5` ⇒ 1.5, `12abc` ⇒ 12). */
export function parseLooseNumber(text: string): number {
  return Number.parseFloat(text.replace(',', '.'));
}

/** A bound: a number, or text (variables substituted) parsed like a reply; 0, empty and NaN mean no bound. */
async function boundOf(option: unknown, text: (template: string) => Promise<string>): Promise<number | undefined> {
  const value =
    typeof option === 'number' ? option : typeof option === 'string' ? parseLooseNumber(await text(option)) : undefined;
  // Reference quirk kept: a bound of 0 is ignored.
  return value ? value : undefined;
}

/**
 * Accepts a number within min/max. Content: the text as typed when it starts
 * with "0" (`007`, `0.50`), else the canonical number (`1.50` ⇒ `1.5`, `1e3` ⇒ `1000`).
 */
export const numberInput: InputHandler<typeof definition.type> = {
  category: 'input',
  type: definition.type,
  options,
  replyEventType: 'number',
  display: displayWithPrefill,
  async parse(block, reply, ctx) {
    const text = textOf(reply);
    if (text === undefined || text === '') return FAIL;
    const number = parseLooseNumber(text);
    if (Number.isNaN(number)) return FAIL;
    const { min: minOption, max: maxOption } = readOptions(options, block);
    const min = await boundOf(minOption, ctx.text);
    const max = await boundOf(maxOption, ctx.text);
    if ((min !== undefined && number < min) || (max !== undefined && number > max)) return FAIL;
    return ok(text.startsWith('0') ? text : String(number));
  },
};

export default numberInput;
