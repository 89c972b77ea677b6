import { draftPatch, type PatchableDraft } from '../../../../src/engine/shapes/draft-patch';
import {
  leafWords,
  patchedValues,
  readSaveWords,
  replacesWords,
  saveWords,
} from '../../../../src/engine/shapes/draft-words';

// Whose words a save replaced: a later value of an object keeps what a save
// put in it (typed text, added items, a value given) or replaces it.

const text = (words: string) => ({ richText: [{ type: 'p', children: [{ text: words }] }] });
const draft = (words: string, title = 'Welcome', options: Record<string, unknown> = {}): PatchableDraft => ({
  groups: [
    {
      id: 'g1',
      title,
      graphCoordinates: { x: 0, y: 0 },
      blocks: [{ id: 'b1', type: 'text input', content: text(words), options } as { id: string }],
    } as PatchableDraft['groups'][number],
  ],
  edges: [],
  variables: [],
});
const later = (from: PatchableDraft, to: PatchableDraft, object: string) =>
  patchedValues(draftPatch(from, to)).get(object);

test('typed text is kept while the later text still holds it, wherever the other person adds theirs', () => {
  const words = saveWords(draft('Hello'), draftPatch(draft('Hello'), draft('Hello from Ann')));
  expect(words).toEqual({
    'block:b1': [{ kind: 'text', path: ['block', 'content', 'richText', 0, 'children', 0, 'text'], text: ' from Ann' }],
  });
  const theirs = (next: string) => later(draft('Hello from Ann'), draft(next), 'block:b1');
  expect(replacesWords(words['block:b1']!, theirs('Hello from Ann and Bob'))).toBe(false);
  expect(replacesWords(words['block:b1']!, theirs('Oh, hello from Ann'))).toBe(false);
  expect(replacesWords(words['block:b1']!, theirs('Hello from Bob'))).toBe(true);
  // Removing the block removes the words.
  expect(replacesWords(words['block:b1']!, undefined)).toBe(true);
});

test('a long text is kept as its two ends, in order', () => {
  const pasted = 'a'.repeat(40) + 'middle' + 'z'.repeat(40);
  const [leaf] = leafWords('Start. ', `Start. ${pasted}`);
  expect(leaf).toEqual({ kind: 'text', path: [], text: 'a'.repeat(32), tail: 'z'.repeat(32) });
  expect(replacesWords([leaf!], `Start. ${pasted} And more.`)).toBe(false);
  expect(replacesWords([leaf!], `Start. ${'a'.repeat(40)}`)).toBe(true);
  expect(replacesWords([leaf!], `${'z'.repeat(40)} ${'a'.repeat(40)}`)).toBe(true);
});

test('another field of the same object, or the same value again, replaces nothing', () => {
  const before = draft('Hi', 'Welcome', { labels: { placeholder: 'Type' } });
  const mine = draft('Hi', 'Welcome', { labels: { placeholder: 'Your name' } });
  const [leaf] = saveWords(before, draftPatch(before, mine))['block:b1']!;
  expect(leaf).toMatchObject({ path: ['block', 'options', 'labels', 'placeholder'] });
  const theirs = draft('Hi', 'Welcome', { labels: { placeholder: 'Your name', button: 'Send' } });
  expect(replacesWords([leaf!], later(mine, theirs, 'block:b1'))).toBe(false);
});

test('a deletion is replaced when the deleted text comes back; a changed number or flag when it differs', () => {
  const [cut] = leafWords('Hello there, friend', 'Hello friend');
  expect(cut).toEqual({ kind: 'cut', path: [], around: 'Hello there, friend' });
  expect(replacesWords([cut!], 'Hello friend!')).toBe(false);
  expect(replacesWords([cut!], 'Hello there, friend')).toBe(true);
  const [moved] = leafWords({ x: 0, y: 0 }, { x: 40, y: 0 });
  expect(replacesWords([moved!], { x: 40, y: 10 })).toBe(false);
  expect(replacesWords([moved!], { x: 0, y: 10 })).toBe(true);
});

test('lists of ids are read as items added and dropped; lists of objects with ids item by item', () => {
  const [items] = leafWords(['b1'], ['b1', 'b2']);
  expect(items).toEqual({ kind: 'items', path: [], added: ['b2'], dropped: [] });
  expect(replacesWords([items!], ['b0', 'b1', 'b2', 'b3'])).toBe(false);
  expect(replacesWords([items!], ['b1'])).toBe(true);
  const choices = leafWords(
    [{ id: 'i1', content: 'Yes' }],
    [
      { id: 'i1', content: 'Yes' },
      { id: 'i2', content: 'No' },
    ],
  );
  // Another item put first does not shift mine.
  expect(
    replacesWords(choices, [
      { id: 'i0', content: 'Maybe' },
      { id: 'i1', content: 'Yes' },
      { id: 'i2', content: 'No' },
    ]),
  ).toBe(false);
});

test('an object the save created holds nobody’s words yet; what is stored reads back, what is not does not', () => {
  const empty: PatchableDraft = { groups: [], edges: [], variables: [] };
  expect(saveWords(empty, draftPatch(empty, draft('Hi')))).toEqual({});
  const words = saveWords(draft('Hi'), draftPatch(draft('Hi'), draft('Hi', 'Start')));
  expect(readSaveWords(JSON.parse(JSON.stringify(words)))).toEqual(words);
  expect(readSaveWords({ 'group:g1': [{ kind: 'text', path: [] }] })).toBeNull();
  expect(readSaveWords([])).toBeNull();
});
