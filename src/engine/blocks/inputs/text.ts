import type { InputHandler } from '../handler';
import { displayWithPrefill, FAIL, NO_OWN_OPTIONS, ok } from './shared';

/** Any text is accepted as typed; an audio message answers with its URL. */
export const textInput: InputHandler<'text input'> = {
  category: 'input',
  type: 'text input',
  options: NO_OWN_OPTIONS,
  replyEventType: 'text',
  display: displayWithPrefill,
  parse(_block, reply) {
    if (reply?.type === 'text') return ok(reply.text);
    if (reply?.type === 'audio') return ok(reply.url);
    return FAIL;
  },
};
