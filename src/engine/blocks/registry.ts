import { audioBubble } from './bubbles/audio';
import { embedBubble } from './bubbles/embed';
import { imageBubble } from './bubbles/image';
import { textBubble } from './bubbles/text';
import { videoBubble } from './bubbles/video';
import type { BlockHandler } from './handler';
import { inputHandlers } from './inputs';
import { notYetSupportedIntegrations } from './integrations/not-yet-supported';
import { abTestBlock } from './logic/ab-test';
import { codeBlock } from './logic/code';
import { conditionBlock } from './logic/condition';
import { jumpBlock } from './logic/jump';
import { redirectBlock } from './logic/redirect';
import { returnBlock } from './logic/return';
import { setVariableBlock } from './logic/set-variable';
import { typebotLinkBlock } from './logic/typebot-link';
import { waitBlock } from './logic/wait';
import { webhookBlock } from './logic/webhook';

/** Every block module, keyed by its wire `type`. Adding a block: one module, one entry here. */
const handlers: BlockHandler[] = [
  textBubble,
  imageBubble,
  videoBubble,
  audioBubble,
  embedBubble,
  ...inputHandlers,
  setVariableBlock,
  conditionBlock,
  redirectBlock,
  codeBlock,
  typebotLinkBlock,
  waitBlock,
  abTestBlock,
  webhookBlock,
  jumpBlock,
  returnBlock,
  ...notYetSupportedIntegrations,
];

const byType = new Map(handlers.map((handler) => [handler.type, handler]));

/** The module for a block type; undefined for blocks the walker skips (a v5 start block). */
export function handlerFor(type: string): BlockHandler | undefined {
  return byType.get(type);
}
