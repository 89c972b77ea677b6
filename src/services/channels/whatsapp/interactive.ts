// Choices as WhatsApp interactive messages
// (developers.facebook.com/docs/whatsapp/cloud-api/messages/interactive-reply-buttons-messages,
// …/interactive-list-messages): up to 3 reply buttons, beyond that list
// messages of up to 10 rows; a card is a button message with an image header.
import type { ChoiceOption } from '../../../engine/channel-parts';
import { cut, uniqueTitles } from './titles';

export const MAX_BUTTONS = 3;
export const MAX_LIST_ROWS = 10;
export const BUTTON_TITLE_MAX = 20;
export const ROW_TITLE_MAX = 24;
export const ROW_DESCRIPTION_MAX = 72;
export const BODY_MAX = 1024;
/** The button opening a list. */
export const LIST_BUTTON_LABEL = 'Choose';
/** The body of an interactive message with nothing to say (WhatsApp requires one). */
export const EMPTY_BODY = '―';

export type WhatsAppMessage = Record<string, unknown> & { type: string };

function body(text: string | undefined): { text: string } {
  return { text: text ? cut(text, BODY_MAX) : EMPTY_BODY };
}

function replyButtons(options: readonly ChoiceOption[]) {
  const titles = uniqueTitles(
    options.map((option) => option.label),
    BUTTON_TITLE_MAX,
  );
  return options.map((option, index) => ({ type: 'reply', reply: { id: option.id, title: titles[index] } }));
}

function buttonMessage(text: string | undefined, options: readonly ChoiceOption[]): WhatsAppMessage {
  return {
    type: 'interactive',
    interactive: { type: 'button', body: body(text), action: { buttons: replyButtons(options) } },
  };
}

/** One list message: its rows titled within 24 characters, a cut label given whole (within 72) as description. */
function listMessage(text: string | undefined, options: readonly ChoiceOption[]): WhatsAppMessage {
  const titles = uniqueTitles(
    options.map((option) => option.label),
    ROW_TITLE_MAX,
  );
  const rows = options.map((option, index) => ({
    id: option.id,
    title: titles[index],
    ...(titles[index] !== option.label ? { description: cut(option.label, ROW_DESCRIPTION_MAX) } : {}),
  }));
  return {
    type: 'interactive',
    interactive: { type: 'list', body: body(text), action: { button: LIST_BUTTON_LABEL, sections: [{ rows }] } },
  };
}

/** A single choice: reply buttons, or list messages of 10 rows (the prompt on the first). */
export function choiceMessages(prompt: string | undefined, options: readonly ChoiceOption[]): WhatsAppMessage[] {
  if (options.length <= MAX_BUTTONS) return [buttonMessage(prompt, options)];
  const messages: WhatsAppMessage[] = [];
  for (let start = 0; start < options.length; start += MAX_LIST_ROWS)
    messages.push(listMessage(start === 0 ? prompt : undefined, options.slice(start, start + MAX_LIST_ROWS)));
  return messages;
}

/** A card (or picture choice item): its picture as header, its first 3 buttons. */
export function cardMessage(
  imageUrl: string | undefined,
  text: string | undefined,
  options: readonly ChoiceOption[],
): WhatsAppMessage {
  const message = buttonMessage(text, options.slice(0, MAX_BUTTONS));
  if (!imageUrl) return message;
  const interactive = message.interactive as Record<string, unknown>;
  return {
    ...message,
    interactive: { type: 'button', header: { type: 'image', image: { link: imageUrl } }, ...interactive },
  };
}
