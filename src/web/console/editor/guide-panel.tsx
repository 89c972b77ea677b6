import { useState } from 'react';
import type { LocatedProblem, ProblemTarget } from './block-problems';
import type { Draft, DraftGroup, EdgeSource } from './draft';
import { NextStart } from './next-start';

/** The selected group's name, edited here as well as by double-clicking its title on the canvas. */
function GroupName({ group, onRename }: { group: DraftGroup; onRename(groupId: string, title: string): void }) {
  const [value, setValue] = useState(group.title);
  const [refused, setRefused] = useState(false);
  const commit = () => {
    const title = value.trim();
    if (!title) {
      setRefused(true);
      return;
    }
    setRefused(false);
    if (title !== group.title) onRename(group.id, title);
  };
  return (
    <div className="field">
      <label>
        Group name
        <input
          value={value}
          aria-invalid={refused || undefined}
          onChange={(event) => setValue(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
            if (event.key === 'Escape') {
              setValue(group.title);
              setRefused(false);
            }
          }}
        />
      </label>
      {refused && (
        <p role="alert" className="error">
          A group needs a name.
        </p>
      )}
    </div>
  );
}

/** The side panel with no block selected: how to build the flow, where it starts, the problems found in it. */
export function GuidePanel({
  draft,
  targetGroup,
  problems,
  readOnly,
  onConnect,
  onNewGroup,
  onShowProblem,
  onRenameGroup,
}: {
  draft: Draft;
  /** The group the palette adds to, if any. */
  targetGroup: DraftGroup | undefined;
  problems: LocatedProblem[];
  readOnly: boolean;
  onConnect(from: EdgeSource, groupId: string | null): void;
  onNewGroup(from: EdgeSource): void;
  onShowProblem(target: ProblemTarget): void;
  onRenameGroup(groupId: string, title: string): void;
}) {
  return (
    <aside className="block-panel" aria-label="Block settings">
      <h2>Build the flow</h2>
      {targetGroup && !readOnly && (
        // Keyed by the title too: a rename on the canvas (double click) shows here at once.
        <GroupName key={`${targetGroup.id}:${targetGroup.title}`} group={targetGroup} onRename={onRenameGroup} />
      )}
      <p className="hint">
        Pick a block in the list on the left to add it{targetGroup ? ` to “${targetGroup.title}”` : ''}, or drag it onto
        the canvas. Click a block to edit it. Connect a block to a group by dragging from its dot on the right, or with
        “Then go to” here.
      </p>
      <NextStart draft={draft} onConnect={onConnect} onNewGroup={onNewGroup} readOnly={readOnly} />
      {problems.length > 0 && (
        <section aria-label="Problems">
          <h3>Problems</h3>
          <ul className="problems">
            {problems.map((problem, index) => (
              <li key={index} className={problem.severity}>
                {problem.target ? (
                  <button type="button" className="link" onClick={() => onShowProblem(problem.target!)}>
                    {problem.message}
                  </button>
                ) : (
                  problem.message
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}
