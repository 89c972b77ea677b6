import type { Json } from './api';

// How long a text bubble "types" before it shows: the reference's rule
// (words at `speed` words per minute, at most `maxDelay` seconds; a text
// without words counts its characters), with its defaults.
const DEFAULT_SPEED = 400;
const DEFAULT_MAX_DELAY = 3;

function plainText(nodes: unknown): string {
  if (!Array.isArray(nodes)) return '';
  return nodes
    .map((node: Json) => (typeof node?.text === 'string' ? node.text : `${plainText(node?.children)} `))
    .join('');
}

/** Milliseconds of typing before `message`; 0 for bubbles that are not text. */
export function typingDuration(message: Json, typing: Json): number {
  if (message.type !== 'text') return 0;
  const content = (message.content ?? {}) as Json;
  const text = Array.isArray(content.richText)
    ? plainText(content.richText)
    : String(content.markdown ?? content.plainText ?? '');
  const words = text.match(/\w+/g)?.length || text.length;
  const speed = Number(typing.speed) > 0 ? Number(typing.speed) : DEFAULT_SPEED;
  const maxDelay = typeof typing.maxDelay === 'number' && typing.maxDelay >= 0 ? typing.maxDelay : DEFAULT_MAX_DELAY;
  return Math.min((words / speed) * 60_000, maxDelay * 1000);
}
