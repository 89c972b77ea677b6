import { useId } from 'react';
import type { Draft, EdgeSource } from '../draft';

const NEW_GROUP = '__new_group__';

/** Where a block, an item or the start leads: a group, a new group, or nowhere (the flow ends there). */
export function NextStep({
  label,
  draft,
  from,
  ownGroupId,
  onConnect,
  onNewGroup,
}: {
  label: string;
  draft: Draft;
  from: EdgeSource;
  ownGroupId?: string;
  onConnect(from: EdgeSource, groupId: string | null): void;
  onNewGroup(from: EdgeSource): void;
}) {
  const id = useId();
  const current = draft.edges.find((edge) =>
    'eventId' in from
      ? 'eventId' in edge.from && edge.from.eventId === from.eventId
      : 'blockId' in edge.from &&
        edge.from.blockId === from.blockId &&
        (edge.from.itemId ?? '') === (from.itemId ?? ''),
  );
  return (
    <div className="field next-step">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={current?.to.groupId ?? ''}
        onChange={(event) => {
          if (event.target.value === NEW_GROUP) onNewGroup(from);
          else onConnect(from, event.target.value || null);
        }}
      >
        <option value="">— end of the flow —</option>
        {current && !draft.groups.some((group) => group.id === current.to.groupId) && (
          // A link to a deleted group is not the end of the flow: say what it is, so it gets fixed.
          <option value={current.to.groupId} disabled>
            Missing group
          </option>
        )}
        {draft.groups
          .filter((group) => group.id !== ownGroupId)
          .map((group) => (
            <option key={group.id} value={group.id}>
              {group.title}
            </option>
          ))}
        <option value={NEW_GROUP}>New group…</option>
      </select>
    </div>
  );
}
