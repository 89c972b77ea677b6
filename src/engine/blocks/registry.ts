import type { BlockType } from '../definition/block-types';
import type { BlockDefinition } from '../definition/schema';
import { audioBubble } from './bubbles/audio/block';
import { embedBubble } from './bubbles/embed/block';
import { imageBubble } from './bubbles/image/block';
import { textBubble } from './bubbles/text/block';
import { videoBubble } from './bubbles/video/block';
import type { BlockHandler } from './handler';
import { cardsInput } from './inputs/cards/block';
import { choiceInput } from './inputs/choice/block';
import { dateInput } from './inputs/date/block';
import { emailInput } from './inputs/email/block';
import { fileInput } from './inputs/file/block';
import { numberInput } from './inputs/number/block';
import { paymentInput } from './inputs/payment/block';
import { phoneInput } from './inputs/phone/block';
import { pictureChoiceInput } from './inputs/picture-choice/block';
import { ratingInput } from './inputs/rating/block';
import { textInput } from './inputs/text/block';
import { timeInput } from './inputs/time/block';
import { urlInput } from './inputs/url/block';
import { chatwootBlock } from './integrations/chatwoot/block';
import { emailBlock } from './integrations/email/block';
import { googleAnalyticsBlock } from './integrations/google-analytics/block';
import { httpRequestBlock } from './integrations/http-request/block';
import { calComBlock } from './integrations/cal-com/block';
import { qrCodeBlock } from './integrations/qr-code/block';
import { forgeAiBlock } from './ai/forge-ai';
import { openAiLegacyBlock } from './ai/openai-legacy/block';
import { pixelBlock } from './integrations/pixel/block';
import { vendorBlock } from './integrations/vendor-forge';
import { abTestBlock } from './logic/ab-test/block';
import { codeBlock } from './logic/code/block';
import { conditionBlock } from './logic/condition/block';
import { jumpBlock } from './logic/jump/block';
import { redirectBlock } from './logic/redirect/block';
import { returnBlock } from './logic/return/block';
import { setVariableBlock } from './logic/set-variable/block';
import { typebotLinkBlock } from './logic/typebot-link/block';
import { waitBlock } from './logic/wait/block';

/** Providers whose only forge action is a chat completion. */
const CHAT_ONLY = ['Create chat completion'] as const;
import { webhookBlock } from './logic/wait-for-webhook/block';

/** Every wire type but the v5 start block, which the runtime migration removes. */
export type HandledBlockType = Exclude<BlockType, 'start'>;

type Registry = { [T in HandledBlockType]: BlockHandler<T> };

let built: Registry | undefined;

/**
 * Every block module, keyed by its wire `type`. The key and the module's own
 * `type` must agree, and a type without a module (or a misspelt one) does not
 * compile. Adding a block: one module, one row here. Built on first use:
 * modules that read hooks of other blocks (transcript, link) import this
 * file, so the table cannot be built while modules are still loading.
 */
const registry = (): Registry =>
  (built ??= {
    text: textBubble,
    image: imageBubble,
    video: videoBubble,
    audio: audioBubble,
    embed: embedBubble,
    'text input': textInput,
    'number input': numberInput,
    'email input': emailInput,
    'url input': urlInput,
    'phone number input': phoneInput,
    'date input': dateInput,
    'time input': timeInput,
    'rating input': ratingInput,
    'file input': fileInput,
    'payment input': paymentInput,
    'choice input': choiceInput,
    'picture choice input': pictureChoiceInput,
    cards: cardsInput,
    'Set variable': setVariableBlock,
    Condition: conditionBlock,
    Redirect: redirectBlock,
    Code: codeBlock,
    'Typebot link': typebotLinkBlock,
    Wait: waitBlock,
    'AB test': abTestBlock,
    webhook: webhookBlock,
    Jump: jumpBlock,
    Return: returnBlock,
    Webhook: httpRequestBlock('Webhook'),
    Zapier: httpRequestBlock('Zapier'),
    'Make.com': httpRequestBlock('Make.com'),
    Pabbly: httpRequestBlock('Pabbly'),
    Email: emailBlock,
    'Google Sheets': vendorBlock('Google Sheets'),
    OpenAI: openAiLegacyBlock,
    'Google Analytics': googleAnalyticsBlock,
    Pixel: pixelBlock,
    Chatwoot: chatwootBlock,
    openai: forgeAiBlock('openai', {
      provider: 'openai',
      actions: [
        'Create chat completion',
        'Ask Model',
        'Generate variables',
        'Ask Assistant',
        'Create transcription',
        'Create speech',
      ],
    }),
    'cal-com': calComBlock,
    'chat-node': vendorBlock('chat-node'),
    'qr-code': qrCodeBlock,
    'dify-ai': vendorBlock('dify-ai'),
    mistral: forgeAiBlock('mistral', {
      provider: 'mistral',
      actions: ['Create chat completion', 'Generate variables'],
    }),
    elevenlabs: vendorBlock('elevenlabs'),
    anthropic: forgeAiBlock('anthropic', {
      provider: 'anthropic',
      actions: ['Create Chat Message', 'Generate variables'],
    }),
    'together-ai': forgeAiBlock('together-ai', { provider: 'together-ai', actions: CHAT_ONLY }),
    'open-router': forgeAiBlock('open-router', { provider: 'open-router', actions: CHAT_ONLY }),
    nocodb: vendorBlock('nocodb'),
    segment: vendorBlock('segment'),
    posthog: vendorBlock('posthog'),
    groq: forgeAiBlock('groq', { provider: 'groq', actions: CHAT_ONLY }),
    zendesk: vendorBlock('zendesk'),
    perplexity: forgeAiBlock('perplexity', { provider: 'perplexity', actions: CHAT_ONLY }),
    deepseek: forgeAiBlock('deepseek', { provider: 'deepseek', actions: CHAT_ONLY }),
    blink: vendorBlock('blink'),
    gmail: vendorBlock('gmail'),
  });

/** Every wire type the engine runs, in the registry's order (bubbles, inputs, logic, integrations). */
export function handledBlockTypes(): HandledBlockType[] {
  return Object.keys(registry()) as HandledBlockType[];
}

/** The module for a block type; undefined for blocks the walker skips (a v5 start block). */
export function handlerFor(type: string): BlockHandler | undefined {
  const table = registry();
  return Object.hasOwn(table, type) ? table[type as HandledBlockType] : undefined;
}

/** The blocks of a bot with their modules (analyses that read hooks). */
export function* blocksWithHandlers(
  groups: readonly { blocks: readonly BlockDefinition[] }[],
): Generator<[BlockDefinition, BlockHandler]> {
  for (const group of groups) {
    for (const block of group.blocks) {
      const handler = handlerFor(block.type);
      if (handler) yield [block, handler];
    }
  }
}
