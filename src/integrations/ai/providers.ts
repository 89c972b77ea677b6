import type { AiProvider } from '../../engine/contracts';

// Where each AI provider answers when neither the credentials nor the block
// name a base URL (the reference's forge block constants), and which API
// shape it speaks.

export const DEFAULT_BASE_URLS: Record<AiProvider, string> = {
  openai: 'https://api.openai.com/v1',
  mistral: 'https://api.mistral.ai/v1',
  groq: 'https://api.groq.com/openai/v1',
  'together-ai': 'https://api.together.xyz/v1',
  'open-router': 'https://openrouter.ai/api/v1',
  deepseek: 'https://api.deepseek.com/v1',
  perplexity: 'https://api.perplexity.ai',
  anthropic: 'https://api.anthropic.com/v1',
};

/** Anthropic's messages API needs a maximum; the reference's default. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 1024;
export const ANTHROPIC_VERSION = '2023-06-01';
