import { BLOCK_DEFINITIONS, blockLabel } from '../engine/blocks/definitions';

// Block types as an assistant meets them: one URI each (the whole catalogue
// is too big to read at once), a "did you mean" for a type that does not
// exist, and the pairs of types that differ only by case said apart by their
// labels wherever a type is written.

export const BLOCK_TYPES_URI = 'parley://block-types';

/** Types a block may be written with: every block folder's; older bots' start block is made, not written. */
const WRITABLE_TYPES: readonly string[] = BLOCK_DEFINITIONS.map((definition) => definition.type);

export function isBlockType(type: string): boolean {
  return WRITABLE_TYPES.includes(type);
}

/** One type's resource; types hold spaces and capitals ("text input", "Set variable"), so the segment is encoded. */
export function blockTypeUri(type: string): string {
  return `${BLOCK_TYPES_URI}/${encodeURIComponent(type)}`;
}

const named = (type: string) => `"${type}" (${blockLabel(type)})`;

/** The types the palette tells apart by label only: "webhook" and "Webhook", "openai" and "OpenAI". */
export function typesDifferingByCase(): string[][] {
  const byLowerCase = new Map<string, string[]>();
  for (const type of WRITABLE_TYPES) {
    const key = type.toLowerCase();
    byLowerCase.set(key, [...(byLowerCase.get(key) ?? []), type]);
  }
  return [...byLowerCase.values()].filter((types) => types.length > 1);
}

/** `"webhook" is Wait for webhook, "Webhook" is HTTP request; …`: for descriptions of a block's type. */
export function caseRule(): string {
  const pairs = typesDifferingByCase().map((types) =>
    types.map((type) => `"${type}" is ${blockLabel(type)}`).join(', '),
  );
  return `Types are case- and space-sensitive ("text input"); these differ only by case: ${pairs.join('; ')}.`;
}

/** The other types of the same letters as this one, for a type's own resource. */
export function sameLettersAs(type: string): string[] {
  return (
    typesDifferingByCase()
      .find((types) => types.includes(type))
      ?.filter((other) => other !== type) ?? []
  );
}

/** Edits (insertions, deletions, substitutions) from one word to another. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1)
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/** The types nearest to a misspelt one (all of them when several are as near), if any is near enough to be meant. */
function nearestTypes(type: string): string[] {
  // Near whatever the case; among as near, the one whose case is nearer first ("Webook": "Webhook", then "webhook").
  const scored = WRITABLE_TYPES.map((candidate) => ({
    candidate,
    distance: distance(type.toLowerCase(), candidate.toLowerCase()),
    cased: distance(type, candidate),
  }));
  const best = Math.min(...scored.map((entry) => entry.distance));
  if (best > Math.max(1, Math.floor(type.length / 3))) return [];
  return scored
    .filter((entry) => entry.distance === best)
    .sort((a, b) => a.cased - b.cased)
    .map((entry) => entry.candidate);
}

/** What an assistant reads when a block's type is none of the engine's. */
export function unknownBlockTypeMessage(type: string): string {
  const suggestions = nearestTypes(type);
  const guess = suggestions.length > 0 ? `: did you mean ${suggestions.map(named).join(' or ')}?` : '.';
  return `unknown block type ${JSON.stringify(type)}${guess} Every type, with the URI of its options: ${BLOCK_TYPES_URI}`;
}
