import { splitAtWaits, turnDurationMs } from '../../../../src/services/channels/turn-segments';

const bubble = (id: string) => ({ id, type: 'text', content: { richText: [] } });
const wait = (seconds: number, lastBubbleBlockId?: string) => ({
  type: 'wait',
  wait: { secondsToWaitFor: seconds },
  ...(lastBubbleBlockId ? { lastBubbleBlockId } : {}),
});
const input = { id: 'i', type: 'text input' };

describe('splitAtWaits', () => {
  test('a turn without waits is one piece, due at once', () => {
    const turn = { messages: [bubble('a')], input, clientSideActions: [] };
    expect(splitAtWaits(turn, 10_000)).toEqual([{ delayMs: 0, turn }]);
  });

  test('cut after the bubble each wait follows, each piece later by the (capped) waits before it; the input last', () => {
    const redirect = { type: 'redirect', redirect: { url: 'https://x.test' }, lastBubbleBlockId: 'b' };
    const turn = {
      messages: [bubble('a'), bubble('b'), bubble('c')],
      input,
      clientSideActions: [wait(2, 'a'), redirect, wait(60, 'b')],
    };
    expect(splitAtWaits(turn, 10_000, 500)).toEqual([
      { delayMs: 500, turn: { messages: [bubble('a')], clientSideActions: [] } },
      { delayMs: 2500, turn: { messages: [bubble('b')], clientSideActions: [redirect] } },
      { delayMs: 12_500, turn: { messages: [bubble('c')], clientSideActions: [], input } },
    ]);
    expect(turnDurationMs(turn, 10_000, 500)).toBe(12_500);
  });

  test('a wait following no bubble comes first; empty pieces are left out', () => {
    const turn = { messages: [bubble('a')], clientSideActions: [wait(1), wait(0.5, 'a')] };
    expect(splitAtWaits(turn, 10_000)).toEqual([
      { delayMs: 1000, turn: { messages: [bubble('a')], clientSideActions: [] } },
    ]);
  });
});
