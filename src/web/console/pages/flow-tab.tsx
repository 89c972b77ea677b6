import { lazy, Suspense, useCallback, useMemo } from 'react';
import { request } from '../api/client';
import { EditorSupportDocument, WorkspaceCredentialsDocument } from '../api/generated';
import { readBlockTypes } from '../editor/block-types';
import { ErrorNote, useLoad } from '../ui';
import type { BotDefinition } from '../bot-definition';

const FlowEditor = lazy(() => import('../editor/flow-editor'));

/**
 * The Flow tab: the editor (read-only for guests). The editor keeps its own
 * copy of the draft, saves it, and follows everyone else's saves itself.
 */
export function FlowTab({
  bot,
  workspaceId,
  editable,
  onSaved,
  testing,
  onTesting,
}: {
  bot: BotDefinition;
  workspaceId: string;
  editable: boolean;
  onSaved(version: number): void;
  /** Opened as the Test tab: the editor shows its Test panel. */
  testing?: boolean;
  onTesting?(open: boolean): void;
}) {
  const support = useLoad(() => request(EditorSupportDocument, { botId: bot.id }), [bot.id]);
  // Credentials are an editor's business (guests may not list them): the pickers need their names only.
  const credentials = useLoad(
    () =>
      editable
        ? request(WorkspaceCredentialsDocument, { workspaceId }).then((answer) => answer.credentials)
        : Promise.resolve([]),
    [workspaceId, editable],
  );
  const refreshProblems = support.reload;
  const rawTypes = support.data?.blockTypes;
  const types = useMemo(() => readBlockTypes(rawTypes ?? []), [rawTypes]);
  const saved = useCallback(
    (version: number) => {
      onSaved(version);
      refreshProblems();
    },
    [onSaved, refreshProblems],
  );
  if (support.error) return <ErrorNote error={support.error} />;
  if (!support.data) return <p className="loading">Loading the editor…</p>;
  return (
    <Suspense fallback={<p className="loading">Loading the editor…</p>}>
      <FlowEditor
        bot={bot}
        types={types}
        credentials={credentials.data ?? []}
        problems={support.data.bot.problems}
        readOnly={!editable}
        testing={testing}
        onTesting={onTesting}
        onSaved={saved}
      />
    </Suspense>
  );
}
