import type { InputHandler } from '../handler';
import { displayWithPrefill, FAIL, ok, optionsOf, textOf } from './shared';

/** parseFloat after the first "," becomes "." (`1,5` ⇒ 1.5, `12abc` ⇒ 12). */
export function parseLooseNumber(text: string): number {
  return Number.parseFloat(text.replace(',', '.'));
}

/** A bound: a number, or text (variables substituted) parsed like a reply; 0, empty and NaN mean no bound. */
async function boundOf(option: unknown, text: (template: string) => Promise<string>): Promise<number | undefined> {
  const value = typeof option === 'number' ? option : typeof option === 'string' ? parseLooseNumber(await text(option)) : undefined;
  // Reference quirk kept: a bound of 0 is ignored.
  return value ? value : undefined;
}

/**
 * Accepts a number within min/max. Content: the text as typed when it starts
 * with "0" (`007`, `0.50`), else the canonical number (`1.50` ⇒ `1.5`, `1e3` ⇒ `1000`).
 */
export const numberInput: InputHandler<'number input'> = {
  category: 'input',
  type: 'number input',
  replyEventType: 'number',
  display: displayWithPrefill,
  async parse(block, reply, ctx) {
    const text = textOf(reply);
    if (text === undefined || text === '') return FAIL;
    const number = parseLooseNumber(text);
    if (Number.isNaN(number)) return FAIL;
    const options = optionsOf(block);
    const min = await boundOf(options.min, ctx.text);
    const max = await boundOf(options.max, ctx.text);
    if ((min !== undefined && number < min) || (max !== undefined && number > max)) return FAIL;
    return ok(text.startsWith('0') ? text : String(number));
  },
};
