import type { BlockProblem } from './block-problems';
import type { Draft, DraftGroup, EdgeSource } from './draft';
import { NextStart } from './next-start';

/** The side panel with no block selected: how to build the flow, where it starts, the problems found in it. */
export function GuidePanel({
  draft,
  targetGroup,
  problems,
  readOnly,
  onConnect,
  onNewGroup,
  onSelectBlock,
}: {
  draft: Draft;
  /** The group the palette adds to, if any. */
  targetGroup: DraftGroup | undefined;
  problems: BlockProblem[];
  readOnly: boolean;
  onConnect(from: EdgeSource, groupId: string | null): void;
  onNewGroup(from: EdgeSource): void;
  onSelectBlock(blockId: string): void;
}) {
  return (
    <aside className="block-panel" aria-label="Block settings">
      <h2>Build the flow</h2>
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
                {problem.blockId ? (
                  <button type="button" className="link" onClick={() => onSelectBlock(problem.blockId!)}>
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
