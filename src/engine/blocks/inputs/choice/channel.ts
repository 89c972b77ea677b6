import type { ChoiceOption, TurnPart } from '../../../channel-parts';
import type { InputObject } from '../../../wire';
import { isMultipleChoice, itemsOf, text } from '../channel-kit';

/** Buttons on a channel: one choice as buttons, several as a numbered list answered by numbers. */
export function choiceParts(input: InputObject, prompt: unknown[] | undefined): TurnPart[] {
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
