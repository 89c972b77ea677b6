import type { ChoiceOption, TurnPart } from '../../../channel-parts';
import type { InputObject } from '../../../wire';
import { itemsOf, PICTURE_SELECT_LABEL, text, type Item } from '../channel-kit';

/**
 * A card's buttons are its paths (the engine finds the path by id). A card
 * without paths gets one button the engine matches by the card's title.
 */
export function cardParts(input: InputObject): TurnPart[] {
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
