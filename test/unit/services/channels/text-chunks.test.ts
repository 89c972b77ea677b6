import { chunkRanges, textChunks } from '../../../../src/services/channels/text-chunks';

const length = (text: string) => Array.from(text).length;

/** Whether the chunks are the text in order, with only whitespace (dropped at a split) or nothing (a hard cut) between. */
function gapsAreBlank(text: string, chunks: readonly string[]): boolean {
  let cursor = 0;
  for (const chunk of chunks) {
    const at = text.indexOf(chunk, cursor);
    if (at < cursor || !/^[ \t\r\n]*$/.test(text.slice(cursor, at))) return false;
    cursor = at + chunk.length;
  }
  return /^[ \t\r\n]*$/.test(text.slice(cursor));
}

/** A deterministic generator (a linear congruential one), so that a failure can be replayed. */
function randomText(seed: number, size: number): string {
  const pieces = ['word', 'ab', 'x', ' ', ' ', '\n', '\n\n', '😀', 'é', '🇫🇷', '\t', 'longerwordwithoutspaces'];
  let state = seed;
  let text = '';
  while (length(text) < size) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    text += pieces[(state >>> 16) % pieces.length];
  }
  return text;
}

describe('textChunks', () => {
  test('a text that fits is one chunk, as it is; an empty text none', () => {
    expect(textChunks('  Hello\n\nworld  ', 16)).toEqual(['  Hello\n\nworld  ']);
    expect(textChunks('', 10)).toEqual([]);
  });

  test('the last paragraph break that fits is preferred to a later line break or space', () => {
    expect(textChunks('one two\n\nthree\nfour five six', 20)).toEqual(['one two', 'three\nfour five six']);
    expect(textChunks('aa\n\nbb\n\ncc dd ee ff', 12)).toEqual(['aa\n\nbb', 'cc dd ee ff']);
  });

  test('else the last line break, else the last space, else hard at the limit', () => {
    expect(textChunks('one two\nthree four five', 16)).toEqual(['one two', 'three four five']);
    expect(textChunks('one two three four', 10)).toEqual(['one two', 'three four']);
    expect(textChunks('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });

  test('a break right at the limit makes a full chunk; the whitespace around a break is dropped', () => {
    expect(textChunks('abcd efgh', 4)).toEqual(['abcd', 'efgh']);
    expect(textChunks('abcd\n\nefgh', 4)).toEqual(['abcd', 'efgh']);
    expect(textChunks('ab  \n\n  cd ef', 8)).toEqual(['ab', 'cd ef']);
    expect(textChunks('abcd      ', 4)).toEqual(['abcd']);
  });

  test('an emoji at the limit is never cut in two', () => {
    expect(textChunks('abc😀def', 4)).toEqual(['abc😀', 'def']);
    expect(textChunks('😀😀😀😀😀', 2)).toEqual(['😀😀', '😀😀', '😀']);
    for (const chunk of textChunks('a😀'.repeat(50), 7)) expect(chunk).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });

  test('whitespace at the start of a long text yields no blank chunk', () => {
    expect(textChunks(`${' '.repeat(6)}ab cd`, 4)).toEqual(['ab', 'cd']);
  });

  test('no text lost, no chunk over the limit, empty or with a split whitespace at its ends', () => {
    for (const seed of [1, 2, 3, 42, 4096]) {
      for (const max of [1, 3, 10, 57]) {
        const text = randomText(seed, 400);
        const chunks = textChunks(text, max);
        const misfits = chunks.filter(
          (chunk, index) =>
            length(chunk) < 1 ||
            length(chunk) > max ||
            (index > 0 && /^[ \t\r\n]/.test(chunk)) ||
            (index < chunks.length - 1 && /[ \t\r\n]$/.test(chunk)),
        );
        expect({ seed, max, misfits, whole: gapsAreBlank(text, chunks) }).toEqual({
          seed,
          max,
          misfits: [],
          whole: true,
        });
      }
    }
  });

  test('the ranges are code point indices; the limit must be a positive integer', () => {
    expect(chunkRanges(Array.from('ab😀 cd'), 3)).toEqual([
      { start: 0, end: 3 },
      { start: 4, end: 6 },
    ]);
    expect(() => textChunks('abc', 0)).toThrow(RangeError);
    expect(() => textChunks('abc', 2.5)).toThrow(RangeError);
  });
});
