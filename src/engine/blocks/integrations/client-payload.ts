import { jsonOrText } from '../../json';
import type { BlockContext } from '../handler';

/** A text as the client gets it: "undefined" is absent, JSON is parsed, anything else stays text. */
function guessed(text: string): unknown {
  return text === 'undefined' ? undefined : jsonOrText(text);
}

/**
 * The options of a client-side integration as its action carries them
 * (reference: variables substituted in every string, types guessed, empty
 * strings removed).
 */
export async function clientPayload(value: unknown, ctx: BlockContext): Promise<unknown> {
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) items.push(await clientPayload(item, ctx));
    return items;
  }
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string') {
      const text = await ctx.text(field);
      if (text !== '') out[key] = guessed(text);
    } else {
      out[key] = await clientPayload(field, ctx);
    }
  }
  return out;
}
