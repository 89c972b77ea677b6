import type { AiUsage } from '../../contracts';
import type { ChatLog } from '../../wire';
import type { BlockContext } from '../handler';

/** AI answers take long: blocks give them the most an effect may take (PARLEY_EFFECT_MAX_TIMEOUT_MS caps it). */
export const AI_TIMEOUT_MS = 120_000;

// What AI blocks do with an answer: map the text and token counts into
// variables, and log a provider's refusal the way the reference does.

export function usageValue(item: string | undefined, usage: AiUsage): number | undefined {
  if (item === 'Total tokens') return usage.totalTokens;
  if (item === 'Prompt tokens') return usage.promptTokens;
  if (item === 'Completion tokens') return usage.completionTokens;
  return undefined;
}

/** A number written as a number or as a text (possibly a {{variable}}); absent when it reads as none. */
export async function numberOption(value: number | string | undefined, ctx: BlockContext): Promise<number | undefined> {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (value === undefined) return undefined;
  const text = (await ctx.text(value)).trim();
  if (text === '') return undefined;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : undefined;
}

export function providerErrorLog(message: string, details: string | undefined, context: string): ChatLog {
  return { status: 'error', description: message, ...(details ? { details } : {}), context };
}
