import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PreviewChat } from '../preview-chat';
import { EditorsBadge } from '../presence';
import { ErrorNote } from '../ui';
import { useAutosave, type SaveStatus } from './autosave';
import { BlockPanel, type PanelActions } from './block-panel';
import type { BlockTypeInfo } from './block-types';
import { EditorCanvas } from './canvas';
import type { CanvasActions, DropPayload } from './canvas-actions';
import {
  draftPatch,
  newId,
  readDraft,
  type Draft,
  type DraftBlock,
  type EdgeSource,
  type Json,
  type Point,
} from './draft';
import type { Credential } from './forms/schema-form';
import { useHistory } from './history';
import {
  addGroup,
  addVariable,
  blockToNewGroup,
  connect,
  copyGroups,
  duplicateGroups,
  findBlock,
  locateBlock,
  moveNodes,
  pasteGroups,
  placeBlock,
  removeBlocks,
  removeEdges,
  removeGroups,
  removeVariable,
  renameGroup,
  updateBlock,
  updateVariable,
  type Clipboard,
} from './operations';
import { Palette } from './palette';
import { VariablesPanel } from './variables-panel';

export interface EditedBot {
  id: string;
  draftVersion: number;
  version: string;
  theme: unknown;
  settings: unknown;
  groups: unknown;
  events: unknown;
  edges: unknown;
  variables: unknown;
}

/** Problems the API found in the draft, by block (flagged on the canvas). */
export interface BlockProblem {
  severity: 'error' | 'warning';
  message: string;
  blockId?: string | null;
  groupId?: string | null;
}

const CLIPBOARD_KEY = 'parley-editor-clipboard';

/** A palette entry's default block with fresh ids (its items' and comparisons' too). */
function instantiate(info: BlockTypeInfo): DraftBlock {
  const renew = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(renew);
    if (typeof value !== 'object' || value === null) return value;
    const copy: Json = {};
    for (const [key, inner] of Object.entries(value)) copy[key] = key === 'id' ? newId() : renew(inner);
    return copy;
  };
  const block = renew(info.defaultBlock) as DraftBlock;
  // The catalog's blocks carry no ids: every item (and a condition's comparisons) needs one.
  const items = Array.isArray(block.items)
    ? block.items.map((item) => {
        const content = item.content as Json | undefined;
        const comparisons =
          content && Array.isArray(content.comparisons)
            ? content.comparisons.map((comparison: Json) => ({ id: newId(), ...comparison }))
            : undefined;
        return {
          ...item,
          id: typeof item.id === 'string' ? item.id : newId(),
          ...(comparisons ? { content: { ...content, comparisons } } : {}),
        };
      })
    : undefined;
  return { ...block, id: newId(), type: info.type, ...(items ? { items } : {}) };
}

/** The first place at or below `at` where a new group overlaps none (groups are about 260 × 160). */
function freeSpot(draft: Draft, at: Point): Point {
  const spot = { ...at };
  const taken = () =>
    draft.groups.some(
      (group) =>
        Math.abs(group.graphCoordinates.x - spot.x) < 280 &&
        Math.abs(group.graphCoordinates.y - spot.y) < 40 + 44 * group.blocks.length,
    );
  for (let tries = 0; tries < 50 && taken(); tries += 1) spot.y += 80;
  return spot;
}

/** The first group of a bot whose start leads nowhere is where it starts. */
function startAt(draft: Draft, groupId: string): Draft {
  const start = draft.events.find((event) => event.type === 'start');
  if (
    !start ||
    draft.groups.length !== 1 ||
    draft.edges.some((edge) => 'eventId' in edge.from && edge.from.eventId === start.id)
  )
    return draft;
  return connect(draft, { eventId: start.id }, { groupId });
}

const typingInField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

const STATUS_WORDS: Record<SaveStatus, string> = {
  saved: 'All changes saved',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  conflict: 'Not saved: changed elsewhere',
  error: 'Not saved',
};

function Editor({
  bot,
  types,
  credentials,
  problems,
  readOnly,
  onSaved,
  onReload,
}: {
  bot: EditedBot;
  types: BlockTypeInfo[];
  credentials: Credential[];
  problems: BlockProblem[];
  readOnly: boolean;
  onSaved(version: number): void;
  onReload(): void;
}) {
  const history = useHistory<Draft>(useMemo(() => readDraft(bot), [bot]));
  const draft = history.present;
  const latest = useRef(draft);
  latest.current = draft;
  const [selectedBlockId, setSelectedBlockId] = useState<string | null>(null);
  const [selectedGroupIds, setSelectedGroupIds] = useState<string[]>([]);
  const [selectedEdgeIds, setSelectedEdgeIds] = useState<string[]>([]);
  const [panel, setPanel] = useState<'block' | 'variables' | 'test'>('block');
  const [running, setRunning] = useState<string | null>(null);
  const [testRun, setTestRun] = useState(0);
  const [testFrom, setTestFrom] = useState('');
  const autosave = useAutosave(bot.id, draft, bot.draftVersion, onSaved);
  const flow = useReactFlow();
  const typeMap = useMemo(() => new Map(types.map((type) => [type.type, type])), [types]);
  const flagged = useMemo(() => {
    const map = new Map<string, 'error' | 'warning'>();
    for (const problem of problems)
      if (problem.blockId && map.get(problem.blockId) !== 'error') map.set(problem.blockId, problem.severity);
    return map;
  }, [problems]);

  const change = history.change;
  const viewportCentre = useCallback((): Point => {
    // The first group goes beside the start, where the eye already is.
    const start = latest.current.events.find((event) => event.type === 'start');
    if (latest.current.groups.length === 0 && start)
      return { x: start.graphCoordinates.x + 220, y: start.graphCoordinates.y - 20 };
    const canvas = document.querySelector('.editor-canvas')?.getBoundingClientRect();
    if (!canvas) return { x: 0, y: 0 };
    const centre = flow.screenToFlowPosition({ x: canvas.left + canvas.width / 2, y: canvas.top + canvas.height / 3 });
    return { x: centre.x - 130, y: centre.y };
  }, [flow]);

  /** Brings a new group into view (once React Flow has measured it). */
  const reveal = useCallback(
    (groupId: string) =>
      setTimeout(() => {
        const node = flow.getNode(groupId);
        if (!node) return;
        const { x, y, zoom } = flow.getViewport();
        const box = document.querySelector('.editor-canvas')?.getBoundingClientRect();
        const width = node.measured?.width ?? 260;
        const height = node.measured?.height ?? 120;
        const left = node.position.x * zoom + x;
        const top = node.position.y * zoom + y;
        const visible =
          box && left >= 0 && top >= 0 && left + width * zoom <= box.width && top + height * zoom <= box.height;
        if (!visible)
          void flow.setCenter(node.position.x + width / 2, node.position.y + height / 2, {
            zoom: Math.max(zoom, 0.6),
            duration: 200,
          });
      }, 60),
    [flow],
  );

  const select = useCallback((what: { block?: string | null; groups?: string[]; edges?: string[] }) => {
    setSelectedBlockId(what.block ?? null);
    setSelectedGroupIds(what.groups ?? []);
    setSelectedEdgeIds(what.edges ?? []);
    if (what.block) setPanel('block');
  }, []);

  const canvasActions = useMemo<CanvasActions>(
    () => ({
      selectBlock: (blockId) => {
        setSelectedBlockId(blockId);
        if (blockId) {
          const where = locateBlock(latest.current, blockId);
          setSelectedGroupIds(where ? [where.group.id] : []);
          setSelectedEdgeIds([]);
          setPanel('block');
        }
      },
      selectGroups: (groupIds) => setSelectedGroupIds(groupIds),
      selectEdges: (edgeIds) => setSelectedEdgeIds(edgeIds),
      moveNodes: (moves) => change(moveNodes(latest.current, moves)),
      connect: (from, to) => change(connect(latest.current, from, to)),
      renameGroup: (groupId, title) => change(renameGroup(latest.current, groupId, title)),
      dropBlock: (payload: DropPayload, target) => {
        const current = latest.current;
        if ('blockId' in payload) {
          const block = findBlock(current, payload.blockId);
          if (!block) return;
          if ('groupId' in target) change(placeBlock(current, block, target.groupId, target.index));
          else change(blockToNewGroup(current, payload.blockId, target.at).draft);
          return;
        }
        const info = typeMap.get(payload.blockType);
        if (!info) return;
        const block = instantiate(info);
        if ('groupId' in target) change(placeBlock(current, block, target.groupId, target.index));
        else {
          const made = addGroup(current, target.at, [block]);
          change(startAt(made.draft, made.groupId));
        }
        select({ block: block.id });
      },
    }),
    [change, typeMap, select],
  );

  const addBlockOfType = useCallback(
    (type: string) => {
      const info = typeMap.get(type);
      if (!info || readOnly) return;
      const current = latest.current;
      const block = instantiate(info);
      const selected = selectedBlockId ? locateBlock(current, selectedBlockId) : undefined;
      const groupId = selected?.group.id ?? (selectedGroupIds.length === 1 ? selectedGroupIds[0] : undefined);
      const group = current.groups.find((each) => each.id === groupId);
      if (group) change(placeBlock(current, block, group.id, selected ? selected.index + 1 : group.blocks.length));
      else {
        const made = addGroup(current, viewportCentre(), [block]);
        change(startAt(made.draft, made.groupId));
        reveal(made.groupId);
      }
      select({ block: block.id, groups: groupId ? [groupId] : [] });
    },
    [typeMap, readOnly, selectedBlockId, selectedGroupIds, change, viewportCentre, select, reveal],
  );

  const newGroupFrom = useCallback(
    (from: EdgeSource) => {
      const current = latest.current;
      const origin =
        'eventId' in from
          ? current.events.find((event) => event.id === from.eventId)?.graphCoordinates
          : locateBlock(current, from.blockId)?.group.graphCoordinates;
      const at = origin ? freeSpot(current, { x: origin.x + 360, y: origin.y }) : viewportCentre();
      const made = addGroup(current, at);
      change(connect(made.draft, from, { groupId: made.groupId }));
      // The palette now adds to the new group.
      select({ groups: [made.groupId] });
      reveal(made.groupId);
    },
    [change, viewportCentre, select, reveal],
  );

  const panelActions = useMemo<PanelActions>(
    () => ({
      updateBlock: (blockId, update, coalesce) => change(updateBlock(latest.current, blockId, update), coalesce),
      removeBlock: (blockId) => {
        change(removeBlocks(latest.current, [blockId]));
        setSelectedBlockId(null);
      },
      connect: (from, groupId) => {
        const current = latest.current;
        if (groupId) change(connect(current, from, { groupId }));
        else {
          const leaving = current.edges
            .filter((edge) => JSON.stringify(edge.from) === JSON.stringify(from))
            .map((edge) => edge.id);
          change(removeEdges(current, leaving));
        }
      },
      newGroupFrom,
      createVariable: (name) => {
        const made = addVariable(latest.current, name);
        change(made.draft);
        latest.current = made.draft;
        return made.variableId;
      },
    }),
    [change, newGroupFrom],
  );

  const deleteSelection = useCallback(() => {
    let current = latest.current;
    if (selectedEdgeIds.length > 0) current = removeEdges(current, selectedEdgeIds);
    if (selectedGroupIds.length > 0 && !selectedBlockId) current = removeGroups(current, selectedGroupIds);
    else if (selectedBlockId) current = removeBlocks(current, [selectedBlockId]);
    if (current !== latest.current) {
      change(current);
      select({});
    }
  }, [selectedEdgeIds, selectedGroupIds, selectedBlockId, change, select]);

  const copy = useCallback(
    (cut: boolean) => {
      const groups = selectedGroupIds.length > 0 ? selectedGroupIds : [];
      if (groups.length === 0) return;
      const clipboard = copyGroups(latest.current, groups);
      const text = JSON.stringify(clipboard);
      // localStorage carries it to another bot's editor in this browser; the system clipboard where the page may write it.
      localStorage.setItem(CLIPBOARD_KEY, text);
      void navigator.clipboard?.writeText(text).catch(() => undefined);
      if (cut) {
        change(removeGroups(latest.current, groups));
        select({});
      }
    },
    [selectedGroupIds, change, select],
  );

  const paste = useCallback(() => {
    const text = localStorage.getItem(CLIPBOARD_KEY);
    if (!text) return;
    try {
      const clipboard = JSON.parse(text) as Clipboard;
      if (clipboard.kind !== 'parley-groups') return;
      const pasted = pasteGroups(latest.current, clipboard, viewportCentre());
      change(pasted.draft);
      select({ groups: pasted.groupIds });
    } catch {
      // Not ours: nothing to paste.
    }
  }, [change, viewportCentre, select]);

  useEffect(() => {
    if (readOnly) return;
    const onKey = (event: KeyboardEvent) => {
      const mod = event.metaKey || event.ctrlKey;
      const key = event.key.toLowerCase();
      if (mod && key === 'z' && !typingInField(event.target)) {
        event.preventDefault();
        if (event.shiftKey) history.redo();
        else history.undo();
        return;
      }
      if (mod && key === 'y' && !typingInField(event.target)) {
        event.preventDefault();
        history.redo();
        return;
      }
      if (typingInField(event.target)) return;
      if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        deleteSelection();
      } else if (mod && key === 'c') copy(false);
      else if (mod && key === 'x') copy(true);
      else if (mod && key === 'v') paste();
      else if (mod && key === 'd') {
        event.preventDefault();
        const made = duplicateGroups(latest.current, selectedGroupIds);
        if (made.groupIds.length > 0) {
          change(made.draft);
          select({ groups: made.groupIds });
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [readOnly, history, deleteSelection, copy, paste, selectedGroupIds, change, select]);

  const located = selectedBlockId ? locateBlock(draft, selectedBlockId) : undefined;
  const selectedBlock = located?.group.blocks[located.index];
  const targetGroup =
    located?.group ??
    (selectedGroupIds.length === 1 ? draft.groups.find((group) => group.id === selectedGroupIds[0]) : undefined);

  return (
    <div className="editor">
      <div className="editor-toolbar row" role="toolbar" aria-label="Editor">
        {!readOnly && (
          <>
            <button
              type="button"
              onClick={() => {
                const made = addGroup(draft, viewportCentre());
                change(startAt(made.draft, made.groupId));
                select({ groups: [made.groupId] });
              }}
            >
              Add group
            </button>
            <button
              type="button"
              className="secondary"
              disabled={!history.canUndo}
              onClick={history.undo}
              title="Undo (Ctrl+Z)"
            >
              Undo
            </button>
            <button
              type="button"
              className="secondary"
              disabled={!history.canRedo}
              onClick={history.redo}
              title="Redo (Shift+Ctrl+Z)"
            >
              Redo
            </button>
            <button
              type="button"
              className="secondary"
              disabled={selectedEdgeIds.length === 0 && selectedGroupIds.length === 0 && !selectedBlockId}
              onClick={deleteSelection}
              title="Delete (Del)"
            >
              Delete
            </button>
          </>
        )}
        <button
          type="button"
          className="secondary"
          aria-pressed={panel === 'variables'}
          onClick={() => setPanel(panel === 'variables' ? 'block' : 'variables')}
        >
          Variables ({draft.variables.length})
        </button>
        <button
          type="button"
          className="secondary"
          aria-pressed={panel === 'test'}
          onClick={() => {
            setRunning(null);
            setTestRun((count) => count + 1);
            setPanel(panel === 'test' ? 'block' : 'test');
          }}
        >
          Test
        </button>
        <EditorsBadge botId={bot.id} />
        {!readOnly && (
          <span className={`save-status ${autosave.status}`} role="status">
            {STATUS_WORDS[autosave.status]}
          </span>
        )}
      </div>
      {autosave.status === 'conflict' && (
        <div role="alert" className="error conflict">
          Someone else saved this bot after you opened it. Your changes are not saved yet.
          <div className="actions">
            <button type="button" onClick={onReload}>
              Reload theirs
            </button>
            <button type="button" className="danger" onClick={autosave.overwrite}>
              Overwrite with mine
            </button>
          </div>
        </div>
      )}
      {autosave.status === 'error' && <ErrorNote error={autosave.error} />}
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
          highlighted={panel === 'test' ? running : null}
          actions={canvasActions}
          readOnly={readOnly}
        />
        {panel === 'test' ? (
          <aside className="block-panel test-panel" aria-label="Test">
            <h2>Test</h2>
            <div className="row tight">
              <label className="field">
                Start from
                <select
                  value={testFrom}
                  onChange={(event) => {
                    setTestFrom(event.target.value);
                    setRunning(null);
                  }}
                >
                  <option value="">The start</option>
                  {draft.groups.map((group) => (
                    <option key={group.id} value={group.id}>
                      {group.title}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  setRunning(null);
                  setTestRun((count) => count + 1);
                }}
              >
                Restart
              </button>
            </div>
            <p className="hint">
              Runs the flow as it is now, saved or not; answers are not stored. The block the chat is at is highlighted.
            </p>
            <PreviewChat
              botId={bot.id}
              definition={{
                version: bot.version,
                theme: bot.theme ?? {},
                settings: bot.settings ?? {},
                ...draftPatch(draft),
              }}
              startGroup={testFrom}
              run={testRun}
              onBlock={setRunning}
            />
          </aside>
        ) : panel === 'variables' ? (
          <VariablesPanel
            draft={draft}
            readOnly={readOnly}
            onAdd={(name) => change(addVariable(draft, name).draft)}
            onRename={(variableId, name) =>
              change(updateVariable(draft, variableId, { name }), `variable:${variableId}`)
            }
            onToggleSaved={(variableId, saved) =>
              change(updateVariable(draft, variableId, { isSessionVariable: !saved }))
            }
            onRemove={(variableId) => change(removeVariable(draft, variableId))}
          />
        ) : selectedBlock && located ? (
          <BlockPanel
            key={selectedBlock.id}
            draft={draft}
            block={selectedBlock}
            groupId={located.group.id}
            isLast={located.index === located.group.blocks.length - 1}
            info={typeMap.get(selectedBlock.type)}
            variables={draft.variables}
            credentials={credentials}
            actions={panelActions}
            readOnly={readOnly}
          />
        ) : (
          <aside className="block-panel" aria-label="Block settings">
            <h2>Build the flow</h2>
            <p className="hint">
              Pick a block in the list on the left to add it{targetGroup ? ` to “${targetGroup.title}”` : ''}, or drag
              it onto the canvas. Click a block to edit it. Connect a block to a group by dragging from its dot on the
              right, or with “Then go to” here.
            </p>
            <NextStart draft={draft} onConnect={panelActions.connect} onNewGroup={newGroupFrom} readOnly={readOnly} />
            {problems.length > 0 && (
              <section aria-label="Problems">
                <h3>Problems</h3>
                <ul className="problems">
                  {problems.map((problem, index) => (
                    <li key={index} className={problem.severity}>
                      {problem.blockId ? (
                        <button
                          type="button"
                          className="link"
                          onClick={() => canvasActions.selectBlock(problem.blockId!)}
                        >
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
        )}
      </div>
    </div>
  );
}

/** Where the start leads, settable without drawing (keyboard use). */
function NextStart({
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

export default function FlowEditor(props: Parameters<typeof Editor>[0]) {
  return (
    <ReactFlowProvider>
      <Editor {...props} />
    </ReactFlowProvider>
  );
}
