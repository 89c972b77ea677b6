import type { FlowBlock } from './model';

/** A block of a read-only flow (analytics), as stored: shown when it is clicked. */
export function BlockDetails({ block }: { block: FlowBlock | null }) {
  if (!block) return <aside className="block-details">Click a block to see its options.</aside>;
  return (
    <aside className="block-details" aria-label="Block options">
      <h2>{block.label}</h2>
      <dl>
        <dt>Type</dt>
        <dd>{block.type}</dd>
        <dt>Id</dt>
        <dd>
          <code>{block.id}</code>
        </dd>
      </dl>
      <pre>{JSON.stringify(block.details, null, 2)}</pre>
    </aside>
  );
}
