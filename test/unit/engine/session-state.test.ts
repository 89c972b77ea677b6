import { parseSessionState, UnreadableSessionState } from '../../../src/engine/session-state';
import type { SessionState } from '../../../src/engine/session';

// Stored session states are parsed at the boundary, not cast.

const state: SessionState = {
  formatVersion: 2,
  workspaceId: 'ws1',
  isPreview: false,
  queue: [
    {
      bot: { kind: 'snapshot', botId: 'b1', revision: 3 },
      variables: [
        { id: 'v1', name: 'Name', value: 'Ada' },
        { id: 'v2', name: 'Tags', value: ['a', null] },
        { id: 'v3', name: 'Unset' },
      ],
      virtualEdges: [{ id: 'virtual-g2', from: { blockId: '' }, to: { groupId: 'g2' } }],
      resultId: 'r1',
      answers: [{ key: 'Name', value: 'Ada' }],
      queuedEdgeIds: ['e9'],
      isMergingWithParent: false,
    },
  ],
  currentBlockId: 'q2',
  returnMark: { status: 'pending', blockId: 'q2', autoResumeMessage: { type: 'text', text: 'hi' } },
  dynamicTheme: { hostAvatarUrl: '{{Avatar}}' },
  isStreamEnabled: false,
  progress: { totalAnswers: 1 },
  allowedOrigins: ['https://example.com'],
  visitedEdgeCount: 2,
  transcript: { stored: 3, storedBytes: 120, recent: [{ role: 'user', type: 'text', text: 'Ada' }] },
};

describe('parseSessionState', () => {
  it('reads back what a turn stored (JSON round trip), unchanged', () => {
    expect(parseSessionState(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });

  it('reads a format 1 state (the whole transcript inline) as format 2 with those lines not written out yet', () => {
    const lines = [
      { role: 'bot', type: 'text', text: 'Name?' },
      { role: 'user', type: 'text', text: 'Ada' },
    ];
    const formatOne = { ...JSON.parse(JSON.stringify(state)), formatVersion: 1, transcript: lines };
    expect(parseSessionState(formatOne)).toEqual({
      ...state,
      formatVersion: 2,
      transcript: { stored: 0, storedBytes: 0, recent: lines },
    });
  });

  it('refuses another format version, saying which', () => {
    expect(() => parseSessionState({ ...state, formatVersion: 3 })).toThrow(
      new UnreadableSessionState('unknown session state format 3 (expected 1 or 2)'),
    );
    expect(() => parseSessionState(null)).toThrow('unknown session state format undefined (expected 1 or 2)');
  });

  it('refuses a damaged state, naming the first bad path', () => {
    const damaged = JSON.parse(JSON.stringify(state));
    damaged.queue[0].variables[0].value = 42;
    expect(() => parseSessionState(damaged)).toThrow(/^invalid session state at queue\.0\.variables\.0\.value: /);
    expect(() => parseSessionState({ ...state, queue: [] })).toThrow(/^invalid session state at queue: /);
  });
});
