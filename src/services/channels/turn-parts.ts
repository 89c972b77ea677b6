// A turn's output (messages, client-side actions, input) as a provider-neutral
// sequence of parts, in sending order; each channel writes the parts as its
// own requests. Decided here, once for every channel:
// - an action goes after the bubble it follows (`lastBubbleBlockId`), an action
//   following none before the bubbles (as the web client runs them);
// - a choice input takes the last text bubble as its prompt (WhatsApp's
//   interactive messages need a body, Telegram's keyboards a text);
// - only `redirect` has a form in a chat (its address); `wait` is the
//   processor's to honour, other actions only make sense in a browser.
import type { ChatMessage, ClientSideAction } from '../../engine/wire';
import type { SentChoices, TurnToSend } from './channel';
import { inputParts } from './input-parts';
import { handlerFor } from '../../engine/blocks/registry';
import { numberedKey } from './numbered-choices';
import type { TurnPart } from '../../engine/channel-parts';
import { bubbleRichText } from './rich-text-format';

function stringField(record: unknown, key: string): string | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const value = (record as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Hosted videos are written by the engine without their scheme (`youtube.com/watch?v=…`). */
function withScheme(url: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(url) ? url : `https://${url}`;
}

function messagePart(message: ChatMessage): TurnPart | undefined {
  const content = message.content;
  const url = stringField(content, 'url');
  switch (message.type) {
    case 'text': {
      const richText = bubbleRichText(content);
      return richText.length > 0 ? { kind: 'text', richText } : undefined;
    }
    case 'image':
    case 'audio':
      return url ? { kind: 'media', media: message.type, url } : undefined;
    case 'video': {
      if (!url) return undefined;
      const type = stringField(content, 'type');
      return !type || type === 'url' ? { kind: 'media', media: 'video', url } : { kind: 'link', url: withScheme(url) };
    }
    default:
      // embed, custom-embed and bubbles a channel cannot show: their address, when they have one.
      return url ? { kind: 'link', url } : undefined;
  }
}

function actionPart(action: ClientSideAction): TurnPart | undefined {
  if (action.type !== 'redirect') return undefined;
  const url = stringField(action.redirect, 'url');
  return url ? { kind: 'link', url } : undefined;
}

/** The input's parts carry the last text bubble (buttons need a body on WhatsApp). */
function inputCarriesPrompt(turn: TurnToSend): boolean {
  const handler = turn.input && handlerFor(turn.input.type);
  return handler?.category === 'input' && handler.channelPartsCarryPrompt === true;
}

export function turnParts(turn: TurnToSend): TurnPart[] {
  const actions = turn.clientSideActions ?? [];
  const messages = [...turn.messages];
  const last = messages.at(-1);
  let prompt: unknown[] | undefined;
  if (
    inputCarriesPrompt(turn) &&
    last?.type === 'text' &&
    !actions.some((action) => action.lastBubbleBlockId === last.id)
  ) {
    prompt = bubbleRichText(last.content);
    messages.pop();
  }
  const parts: TurnPart[] = [];
  const push = (part: TurnPart | undefined) => {
    if (part) parts.push(part);
  };
  const bubbleIds = new Set(messages.map((message) => message.id));
  for (const action of actions) {
    if (!action.lastBubbleBlockId || !bubbleIds.has(action.lastBubbleBlockId)) push(actionPart(action));
  }
  for (const message of messages) {
    push(messagePart(message));
    for (const action of actions) if (action.lastBubbleBlockId === message.id) push(actionPart(action));
  }
  if (turn.input) parts.push(...inputParts(turn.input, prompt && prompt.length > 0 ? prompt : undefined));
  return parts;
}

/** What the parts' buttons and numbers map back to. */
export function choicesOf(parts: readonly TurnPart[]): SentChoices {
  const choices: SentChoices = {};
  for (const part of parts) {
    if (part.kind === 'buttons' || part.kind === 'card')
      for (const option of part.options) choices[option.id] = option.value;
    if (part.kind === 'numbered') part.items.forEach((item, index) => (choices[numberedKey(index + 1)] = item));
  }
  return choices;
}
