// The input of a turn as parts (turn-parts.ts): choices as buttons or a
// numbered list, picture choices and cards as cards. Other inputs need no part:
// the person answers with a text (or a file, a location).
import type { InputObject } from '../../engine/wire';
import type { ChoiceOption, TurnPart } from './parts';

/** The button of a picture choice item (the reference's `whatsAppPictureChoiceSelectLabel`). */
export const PICTURE_SELECT_LABEL = 'Select';

type Item = Record<string, unknown>;

function itemsOf(input: InputObject): Item[] {
  return Array.isArray(input.items)
    ? input.items.filter((item): item is Item => typeof item === 'object' && item !== null)
    : [];
}

function text(item: Item, key: string): string | undefined {
  const value = item[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isMultipleChoice(input: InputObject): boolean {
  const options = input.options as { isMultipleChoice?: unknown } | undefined;
  return options?.isMultipleChoice === true;
}

function choiceParts(input: InputObject, prompt: unknown[] | undefined): TurnPart[] {
  const options: ChoiceOption[] = [];
  for (const item of itemsOf(input)) {
    const id = text(item, 'id');
    const content = text(item, 'content');
    if (id && content) options.push({ id, label: content, value: content });
  }
  if (options.length === 0) return prompt ? [{ kind: 'text', richText: prompt }] : [];
  if (isMultipleChoice(input)) return [{ kind: 'numbered', prompt, items: options.map((option) => option.label) }];
  return [{ kind: 'buttons', prompt, options }];
}

function pictureChoiceParts(input: InputObject): TurnPart[] {
  const items = itemsOf(input).filter((item) => text(item, 'id') && (text(item, 'title') ?? text(item, 'pictureSrc')));
  if (isMultipleChoice(input)) {
    const labels = items.map((item) => text(item, 'title') ?? text(item, 'pictureSrc') ?? '');
    const pictures: TurnPart[] = [];
    items.forEach((item, index) => {
      const url = text(item, 'pictureSrc');
      if (url) pictures.push({ kind: 'media', media: 'image', url, caption: `${index + 1}. ${labels[index]}` });
    });
    return [...pictures, { kind: 'numbered', items: labels }];
  }
  return items.map((item) => ({
    kind: 'card',
    imageUrl: text(item, 'pictureSrc'),
    title: text(item, 'title'),
    description: text(item, 'description'),
    options: [
      {
        id: text(item, 'id') ?? '',
        label: PICTURE_SELECT_LABEL,
        value: text(item, 'title') ?? text(item, 'pictureSrc') ?? '',
      },
    ],
  }));
}

/**
 * A card's buttons are its paths (the engine finds the path by id). A card
 * without paths gets one button the engine matches by the card's title.
 */
function cardParts(input: InputObject): TurnPart[] {
  return itemsOf(input).map((card, index) => {
    const title = text(card, 'title');
    const paths = Array.isArray(card.paths) ? (card.paths as Item[]) : [];
    const options: ChoiceOption[] = paths
      .filter((path) => text(path, 'id'))
      .map((path) => ({
        id: text(path, 'id') ?? '',
        label: text(path, 'text') ?? title ?? PICTURE_SELECT_LABEL,
        value: title ?? text(path, 'text') ?? '',
      }));
    if (options.length === 0 && title) options.push({ id: `card-${index}`, label: PICTURE_SELECT_LABEL, value: title });
    return { kind: 'card', imageUrl: text(card, 'imageUrl'), title, description: text(card, 'description'), options };
  });
}

export function inputParts(input: InputObject, prompt: unknown[] | undefined): TurnPart[] {
  switch (input.type) {
    case 'choice input':
      return choiceParts(input, prompt);
    case 'picture choice input':
      return pictureChoiceParts(input);
    case 'cards':
      return cardParts(input);
    default:
      return [];
  }
}
