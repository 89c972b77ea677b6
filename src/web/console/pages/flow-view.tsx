import { useCallback, useMemo, useState } from 'react';
import { FlowView } from '../flow/lazy-flow-view';
import { parseFlow, type FlowBlock } from '../flow/model';
import type { BotDefinition } from './bot';

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

export function FlowTab({ bot }: { bot: BotDefinition }) {
  const flow = useMemo(() => parseFlow(bot), [bot]);
  const [selected, setSelected] = useState<FlowBlock | null>(null);
  const onSelect = useCallback((block: FlowBlock) => setSelected(block), []);
  return (
    <div className="flow-layout">
      <FlowView flow={flow} selectedId={selected?.id} onSelect={onSelect} />
      <BlockDetails block={selected} />
    </div>
  );
}
