import { Handle, Position } from '@xyflow/react';

/** The start event: where the bot begins, with one exit. */
export function StartNode() {
  return (
    <div className="flow-event" role="group" aria-label="Start">
      Start
      <Handle type="source" position={Position.Right} id="out" />
    </div>
  );
}
