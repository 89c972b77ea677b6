import type { InputHandler } from '../../handler';
import { opt, readOptions } from '../../options';
import {
  INPUT_BASE_OPTIONS,
  buttonLabel,
  displayWithPrefill,
  FAIL,
  inputLabels,
  inputOptions,
  ok,
  placeholderLabel,
  uploadOptions,
} from '../shared';
import definition from './definition';

const options = inputOptions({
  ...uploadOptions,
  labels: inputLabels({ placeholder: placeholderLabel(), button: buttonLabel() }),
  isLong: opt.boolean({ title: 'Long text' }),
});

/** Any text is accepted as typed; an audio message answers with its URL. */
export const textInput: InputHandler<typeof definition.type> = {
  category: 'input',
  type: definition.type,
  takesUploads(block) {
    const { attachments, audioClip } = readOptions(INPUT_BASE_OPTIONS, block);
    return attachments?.isEnabled === true || audioClip?.isEnabled === true;
  },
  newBlock: { options: { isLong: false } },
  options,
  replyEventType: 'text',
  display: displayWithPrefill,
  parse(_block, reply) {
    if (reply?.type === 'text') return ok(reply.text);
    if (reply?.type === 'audio') return ok(reply.url);
    return FAIL;
  },
};

export default textInput;
