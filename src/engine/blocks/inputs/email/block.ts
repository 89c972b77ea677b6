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

/**
 * The classic e-mail pattern: a local part of dot-separated runs without
 * <>()[]\.,;: whitespace @ " (or a quoted string), then an IPv4 address in
 * brackets or dot-separated labels ending in a TLD of two letters or more.
 */
const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

export function isEmail(text: string): boolean {
  return EMAIL.test(text);
}

/** A valid address is saved lower-cased (surrounding whitespace dropped). */
export const emailInput: InputHandler<typeof definition.type> = {
  category: 'input',
  type: definition.type,
  options,
  replyEventType: 'email',
  defaultRetryMessage: "This email doesn't seem to be valid. Can you type it again?",
  display: displayWithPrefill,
  parse(_block, reply) {
    const text = textOf(reply)?.trim();
    if (text === undefined || !isEmail(text)) return FAIL;
    return ok(text.toLowerCase());
  },
};

export default emailInput;
