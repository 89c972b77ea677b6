import type { InputObject } from '../../wire';

// What the inputs' channel renderings (<input>/channel.ts) read of an input object.

/** The button of a picture choice item or card (the reference's `whatsAppPictureChoiceSelectLabel`). */
export const PICTURE_SELECT_LABEL = 'Select';

export type Item = Record<string, unknown>;

export function itemsOf(input: InputObject): Item[] {
  return Array.isArray(input.items)
    ? input.items.filter((item): item is Item => typeof item === 'object' && item !== null)
    : [];
}

/** A non-empty string field of an item. */
export function text(item: Item, key: string): string | undefined {
  const value = item[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function isMultipleChoice(input: InputObject): boolean {
  const options = input.options as { isMultipleChoice?: unknown } | undefined;
  return options?.isMultipleChoice === true;
}
