import { DEFAULT_SESSION_BOUNDS } from '../../../../src/services/chat/bounds';
import { isEmptyWrite, turnResultChanges, turnWrite, type CommitPlan } from '../../../../src/services/chat/commit';
import type { Persistence } from '../../../../src/engine/persistence';
import type { QueueEntry, SessionState } from '../../../../src/engine/session';
import type { TurnResult } from '../../../../src/engine/turn-result';

// A turn as rows: which session write, which results created or changed, and
// what the turn's persistence becomes, without a database.

const expiresAt = new Date('2026-11-25T12:00:00.000Z');

function entry(overrides: Partial<QueueEntry> = {}): QueueEntry {
  return {
    bot: { kind: 'snapshot', botId: 'bot-1', revision: 3 },
    variables: [
      { id: 'v-name', name: 'Name', value: 'Ada' },
      { id: 'v-empty', name: 'Empty' },
      { id: 'v-session', name: 'Token', value: 'secret', isSessionVariable: true },
    ],
    virtualEdges: [],
    resultId: 'result-1',
    answers: [],
    queuedEdgeIds: [],
    isMergingWithParent: false,
    ...overrides,
  };
}

function state(overrides: Partial<SessionState> = {}): SessionState {
  return {
    formatVersion: 2,
    workspaceId: 'ws-1',
    isPreview: false,
    queue: [entry()],
    currentBlockId: 'input-2',
    isStreamEnabled: false,
    visitedEdgeCount: 0,
    ...overrides,
  };
}

function persistence(overrides: Partial<Persistence> = {}): Persistence {
  return {
    answers: [],
    rejectedAnswers: [],
    visitedEdges: [],
    setVariableHistory: [],
    newResults: [],
    completedResults: [],
    logs: [],
    ...overrides,
  };
}

function turn(overrides: Partial<TurnResult> = {}): TurnResult {
  return {
    state: state(),
    output: { messages: [], clientSideActions: [], logs: [], isRetry: false, walked: true },
    persistence: persistence(),
    status: 'awaiting-input',
    ...overrides,
  };
}

const startPlan: CommitPlan = {
  sessionId: 'session-1',
  session: { mode: 'create' },
  botId: 'bot-1',
  createResult: { id: 'result-1', botId: 'bot-1' },
  expiresAt,
};

const continuePlan: CommitPlan = {
  sessionId: 'session-1',
  session: { mode: 'update', version: 4 },
  botId: 'bot-1',
  expiresAt,
  answeredBlockId: 'input-1',
};

const storedVariables = [{ id: 'v-name', name: 'Name', value: 'Ada' }];

describe('turnWrite: the session', () => {
  test('a start waiting on an input creates its session with the state as stored', () => {
    const started = turn();
    const write = turnWrite(started, startPlan, DEFAULT_SESSION_BOUNDS);
    expect(write.session).toEqual({
      kind: 'create',
      id: 'session-1',
      botId: 'bot-1',
      isPreview: false,
      state: JSON.stringify(started.state),
      transcript: [],
      expiresAt,
      resultId: 'result-1',
    });
  });

  test('a continue keeps the claimed session by its version', () => {
    const write = turnWrite(turn(), continuePlan, DEFAULT_SESSION_BOUNDS);
    expect(write.session).toMatchObject({ kind: 'update', id: 'session-1', version: 4, expiresAt });
  });

  test('a continue whose flow ended deletes a session with a result', () => {
    const write = turnWrite(turn({ status: 'ended' }), continuePlan, DEFAULT_SESSION_BOUNDS);
    expect(write.session).toEqual({ kind: 'delete', id: 'session-1', version: 4 });
  });

  test('a start whose flow ended keeps no session', () => {
    const write = turnWrite(turn({ status: 'ended' }), startPlan, DEFAULT_SESSION_BOUNDS);
    expect(write.session).toEqual({ kind: 'none' });
  });

  test('an ended session without a result (a preview) waits again on the input it answered', () => {
    const ended = turn({
      status: 'ended',
      state: state({ isPreview: true, queue: [entry({ resultId: undefined })], currentBlockId: undefined }),
    });
    const write = turnWrite(ended, continuePlan, DEFAULT_SESSION_BOUNDS);
    expect(write.session).toMatchObject({ kind: 'update', version: 4, resultId: null });
    const stored = JSON.parse((write.session as { state: string }).state) as SessionState;
    expect(stored.currentBlockId).toBe('input-1');
  });

  test('the transcript lines the turn recorded leave the state as rows after the stored ones', () => {
    const recent = [{ role: 'bot' as const, type: 'text' as const, text: 'Hello' }];
    const recorded = turn({ state: state({ transcript: { stored: 2, storedBytes: 30, recent } }) });
    const write = turnWrite(recorded, continuePlan, DEFAULT_SESSION_BOUNDS);
    const line = JSON.stringify(recent[0]);
    expect(write.session).toMatchObject({ transcript: [{ index: 2, line }] });
    const stored = JSON.parse((write.session as { state: string }).state) as SessionState;
    expect(stored.transcript).toEqual({ stored: 3, storedBytes: 30 + Buffer.byteLength(line), recent: [] });
  });

  test('a session over its size bound is refused before anything is written', () => {
    const bounds = { ...DEFAULT_SESSION_BOUNDS, maxSessionBytes: 100 };
    expect(() => turnWrite(turn(), continuePlan, bounds)).toThrow(/grown too large \(over 100 bytes/);
  });
});

describe('turnWrite: results and rows', () => {
  test('a live start creates its result with its final values at once', () => {
    const write = turnWrite(turn(), startPlan, DEFAULT_SESSION_BOUNDS);
    expect(write.newResults).toEqual([
      {
        id: 'result-1',
        botId: 'bot-1',
        variables: storedVariables,
        hasStarted: false,
        isCompleted: false,
        lastChatSessionId: 'session-1',
      },
    ]);
    expect(write.resultChanges).toEqual([]);
  });

  test("answers start the result; an ended flow with answers completes it; rows carry the turn's persistence", () => {
    const answered = turn({
      status: 'ended',
      state: state({ queue: [entry({ answers: [{ key: 'Name', value: 'Ada' }] })] }),
      persistence: persistence({
        answers: [{ resultId: 'result-1', blockId: 'input-1', content: 'Ada' }],
        rejectedAnswers: [{ resultId: 'result-1', blockId: 'input-1', content: 'not an e-mail' }],
        visitedEdges: [{ resultId: 'result-1', edgeId: 'edge-1', index: 0 }],
        setVariableHistory: [
          { resultId: 'result-1', index: 0, blockIndex: 0, blockId: 'input-1', variableId: 'v-name', value: 'Ada' },
        ],
      }),
    });
    const write = turnWrite(answered, continuePlan, DEFAULT_SESSION_BOUNDS);
    expect(write.newResults).toEqual([]);
    expect(write.resultChanges).toEqual([
      {
        id: 'result-1',
        hasStarted: true,
        isCompleted: true,
        variables: storedVariables,
        lastChatSessionId: 'session-1',
      },
    ]);
    expect(write.answers).toEqual([
      {
        resultId: 'result-1',
        blockId: 'input-1',
        content: 'Ada',
        groupId: null,
        variableId: null,
        attachedFileUrls: null,
      },
    ]);
    expect(write.rejectedAnswers).toEqual([{ resultId: 'result-1', blockId: 'input-1', content: 'not an e-mail' }]);
    expect(write.visitedEdges).toEqual([{ resultId: 'result-1', edgeId: 'edge-1', index: 0 }]);
    expect(write.history).toHaveLength(1);
  });

  test('a flow ending on an action the client replies to apart does not complete the result', () => {
    const ended = turn({
      status: 'ended',
      state: state({ queue: [entry({ answers: [{ key: 'Name', value: 'Ada' }] })] }),
      output: {
        messages: [],
        clientSideActions: [{ type: 'codeToExecute', expectsDedicatedReply: true }],
        logs: [],
        isRetry: false,
        walked: true,
      },
    });
    const write = turnWrite(ended, continuePlan, DEFAULT_SESSION_BOUNDS);
    expect(write.resultChanges).toEqual([
      { id: 'result-1', variables: storedVariables, lastChatSessionId: 'session-1' },
    ]);
  });

  test("a linked bot's new result is created; its completed result is marked started and complete", () => {
    const linked = turn({
      persistence: persistence({
        newResults: [{ resultId: 'child-1', botId: 'bot-2' }],
        completedResults: [
          { resultId: 'child-0', hasStarted: true },
          { resultId: 'child-unstarted', hasStarted: false },
        ],
      }),
    });
    const write = turnWrite(linked, continuePlan, DEFAULT_SESSION_BOUNDS);
    expect(write.newResults).toEqual([
      {
        id: 'child-1',
        botId: 'bot-2',
        variables: [],
        hasStarted: false,
        isCompleted: false,
        lastChatSessionId: null,
      },
    ]);
    expect(write.resultChanges).toEqual([
      { id: 'child-0', hasStarted: true, isCompleted: true },
      { id: 'result-1', variables: storedVariables, lastChatSessionId: 'session-1' },
    ]);
  });

  test('a registered-only session writes no result changes for its result', () => {
    const registering = turn({ state: state({ isRegisteredOnly: true }) });
    const write = turnWrite(registering, { ...startPlan, createResult: undefined }, DEFAULT_SESSION_BOUNDS);
    expect(write.newResults).toEqual([]);
    expect(write.resultChanges).toEqual([]);
  });

  test('logs with a result become rows, their details as text cut at 1000 characters; others stay off', () => {
    const logged = turn({
      persistence: persistence({
        logs: [
          { resultId: 'result-1', description: 'Webhook failed', details: { status: 500 }, context: 'Webhook' },
          { resultId: 'result-1', status: 'info', description: 'Long', details: 'x'.repeat(1200) },
          { description: 'No result' },
        ],
      }),
    });
    const write = turnWrite(logged, continuePlan, DEFAULT_SESSION_BOUNDS);
    expect(write.logs).toEqual([
      {
        id: expect.stringMatching(/^[a-z0-9]{24}$/),
        resultId: 'result-1',
        sessionId: 'session-1',
        status: 'error',
        description: 'Webhook failed',
        details: '{"status":500}',
        context: 'Webhook',
      },
      {
        id: expect.stringMatching(/^[a-z0-9]{24}$/),
        resultId: 'result-1',
        sessionId: 'session-1',
        status: 'info',
        description: 'Long',
        details: `${'x'.repeat(1000)}...`,
        context: null,
      },
    ]);
  });

  test('a preview writes its session only: no results, answers or logs', () => {
    const preview = turn({
      state: state({ isPreview: true, queue: [entry({ resultId: undefined })] }),
      persistence: persistence({ logs: [{ resultId: 'result-1', description: 'ignored' }] }),
    });
    const write = turnWrite(preview, { ...startPlan, createResult: undefined }, DEFAULT_SESSION_BOUNDS);
    expect(write.session).toMatchObject({ kind: 'create', isPreview: true, resultId: null });
    expect(write.newResults).toEqual([]);
    expect(write.resultChanges).toEqual([]);
    expect(write.logs).toEqual([]);
  });
});

describe('isEmptyWrite and turnResultChanges', () => {
  test('an ended preview start has nothing to write', () => {
    const ended = turn({ status: 'ended', state: state({ isPreview: true, queue: [entry({ resultId: undefined })] }) });
    expect(isEmptyWrite(turnWrite(ended, startPlan, DEFAULT_SESSION_BOUNDS))).toBe(true);
    expect(isEmptyWrite(turnWrite(turn(), startPlan, DEFAULT_SESSION_BOUNDS))).toBe(false);
  });

  test('what the turn did to its results: created, completed, answers counted per result', () => {
    const answered = turn({
      status: 'ended',
      state: state({ queue: [entry({ answers: [{ key: 'Name', value: 'Ada' }] })] }),
      persistence: persistence({
        answers: [
          { resultId: 'result-1', blockId: 'input-1', content: 'Ada' },
          { resultId: 'result-1', blockId: 'input-2', content: 'Lovelace' },
        ],
        newResults: [{ resultId: 'child-1', botId: 'bot-2' }],
      }),
    });
    const changes = turnResultChanges(turnWrite(answered, startPlan, DEFAULT_SESSION_BOUNDS));
    expect(changes.created).toEqual(new Set(['result-1', 'child-1']));
    expect(changes.completed).toEqual(new Set(['result-1']));
    expect(changes.answers).toEqual(new Map([['result-1', 2]]));
  });
});
