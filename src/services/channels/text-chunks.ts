// A text longer than a provider takes in one message (WhatsApp and Telegram:
// 4096 characters) goes out as several messages rather than cut. Where to
// split is decided here, once: at the last paragraph break that fits, else the
// last line break, else the last space, else at the limit. Lengths count code
// points, so that no split falls inside a surrogate pair (an emoji stays whole).
// The whitespace at a split is dropped: a message does not start or end blank.

/** A chunk as indices into a text's code points: `start` included, `end` excluded. */
export interface ChunkRange {
  start: number;
  end: number;
}

type Break = (chars: readonly string[], at: number) => boolean;

/** The kinds of break, preferred first: each says whether one starts at `at`. */
const BREAKS: readonly Break[] = [
  (chars, at) => chars[at] === '\n' && chars[at + 1] === '\n',
  (chars, at) => chars[at] === '\n',
  (chars, at) => chars[at] === ' ' || chars[at] === '\t',
];

const BLANKS: ReadonlySet<string> = new Set([' ', '\t', '\r', '\n']);

function isBlank(char: string | undefined): boolean {
  return char !== undefined && BLANKS.has(char);
}

/** Where the chunk starting at `start` is split: a break's first character, or the limit itself. */
function splitAt(chars: readonly string[], start: number, max: number): number {
  const limit = start + max;
  for (const isBreak of BREAKS) {
    for (let at = limit; at > start; at -= 1) if (isBreak(chars, at)) return at;
  }
  return limit;
}

function trimmedEnd(chars: readonly string[], start: number, end: number): number {
  let trimmed = end;
  while (trimmed > start && isBlank(chars[trimmed - 1])) trimmed -= 1;
  return trimmed;
}

function nextStart(chars: readonly string[], at: number): number {
  let next = at;
  while (isBlank(chars[next])) next += 1;
  return next;
}

/**
 * The chunks of a text given as code points (`Array.from(text)`), none longer
 * than `max` nor empty. A window that is all whitespace yields no chunk.
 */
export function chunkRanges(chars: readonly string[], max: number): ChunkRange[] {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`A chunk holds at least one character (max: ${max})`);
  const ranges: ChunkRange[] = [];
  let start = 0;
  while (start < chars.length) {
    if (chars.length - start <= max) {
      ranges.push({ start, end: chars.length });
      break;
    }
    const at = splitAt(chars, start, max);
    const end = trimmedEnd(chars, start, at);
    if (end > start) ranges.push({ start, end });
    start = nextStart(chars, at);
  }
  return ranges;
}

/** The text in chunks of at most `max` code points (a text that fits: itself; an empty one: none). */
export function textChunks(text: string, max: number): string[] {
  const chars = Array.from(text);
  return chunkRanges(chars, max).map(({ start, end }) => chars.slice(start, end).join(''));
}
