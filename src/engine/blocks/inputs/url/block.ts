import isURL from 'validator/lib/isURL';
import type { InputHandler } from '../../handler';
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

const options = inputOptions({ labels: inputLabels({ placeholder: placeholderLabel(), button: buttonLabel() }) });

/** http or https, the protocol optional, a top-level domain required. */
export function isWebUrl(text: string, requireTld = true): boolean {
  return isURL(text, { protocols: ['http', 'https'], require_protocol: false, require_tld: requireTld });
}

/**
 * A valid URL is saved as typed (surrounding whitespace dropped). No built-in
 * retry text: the bot's generic invalid message is used (docs/engine-behaviour.md#retry-messages).
 */
export const urlInput: InputHandler<typeof definition.type> = {
  category: 'input',
  type: definition.type,
  options,
  replyEventType: 'url',
  display: displayWithPrefill,
  parse(_block, reply) {
    const text = textOf(reply)?.trim();
    if (text === undefined || !isWebUrl(text)) return FAIL;
    return ok(text);
  },
};

export default urlInput;
