import { ReactFlowProvider } from '@xyflow/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BlockPanel } from './block-panel';
import { flaggedBlocks, locateProblems, type BlockProblem, type ProblemTarget } from './block-problems';
import type { BlockTypeInfo } from './block-types';
import { EditorCanvas } from './canvas';
import { readDraft, type Draft } from './draft';
import type { EditedBot } from './edited-bot';
import type { Editing } from './editing';
import { EditorToolbar } from './editor-toolbar';
import type { Credential } from './forms/schema-form';
import { GuidePanel } from './guide-panel';
import { useHistory } from './history';
import { locateBlock } from './operations/blocks';
import { addGroup } from './operations/groups';
import { addVariable, removeVariable, updateVariable } from './operations/variables';
import { Palette } from './palette';
import { renameVariable } from './rename-variable';
import { startAt } from './placement';
import { SaveProblems } from './save-problems';
import { useSelectionPresence } from './selection-presence';
import { TestPanel } from './test-panel';
import { useCanvasActions } from './use-canvas-actions';
import { useDraftCommands } from './use-draft-commands';
import { useEditorSelection } from './use-editor-selection';
import { useEditorShortcuts } from './use-editor-shortcuts';
import { useGroupClipboard } from './use-group-clipboard';
import { useTestRun } from './use-test-run';
import { useDraftSync } from './use-draft-sync';
import { useViewPlacement } from './use-view-placement';
import { VariablesPanel } from './variables-panel';

// The flow editor: the palette, the canvas and a side panel (the selected
// block's form, the variables, a test chat or the guide), over one draft with
// undo, saved by itself as it changes.

interface EditorProps {
  bot: EditedBot;
  types: BlockTypeInfo[];
  credentials: Credential[];
  problems: BlockProblem[];
  readOnly: boolean;
  /** Show the Test panel (the bot's Test tab, its own address). */
  testing?: boolean;
  /** The Test button opened or closed the Test panel: the page follows (its Test tab). */
  onTesting?(open: boolean): void;
  onSaved(version: number): void;
}

function Editor({ bot, types, credentials, problems, readOnly, testing, onTesting, onSaved }: EditorProps) {
  // The draft as loaded: the editor's starting copy, and the sync's first idea of the server's.
  const [loaded] = useState(() => readDraft(bot));
  const history = useHistory<Draft>(loaded);
  const draft = history.present;
  const latest = useRef(draft);
  latest.current = draft;
  const change = history.change;
  const editing: Editing = { latest, change };
  const selection = useEditorSelection();
  const { blockId: selectedBlockId, groupIds: selectedGroupIds, edgeIds: selectedEdgeIds, panel, select } = selection;
  const test = useTestRun();
  const { setPanel } = selection;
  useEffect(() => {
    setPanel((shown) => (testing ? 'test' : shown === 'test' ? 'block' : shown));
  }, [testing, setPanel]);
  const sync = useDraftSync({
    botId: bot.id,
    draft,
    latest,
    loadedDraft: loaded,
    loadedVersion: bot.draftVersion,
    rebaseHistory: history.rebase,
    onSaved,
  });
  const typeMap = useMemo(() => new Map(types.map((type) => [type.type, type])), [types]);
  const located = useMemo(() => locateProblems(problems, draft), [problems, draft]);
  const flagged = useMemo(() => flaggedBlocks(located), [located]);

  const placement = useViewPlacement(latest);
  const canvasActions = useCanvasActions(editing, typeMap, selection, placement);
  const { addBlockOfType, newGroupFrom, panelActions, deleteSelection } = useDraftCommands(
    editing,
    typeMap,
    readOnly,
    selection,
    placement,
  );
  const { copy, paste, duplicate } = useGroupClipboard(editing, selectedGroupIds, select, placement);
  useEditorShortcuts(!readOnly, { undo: history.undo, redo: history.redo, deleteSelection, copy, paste, duplicate });

  const where = selectedBlockId ? locateBlock(draft, selectedBlockId) : undefined;
  const selectedBlock = where?.group.blocks[where.index];
  const othersSelected = useSelectionPresence(bot.id, selectedBlockId, where?.group.id, selectedGroupIds);
  const targetGroup =
    where?.group ??
    (selectedGroupIds.length === 1 ? draft.groups.find((group) => group.id === selectedGroupIds[0]) : undefined);

  const showProblem = (target: ProblemTarget) => {
    if ('blockId' in target) {
      canvasActions.selectBlock(target.blockId);
      placement.reveal({ blockId: target.blockId });
    } else if ('groupId' in target) {
      select({ groups: [target.groupId] });
      placement.reveal({ groupId: target.groupId });
    } else placement.reveal({ groupId: `event:${target.eventId}` });
  };

  return (
    <div className="editor">
      <EditorToolbar
        botId={bot.id}
        readOnly={readOnly}
        canUndo={history.canUndo}
        canRedo={history.canRedo}
        canDelete={selectedEdgeIds.length > 0 || selectedGroupIds.length > 0 || Boolean(selectedBlockId)}
        panel={panel}
        variableCount={draft.variables.length}
        saveStatus={sync.status}
        onAddGroup={() => {
          const made = addGroup(draft, placement.spotForGroup());
          change(startAt(made.draft, made.groupId));
          select({ groups: [made.groupId] });
          placement.reveal({ groupId: made.groupId });
        }}
        onUndo={history.undo}
        onRedo={history.redo}
        onDelete={deleteSelection}
        onPanel={(next) => {
          setPanel(next);
          if (onTesting && (next === 'test') !== Boolean(testing)) onTesting(next === 'test');
        }}
        onTest={test.restart}
      />
      <SaveProblems
        botId={bot.id}
        status={sync.status}
        error={sync.error}
        notices={sync.notices}
        draft={draft}
        onDismiss={sync.dismiss}
      />
      <div className={`editor-layout${readOnly ? ' read-only' : ''}`}>
        {!readOnly && (
          <Palette
            types={types}
            onAdd={addBlockOfType}
            target={targetGroup ? `“${targetGroup.title}”` : 'a new group'}
          />
        )}
        <EditorCanvas
          draft={draft}
          types={typeMap}
          selectedBlockId={selectedBlockId}
          selectedGroupIds={selectedGroupIds}
          selectedEdgeIds={selectedEdgeIds}
          flagged={flagged}
          highlighted={panel === 'test' ? test.running : null}
          actions={canvasActions}
          readOnly={readOnly}
          presence={othersSelected}
        />
        {panel === 'test' ? (
          <TestPanel bot={bot} draft={draft} test={test} />
        ) : panel === 'variables' ? (
          <VariablesPanel
            draft={draft}
            types={types}
            readOnly={readOnly}
            onAdd={(name) => change(addVariable(draft, name).draft)}
            onRename={(variableId, name) => change(renameVariable(draft, variableId, name))}
            onToggleSaved={(variableId, saved) =>
              change(updateVariable(draft, variableId, { isSessionVariable: !saved }))
            }
            onRemove={(variableId) => change(removeVariable(draft, variableId))}
          />
        ) : selectedBlock && where ? (
          <BlockPanel
            key={selectedBlock.id}
            draft={draft}
            block={selectedBlock}
            groupId={where.group.id}
            isLast={where.index === where.group.blocks.length - 1}
            info={typeMap.get(selectedBlock.type)}
            variables={draft.variables}
            credentials={credentials}
            actions={panelActions}
            readOnly={readOnly}
          />
        ) : (
          <GuidePanel
            draft={draft}
            targetGroup={targetGroup}
            problems={located}
            readOnly={readOnly}
            onConnect={panelActions.connect}
            onNewGroup={newGroupFrom}
            onShowProblem={showProblem}
            onRenameGroup={canvasActions.renameGroup}
          />
        )}
      </div>
    </div>
  );
}

export default function FlowEditor(props: EditorProps) {
  return (
    <ReactFlowProvider>
      <Editor {...props} />
    </ReactFlowProvider>
  );
}
