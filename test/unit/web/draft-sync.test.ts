import { draftPatch, type DraftPatch } from '../../../src/engine/shapes/draft-patch';
import { readDraft, type Draft } from '../../../src/web/console/editor/draft';
import {
  catchUp,
  describeObject,
  overwrites,
  readDraftChanges,
  readPatch,
  rebase,
  rememberSave,
  withForeign,
  type DraftChange,
  type RecentSaves,
} from '../../../src/web/console/editor/draft-sync';
import { historyReducer, type History } from '../../../src/web/console/editor/history';
import { placeBlock, updateBlock } from '../../../src/web/console/editor/operations/blocks';
import { addGroup } from '../../../src/web/console/editor/operations/groups';

// The editor's side of editing together: its copy follows everyone's saves
// under its own unsaved changes, its undo steps take in other people's saves,
// and it knows when someone replaced what it had just saved.

const text = (words: string) => ({ richText: [{ type: 'p', children: [{ text: words }] }] });
const start: Draft = readDraft({
  groups: [
    {
      id: 'g1',
      title: 'Welcome',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [{ id: 'b1', type: 'text', content: text('Hi') }],
    },
    {
      id: 'g2',
      title: 'Second',
      graphCoordinates: { x: 400, y: 0 },
      blocks: [{ id: 'b2', type: 'text', content: text('Two') }],
    },
  ],
  events: [{ id: 'e', type: 'start', outgoingEdgeId: 'ed', graphCoordinates: { x: -200, y: 0 } }],
  edges: [{ id: 'ed', from: { eventId: 'e' }, to: { groupId: 'g1' } }],
  variables: [{ id: 'v1', name: 'Name' }],
});
/** The block's text replaced, as the editor's form does. */
const setWords = (draft: Draft, blockId: string, words: string) =>
  updateBlock(draft, blockId, (block) => ({ ...block, content: text(words) }));
const wordsOf = (draft: Draft, blockId: string) =>
  JSON.stringify(draft.groups.flatMap((group) => group.blocks).find((block) => block.id === blockId)?.content);
const change = (version: number, patch: DraftPatch, clientKey: string | null = 'other-tab'): DraftChange => ({
  version,
  authorId: 'u2',
  clientKey,
  author: { name: 'Bob', email: 'bob@parley.test' },
  patch,
});
// What a patch looks like once it has been through JSON, as the server sends it.
const overTheWire = (patch: DraftPatch): unknown => JSON.parse(JSON.stringify(patch));

test('a patch from the server reads back as it was made, and applied to the base rebuilds the saved draft', () => {
  const theirs = setWords(addGroup(start, { x: 800, y: 0 }).draft, 'b2', 'Changed');
  const read = readPatch(overTheWire(draftPatch(start, theirs)));
  expect(read).not.toBeNull();
  const { base } = catchUp(start, 3, [change(4, read!)], 'my-tab');
  expect(JSON.stringify(base)).toBe(JSON.stringify(theirs));
});

test('what does not read as a flow patch makes the editor read the flow again', () => {
  expect(readPatch({ version: '6.1' })).toBeNull();
  expect(readPatch({ events: null })).toBeNull();
  expect(readPatch({ groups: { remove: [3] } })).toBeNull();
  expect(readPatch({ edges: { set: 'no' } })).toBeNull();
  expect(readDraftChanges(null)).toBeNull();
  expect(readDraftChanges([{ version: 2, patch: { groups: { order: 'g1' } } }])).toBeNull();
  // Theme and settings keys are not the flow's: read as no change to it.
  expect(readPatch({ theme: { general: {} } })).toEqual({});
  // Objects without their id are dropped rather than given a new one.
  expect(readPatch({ edges: { set: [{ from: { eventId: 'e' }, to: { groupId: 'g1' } }] } })).toEqual({
    edges: { set: [] },
  });
});

test('someone else’s save goes under the editor’s unsaved changes, which stay on top', () => {
  const mine = placeBlock(start, { id: 'b9', type: 'Wait', options: {} }, 'g1', 1);
  const theirs = setWords(start, 'b2', 'Theirs');
  const { base, foreign } = catchUp(start, 3, [change(4, draftPatch(start, theirs))], 'my-tab');
  expect(foreign).toHaveLength(1);
  const present = rebase(mine, start, base);
  expect(present.groups[0]!.blocks.map((block) => block.id)).toEqual(['b1', 'b9']);
  expect(wordsOf(present, 'b2')).toBe(JSON.stringify(text('Theirs')));
  // Nothing of its own left: the copy is the base itself (nothing to save, status "saved").
  expect(rebase(start, start, base)).toBe(base);
});

test('the answer to a save: only changes made after sending are kept on top, so a later save by someone else is not undone', () => {
  const sent = setWords(start, 'b1', 'Mine');
  const typedSince = setWords(sent, 'b2', 'Typed while saving');
  const theirsAfter = setWords(sent, 'b1', 'Theirs, later');
  const { base } = catchUp(
    start,
    3,
    [change(4, draftPatch(start, sent), 'my-tab'), change(5, draftPatch(sent, theirsAfter))],
    'my-tab',
  );
  const present = rebase(typedSince, sent, base);
  expect(wordsOf(present, 'b1')).toBe(JSON.stringify(text('Theirs, later')));
  expect(wordsOf(present, 'b2')).toBe(JSON.stringify(text('Typed while saving')));
});

test('saves already applied are skipped; own saves are not foreign', () => {
  const theirs = setWords(start, 'b2', 'Theirs');
  const patch = draftPatch(start, theirs);
  const caught = catchUp(start, 4, [change(4, patch), change(5, {}, 'my-tab')], 'my-tab');
  expect(caught.version).toBe(5);
  expect(caught.foreign).toEqual([]);
  expect(caught.base).toBe(start);
});

test('undo takes back only the editor’s own change, not the group someone else added meanwhile', () => {
  let history: History<Draft> = { past: [], present: start, future: [] };
  const mine = placeBlock(start, { id: 'b9', type: 'Wait', options: {} }, 'g1', 1);
  history = historyReducer(history, { kind: 'change', next: mine });
  const theirs = addGroup(start, { x: 800, y: 0 }).draft;
  const foreign = [change(4, draftPatch(start, theirs))];
  const { base } = catchUp(start, 3, foreign, 'my-tab');
  history = historyReducer(history, {
    kind: 'rebase',
    rebase: { present: (present) => rebase(present, start, base), step: (step) => withForeign(step, foreign) },
  });
  expect(history.present.groups).toHaveLength(3);
  history = historyReducer(history, { kind: 'undo' });
  expect(history.present.groups).toHaveLength(3);
  expect(history.present.groups[0]!.blocks.map((block) => block.id)).toEqual(['b1']);
  history = historyReducer(history, { kind: 'redo' });
  expect(history.present.groups[0]!.blocks.map((block) => block.id)).toEqual(['b1', 'b9']);
  expect(history.present.groups).toHaveLength(3);
});

test('a save that changed nothing of a group keeps that group the same object (only what changed is redrawn)', () => {
  const theirs = setWords(start, 'b2', 'Theirs');
  const { base } = catchUp(start, 3, [change(4, draftPatch(start, theirs))], 'my-tab');
  expect(base.groups[0]).toBe(start.groups[0]);
  expect(base.groups[1]).not.toBe(start.groups[1]);
});

describe('knowing that someone replaced what one had just saved', () => {
  const mine = draftPatch(start, setWords(start, 'b1', 'Mine'));
  const theirs = draftPatch(start, setWords(start, 'b1', 'Theirs'));

  test('their later save of the same block, within two minutes, is a notice naming the block', () => {
    const recent: RecentSaves = new Map();
    rememberSave(recent, start, mine, 4, 1_000);
    const found = overwrites(recent, [change(5, theirs)], 30_000);
    expect(found.map((each) => each.objects)).toEqual([['block:b1']]);
    expect(describeObject(found[0]!.objects[0]!, start)).toBe('a block in “Welcome”');
  });

  test('an earlier save, another object, or a save long after is none', () => {
    const recent: RecentSaves = new Map();
    rememberSave(recent, start, mine, 4, 1_000);
    expect(overwrites(recent, [change(3, theirs)], 2_000)).toEqual([]);
    const other = draftPatch(start, setWords(start, 'b2', 'Else'));
    expect(overwrites(recent, [change(5, other)], 2_000)).toEqual([]);
    expect(overwrites(recent, [change(5, theirs)], 1_000 + 3 * 60_000)).toEqual([]);
  });

  test('their save that adds to my words, or renames the group I added a block to, replaces nothing', () => {
    const recent: RecentSaves = new Map();
    const said = setWords(start, 'b1', 'Hi from me');
    rememberSave(recent, start, draftPatch(start, said), 4, 1_000);
    const added = setWords(said, 'b1', 'Hi from me, and them');
    expect(overwrites(recent, [change(5, draftPatch(said, added))], 2_000)).toEqual([]);

    const grown = placeBlock(start, { id: 'b9', type: 'Wait' }, 'g2', 1);
    rememberSave(recent, start, draftPatch(start, grown), 6, 3_000);
    const renamed = {
      ...grown,
      groups: grown.groups.map((group) => (group.id === 'g2' ? { ...group, title: 'Later' } : group)),
    };
    expect(overwrites(recent, [change(7, draftPatch(grown, renamed))], 4_000)).toEqual([]);
    // Dropping the block I added does replace it.
    expect(overwrites(recent, [change(8, draftPatch(grown, start))], 5_000).map((each) => each.objects)).toEqual([
      ['group:g2'],
    ]);
  });

  test('a replacement is told once: their next saves of the block are not', () => {
    const recent: RecentSaves = new Map();
    rememberSave(recent, start, mine, 4, 1_000);
    expect(overwrites(recent, [change(5, theirs)], 2_000)).toHaveLength(1);
    const more = draftPatch(setWords(start, 'b1', 'Theirs'), setWords(start, 'b1', 'Theirs and more'));
    expect(overwrites(recent, [change(6, more)], 3_000)).toEqual([]);
  });

  test('what I typed and then deleted myself is not mine to lose', () => {
    const recent: RecentSaves = new Map();
    const typo = setWords(start, 'b1', 'Hi thre');
    rememberSave(recent, start, draftPatch(start, typo), 4, 1_000);
    const fixed = setWords(start, 'b1', 'Hi there');
    rememberSave(recent, typo, draftPatch(typo, fixed), 5, 2_000);
    expect(overwrites(recent, [change(6, draftPatch(fixed, setWords(start, 'b1', 'Hi there!')))], 3_000)).toEqual([]);
    expect(overwrites(recent, [change(7, draftPatch(fixed, setWords(start, 'b1', 'Hi')))], 3_000)).toHaveLength(1);
  });
});
