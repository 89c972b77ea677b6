import type { TurnPart } from '../../../channel-parts';
import type { InputObject } from '../../../wire';
import { isMultipleChoice, itemsOf, PICTURE_SELECT_LABEL, text } from '../channel-kit';

/** Picture choices on a channel: one card per item, or the pictures numbered when several may be chosen. */
export function pictureChoiceParts(input: InputObject): TurnPart[] {
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
