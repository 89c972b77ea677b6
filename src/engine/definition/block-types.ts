// Every block `type` wire value a Typebot export (v3 to v6.1) may contain,
// by family. Values are case- and space-sensitive ("webhook" is the logic
// wait-for-callback block, "Webhook" the HTTP request block).

export const BUBBLE_TYPES = ['text', 'image', 'video', 'audio', 'embed'] as const;

export const INPUT_TYPES = [
  'text input',
  'number input',
  'email input',
  'url input',
  'phone number input',
  'date input',
  'time input',
  'rating input',
  'file input',
  'payment input',
  'choice input',
  'picture choice input',
  'cards',
] as const;

export const LOGIC_TYPES = [
  'Set variable',
  'Condition',
  'Redirect',
  'Code',
  'Typebot link',
  'Wait',
  'AB test',
  'webhook',
  'Jump',
  'Return',
] as const;

export const INTEGRATION_TYPES = [
  'Webhook',
  'Zapier',
  'Make.com',
  'Pabbly',
  'Email',
  'Google Sheets',
  'OpenAI',
  'Google Analytics',
  'Pixel',
  'Chatwoot',
] as const;

/** Blocks defined by Typebot's "forge" packages; integrations for execution purposes. */
export const FORGE_TYPES = [
  'openai',
  'cal-com',
  'chat-node',
  'qr-code',
  'dify-ai',
  'mistral',
  'elevenlabs',
  'anthropic',
  'together-ai',
  'open-router',
  'nocodb',
  'segment',
  'posthog',
  'groq',
  'zendesk',
  'perplexity',
  'deepseek',
  'blink',
  'gmail',
] as const;

/** Only in versions before 6: the entry block of the start group. */
export const START_TYPE = 'start';

export const BLOCK_TYPES = [
  ...BUBBLE_TYPES,
  ...INPUT_TYPES,
  ...LOGIC_TYPES,
  ...INTEGRATION_TYPES,
  ...FORGE_TYPES,
  START_TYPE,
] as const;

export type BlockType = (typeof BLOCK_TYPES)[number];
