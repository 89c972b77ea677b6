import { useEffect, useMemo } from 'react';
import { PersonAvatar, presenceOf, useBotEditors, type BotEditor } from '../presence';
import type { DraftGroup } from './draft';

// Who is where: this tab tells the others what it has selected (through the
// presence session the toolbar badge runs), and draws theirs on the canvas as
// initials on the selected group's title or on the selected block.

export type Person = BotEditor['user'];

/** The others' selections by what they point at; a person selecting one thing in two tabs counts once. */
export interface SelectionMarks {
  groups: Map<string, Person[]>;
  blocks: Map<string, Person[]>;
}

/** What one group node draws: who has the group selected, and who has which of its blocks. */
export interface GroupPresence {
  group: Person[];
  blocks: Map<string, Person[]>;
  /** Equal keys draw the same: lets the canvas keep a group's node data when presence changed elsewhere. */
  key: string;
}

/** The server refuses other ids (bounded text); an imported draft may have such ids: they are not shared. */
const SHAREABLE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const shareable = (id: string | null | undefined) => (id && SHAREABLE_ID.test(id) ? id : null);

function marksOf(editors: BotEditor[]): SelectionMarks {
  const marks: SelectionMarks = { groups: new Map(), blocks: new Map() };
  const mark = (map: Map<string, Person[]>, id: string, person: Person) => {
    const people = map.get(id) ?? [];
    if (!people.some((known) => known.id === person.id)) map.set(id, [...people, person]);
  };
  for (const editor of editors)
    for (const selection of editor.selections) {
      if (selection.blockId) mark(marks.blocks, selection.blockId, editor.user);
      else if (selection.groupId) mark(marks.groups, selection.groupId, editor.user);
    }
  return marks;
}

/**
 * Where this tab is: the selected block while it is in the selected group (a
 * click on a block selects its group too), else the first selected group (a
 * click on another group leaves the block selected in the editor, but the
 * person has moved on).
 */
export function whereSelected(
  blockId: string | null,
  blockGroupId: string | undefined,
  groupIds: string[],
): { groupId: string | null; blockId: string | null } {
  if (blockId && (groupIds.length === 0 || (blockGroupId !== undefined && groupIds.includes(blockGroupId))))
    return { groupId: shareable(blockGroupId), blockId: shareable(blockId) };
  return { groupId: shareable(groupIds[0]), blockId: null };
}

/**
 * Shares this tab's selection of `botId` (sent within 200 ms of a change) and
 * answers the others' selections, live.
 */
export function useSelectionPresence(
  botId: string,
  blockId: string | null,
  blockGroupId: string | undefined,
  groupIds: string[],
): SelectionMarks {
  const presence = presenceOf(botId);
  const { groupId: at, blockId: atBlock } = whereSelected(blockId, blockGroupId, groupIds);
  useEffect(() => {
    presence.select({ groupId: at, blockId: atBlock });
  }, [presence, at, atBlock]);
  // An editor that closes while the page stays (another tab of the bot page) selects nothing any more.
  useEffect(() => () => presence.select({ groupId: null, blockId: null }), [presence]);
  const editors = useBotEditors(botId);
  return useMemo(() => marksOf(editors), [editors]);
}

const keyOf = (people: Person[]) => people.map((person) => person.id).join(',');

/** The part of `marks` that `group` draws, or undefined when nobody is on it. */
export function presenceIn(group: DraftGroup, marks: SelectionMarks | undefined): GroupPresence | undefined {
  if (!marks) return undefined;
  const onGroup = marks.groups.get(group.id) ?? [];
  const blocks = new Map<string, Person[]>();
  const keys = [keyOf(onGroup)];
  for (const block of group.blocks) {
    const people = marks.blocks.get(block.id);
    if (!people) continue;
    blocks.set(block.id, people);
    keys.push(`${block.id}:${keyOf(people)}`);
  }
  if (onGroup.length === 0 && blocks.size === 0) return undefined;
  return { group: onGroup, blocks, key: keys.join(' ') };
}

/** Initials of the people who have a group or block selected, in their toolbar colours. */
export function SelectionAvatars({ people }: { people: Person[] | undefined }) {
  if (!people?.length) return null;
  return (
    <span className="selection-avatars">
      {people.map((person) => (
        <PersonAvatar
          key={person.id}
          person={person}
          label={`${person.name?.trim() || person.email} has this selected`}
          className="selection-avatar"
        />
      ))}
    </span>
  );
}
