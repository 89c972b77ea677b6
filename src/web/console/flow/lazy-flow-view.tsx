import { lazy, Suspense, type ComponentProps } from 'react';

// React Flow is loaded with the first page that draws a flow, not with the console.
const Loaded = lazy(() => import('./flow-view').then((module) => ({ default: module.FlowView })));

export function FlowView(props: ComponentProps<typeof Loaded>) {
  return (
    <Suspense fallback={<div className="flow-canvas loading">Loading the flow…</div>}>
      <Loaded {...props} />
    </Suspense>
  );
}
