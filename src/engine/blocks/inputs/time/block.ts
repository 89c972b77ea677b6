import type { InputHandler } from '../../handler';
import { chrono, formatUtc, parsingReference } from '../date/block';
import { opt, readOptions } from '../../options';
import { buttonLabel, displayWithPrefill, FAIL, inputLabels, inputOptions, ok, textOf } from '../shared';
import definition from './definition';

const options = inputOptions({
  format: opt.string({ title: 'Format', description: 'HH:mm when empty' }),
  labels: inputLabels({ button: buttonLabel() }),
});

export const DEFAULT_TIME_FORMAT = 'HH:mm';

/** Natural-language times ("3pm", "15:30", "noon"), formatted with `format` (default HH:mm), in UTC. */
export const timeInput: InputHandler<typeof definition.type> = {
  category: 'input',
  type: definition.type,
  newBlock: { options: { format: DEFAULT_TIME_FORMAT } },
  options,
  replyEventType: 'time',
  display: displayWithPrefill,
  async parse(block, reply, ctx) {
    const text = textOf(reply);
    if (text === undefined) return FAIL;
    const parsed = chrono().en.casual.parseDate(text, parsingReference(ctx));
    if (!parsed) return FAIL;
    const explicit = readOptions(options, block).format;
    const pattern = explicit ? await ctx.text(explicit) : '';
    return ok(formatUtc(parsed, pattern || DEFAULT_TIME_FORMAT, DEFAULT_TIME_FORMAT));
  },
};

export default timeInput;
