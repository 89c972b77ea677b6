import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../../../../src/engine/json';
import { applyEdits } from '../../../../src/engine/definition/edits/apply';
import type { Edit } from '../../../../src/engine/definition/edits/schema';
import { parseDefinition, type BotDefinition } from '../../../../src/engine/definition/parse';
import { applyDraftPatch, draftPatch, isEmptyPatch } from '../../../../src/engine/shapes/draft-patch';

// A save's patch (what it changed, object by object) rebuilds the saved draft
// from the one before, and, applied to another person's copy, keeps what that
// person changed elsewhere.

const fixtures = join(__dirname, '../../../fixtures/bots');

function load(name: string): BotDefinition {
  const parsed = parseDefinition(JSON.parse(readFileSync(join(fixtures, name), 'utf8')));
  if (!parsed.ok) throw new Error(parsed.issues[0]!.message);
  return parsed.definition;
}

function edited(definition: BotDefinition, edits: Edit[]): BotDefinition {
  let next = 0;
  return applyEdits(definition, edits, () => `new${(next += 1)}`).definition;
}

const text = (value: string) => ({ richText: [{ type: 'p', children: [{ text: value }] }] });
const expectSame = (a: BotDefinition, b: BotDefinition) => expect(canonicalJson(a)).toBe(canonicalJson(b));

test('nothing changed is an empty patch', () => {
  const bot = load('lead-gen.json');
  expect(isEmptyPatch(draftPatch(bot, structuredClone(bot)))).toBe(true);
});

describe.each(readdirSync(fixtures).filter((name) => name.endsWith('.json')))('%s', (name) => {
  test('the patch of a save rebuilds the saved draft', () => {
    const before = load(name);
    const firstGroup = before.groups.find((group) => group.blocks.every((block) => block.type !== 'start'))!;
    const after = edited(before, [
      { op: 'addGroup', id: 'added', title: 'Added', blocks: [{ type: 'text', content: text('Hi') }] },
      { op: 'updateGroup', groupId: firstGroup.id, title: 'Renamed' },
      { op: 'addVariable', name: 'Fresh variable' },
      { op: 'updateTheme', theme: { general: { font: 'Inter' } } },
      { op: 'removeBlock', blockId: firstGroup.blocks[0]!.id },
    ]);
    expectSame(applyDraftPatch(before, draftPatch(before, after)), after);
    // Reordering alone is a change too.
    const reversed = { ...after, groups: [...after.groups].reverse() };
    expectSame(applyDraftPatch(after, draftPatch(after, reversed)), reversed);
  });
});

test('changes to different objects made on the same draft both stay', () => {
  const base = load('lead-gen.json');
  const [welcome, email] = [base.groups[0]!, base.groups[1]!];
  const mine: Edit[] = [{ op: 'addBlock', groupId: welcome.id, block: { type: 'text', content: text('Mine') } }];
  const theirs: Edit[] = [
    { op: 'updateBlock', blockId: email.blocks[0]!.id, content: text('Theirs') },
    { op: 'addGroup', title: 'Their group' },
  ];
  const myCopy = edited(base, mine);
  const saved = edited(base, theirs);
  const merged = applyDraftPatch(myCopy, draftPatch(base, saved));
  expect(merged.groups[0]!.blocks.at(-1)!.content).toEqual(text('Mine'));
  expect(merged.groups[1]!.blocks[0]!.content).toEqual(text('Theirs'));
  expect(merged.groups.at(-1)!.title).toBe('Their group');
});

test('two blocks added to one group by two people: both stay, in the order the server applied them', () => {
  const base = load('lead-gen.json');
  const group = base.groups[1]!;
  const myCopy = edited(base, [{ op: 'addBlock', groupId: group.id, block: { id: 'mine', type: 'text' } }]);
  const saved = edited(base, [{ op: 'addBlock', groupId: group.id, block: { id: 'theirs', type: 'text' } }]);
  const merged = applyDraftPatch(myCopy, draftPatch(base, saved));
  const ids = merged.groups[1]!.blocks.map((block) => block.id);
  expect(ids.slice(-2)).toEqual(['theirs', 'mine']);
});

test('the same block changed by both: the patch applied last wins', () => {
  const base = load('lead-gen.json');
  const block = base.groups[1]!.blocks[0]!;
  const myCopy = edited(base, [{ op: 'updateBlock', blockId: block.id, content: text('Mine') }]);
  const saved = edited(base, [{ op: 'updateBlock', blockId: block.id, content: text('Theirs') }]);
  expect(applyDraftPatch(myCopy, draftPatch(base, saved)).groups[1]!.blocks[0]!.content).toEqual(text('Theirs'));
});

test('a removed group takes its blocks; a block moved between groups is in its new group only', () => {
  const base = load('lead-gen.json');
  const [first, second, third] = base.groups;
  const moved = second!.blocks[0]!.id;
  const after = edited(base, [
    { op: 'removeGroup', groupId: third!.id },
    { op: 'moveBlock', blockId: moved, groupId: first!.id, index: 0 },
  ]);
  const patch = draftPatch(base, after);
  expect(patch.groups?.remove).toEqual([third!.id]);
  const rebuilt = applyDraftPatch(base, patch);
  expectSame(rebuilt, after);
  expect(rebuilt.groups[0]!.blocks[0]!.id).toBe(moved);
  expect(rebuilt.groups[1]!.blocks.some((block) => block.id === moved)).toBe(false);
});
