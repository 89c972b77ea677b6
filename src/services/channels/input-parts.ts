// The input of a turn as parts (turn-parts.ts): each input block says how a
// channel shows it (its folder's channel.ts: choices as buttons or a numbered
// list, picture choices and cards as cards). Other inputs need no part: the
// person answers with a text (or a file, a location).
import { handlerFor } from '../../engine/blocks/registry';
import type { TurnPart } from '../../engine/channel-parts';
import type { InputObject } from '../../engine/wire';

export function inputParts(input: InputObject, prompt: unknown[] | undefined): TurnPart[] {
  const handler = handlerFor(input.type);
  return handler?.category === 'input' && handler.channelParts ? handler.channelParts(input, prompt) : [];
}
