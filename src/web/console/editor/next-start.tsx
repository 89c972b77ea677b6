import type { Draft, EdgeSource } from './draft';

/** Where the start leads, settable without drawing (keyboard use). */
export function NextStart({
  draft,
  onConnect,
  onNewGroup,
  readOnly,
}: {
  draft: Draft;
  onConnect(from: EdgeSource, groupId: string | null): void;
  onNewGroup(from: EdgeSource): void;
  readOnly: boolean;
}) {
  const start = draft.events.find((event) => event.type === 'start');
  if (!start || readOnly) return null;
  const current = draft.edges.find((edge) => 'eventId' in edge.from && edge.from.eventId === start.id);
  return (
    <label className="field">
      The bot starts with
      <select
        value={current?.to.groupId ?? ''}
        onChange={(event) =>
          event.target.value === '__new__'
            ? onNewGroup({ eventId: start.id })
            : onConnect({ eventId: start.id }, event.target.value || null)
        }
      >
        <option value="">— nothing —</option>
        {current && !draft.groups.some((group) => group.id === current.to.groupId) && (
          <option value={current.to.groupId} disabled>
            Missing group
          </option>
        )}
        {draft.groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.title}
          </option>
        ))}
        <option value="__new__">New group…</option>
      </select>
    </label>
  );
}
