import { parseSessionState, UnreadableSessionState } from '../../../src/engine/session-state';
import type { SessionState } from '../../../src/engine/types';

// Stored session states are parsed at the boundary, not cast.

const state: SessionState = {
  formatVersion: 1,
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
  transcript: [{ role: 'user', type: 'text', text: 'Ada' }],
};

describe('parseSessionState', () => {
  it('reads back what a turn stored (JSON round trip), unchanged', () => {
    expect(parseSessionState(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });

  it('refuses another format version, saying which', () => {
    expect(() => parseSessionState({ ...state, formatVersion: 2 })).toThrow(new UnreadableSessionState('unknown session state format 2 (expected 1)'));
    expect(() => parseSessionState(null)).toThrow('unknown session state format undefined (expected 1)');
  });

  it('refuses a damaged state, naming the first bad path', () => {
    const damaged = JSON.parse(JSON.stringify(state));
    damaged.queue[0].variables[0].value = 42;
    expect(() => parseSessionState(damaged)).toThrow(/^invalid session state at queue\.0\.variables\.0\.value: /);
    expect(() => parseSessionState({ ...state, queue: [] })).toThrow(/^invalid session state at queue: /);
  });
});
