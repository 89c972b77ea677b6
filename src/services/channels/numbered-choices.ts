// A multiple choice goes out as a numbered list ("1. Red\n2. Blue") and comes
// back as numbers ("1, 3" or "1 3"), read here into the items' contents
// joined with ", " (what the engine's multiple-choice matching takes).
import type { SentChoices } from './channel';

export function numberedKey(position: number): string {
  return `#${position}`;
}

export function numberedLines(items: readonly string[]): string {
  return items.map((item, index) => `${index + 1}. ${item}`).join('\n');
}

/** The content a reply id stands for (own keys only: an id like "constructor" is not one). */
export function sentChoice(choices: SentChoices, key: string): string | undefined {
  return Object.hasOwn(choices, key) ? choices[key] : undefined;
}

const NUMBERS = /^\s*\d+(?:\s*[,;]?\s*\d+)*\s*[,;]?\s*$/;

/** The contents a numbered reply designates; undefined when the text is not one (or names a number not sent). */
export function numberedReply(text: string, choices: SentChoices): string | undefined {
  if (!NUMBERS.test(text)) return undefined;
  const positions = [...new Set(text.match(/\d+/g) ?? [])];
  const contents = positions.map((position) => sentChoice(choices, numberedKey(Number(position))));
  if (contents.length === 0 || contents.some((content) => content === undefined)) return undefined;
  return contents.join(', ');
}
