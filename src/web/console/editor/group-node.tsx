import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { blockDefinition } from '../../../engine/blocks/definitions';
import { BlockIcon } from './block-icon';
import { blockSummary, type BlockTypeInfo } from './block-types';
import type { CanvasActions } from './canvas-actions';
import { acceptsDrag, dragPayload, startBlockDrag } from './drag-data';
import type { DraftGroup } from './draft';
import { itemLabel } from './item-label';
import { SelectionAvatars, type GroupPresence } from './selection-presence';

// A group on the canvas: dragged by its title bar, renamed by a double click;
// its blocks are rows dragged between groups, each with the handles its
// connections are drawn from (the block's exit, its items', a card's paths).

/** What a group's node draws from; kept while nothing in it changes, so a drag redraws only the moving group. */
export interface GroupData extends Record<string, unknown> {
  group: DraftGroup;
  variableNames: Map<string, string>;
  types: Map<string, BlockTypeInfo>;
  selectedBlockId: string | null;
  highlighted?: string | null;
  flagged: Map<string, 'error' | 'warning'>;
  actions: CanvasActions;
  /** Who else has the group, or one of its blocks, selected. */
  presence?: GroupPresence;
}

/** The index a drop at `clientY` takes among the rows of `list`. */
function dropIndex(list: HTMLElement, clientY: number): number {
  const rows = [...list.querySelectorAll<HTMLElement>(':scope > li')];
  const index = rows.findIndex((row) => {
    const box = row.getBoundingClientRect();
    return clientY < box.top + box.height / 2;
  });
  return index < 0 ? rows.length : index;
}

export const GroupNode = memo(function GroupNode({ data, selected }: NodeProps<Node<GroupData>>) {
  const { group, actions, types } = data;
  const [renaming, setRenaming] = useState(false);
  const [over, setOver] = useState<number | null>(null);
  const rows = useRef<HTMLOListElement>(null);
  const last = group.blocks.length - 1;
  return (
    <div
      className={`flow-group editable${selected ? ' selected' : ''}${over !== null ? ' drop-target' : ''}`}
      role="group"
      aria-label={group.title}
      data-group-id={group.id}
      // The whole group takes drops, not only its rows: an empty group has no rows to drop onto,
      // and a drop on its title used to fall through to the canvas and make another group.
      onDragEnter={(event) => {
        if (acceptsDrag(event)) event.preventDefault();
      }}
      onDragOver={(event) => {
        if (!acceptsDrag(event) || !rows.current) return;
        event.preventDefault();
        event.stopPropagation();
        setOver(dropIndex(rows.current, event.clientY));
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as globalThis.Node | null)) setOver(null);
      }}
      onDrop={(event) => {
        const payload = dragPayload(event);
        setOver(null);
        if (!payload || !rows.current) return;
        event.preventDefault();
        event.stopPropagation();
        actions.dropBlock(payload, { groupId: group.id, index: dropIndex(rows.current, event.clientY) });
      }}
    >
      <Handle type="target" position={Position.Left} id="in" />
      <div className="group-title">
        {renaming ? (
          <input
            className="nodrag"
            aria-label="Group title"
            autoFocus
            defaultValue={group.title}
            onBlur={(event) => {
              setRenaming(false);
              if (event.target.value.trim()) actions.renameGroup(group.id, event.target.value.trim());
            }}
            onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
              if (event.key === 'Enter') event.currentTarget.blur();
              if (event.key === 'Escape') setRenaming(false);
            }}
          />
        ) : (
          <strong onDoubleClick={() => setRenaming(true)} title="Double-click to rename">
            {group.title}
          </strong>
        )}
        <SelectionAvatars people={data.presence?.group} />
      </div>
      <ol className="nodrag" ref={rows}>
        {group.blocks.map((block, index) => {
          const info = types.get(block.type);
          const flag = data.flagged.get(block.id);
          const classes = [
            block.id === data.selectedBlockId ? 'selected' : '',
            block.id === data.highlighted ? 'running' : '',
            over === index ? 'drop-before' : '',
            flag ? `has-${flag}` : '',
          ].filter(Boolean);
          return (
            <li key={block.id} className={classes.join(' ') || undefined}>
              <Handle type="target" position={Position.Left} id={`block:${block.id}`} className="block-target" />
              <button
                type="button"
                className="flow-block"
                draggable
                data-block-id={block.id}
                aria-pressed={block.id === data.selectedBlockId}
                onDragStart={(event) => startBlockDrag(event, block.id)}
                onClick={() => actions.selectBlock(block.id)}
              >
                <BlockIcon type={block.type} />
                <span className="block-kind">{info?.label ?? block.type}</span>
                <span className="block-summary">{blockSummary(block)}</span>
              </button>
              <SelectionAvatars people={data.presence?.blocks.get(block.id)} />
              {block.items?.map((item, itemIndex) =>
                Array.isArray(item.paths) ? (
                  // A card: each of its paths (buttons) leads somewhere of its own.
                  <div key={item.id} className="flow-item">
                    {itemLabel(item, itemIndex, data.variableNames)}
                    {(item.paths as { id?: unknown; text?: unknown }[]).map((path, pathIndex) =>
                      typeof path.id === 'string' ? (
                        <div key={path.id} className="flow-item flow-path">
                          {typeof path.text === 'string' && path.text ? path.text : `Path ${pathIndex + 1}`}
                          <Handle
                            type="source"
                            position={Position.Right}
                            id={`path:${block.id}:${item.id}:${path.id}`}
                          />
                        </div>
                      ) : null,
                    )}
                  </div>
                ) : (
                  <div key={item.id} className="flow-item">
                    {itemLabel(item, itemIndex, data.variableNames)}
                    <Handle type="source" position={Position.Right} id={`item:${block.id}:${item.id}`} />
                  </div>
                ),
              )}
              {(index === last || (block.items && blockDefinition(block.type)?.itemsAreConditions)) && (
                <Handle type="source" position={Position.Right} id={`block:${block.id}`} className="block-source" />
              )}
            </li>
          );
        })}
        {over === group.blocks.length && group.blocks.length > 0 && <li className="drop-end" aria-hidden="true" />}
      </ol>
      {group.blocks.length === 0 && <p className="group-empty">Drop a block here</p>}
    </div>
  );
});
