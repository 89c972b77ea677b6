import { decodeEvent, encodeEvent, type EditorsEvent, type ResultEvent } from '../../../src/services/live/events';
import { LocalFanout } from '../../../src/services/live/fanout';
import { resultEvents, type WrittenResult } from '../../../src/services/chat/result-events';

// The pieces of live results that need no server: the per-process fan-out,
// the wire form of an event, and how a turn's writes become events.

const at = new Date('2026-11-24T06:00:00.123Z');

function event(botId: string, resultId: string, kind: ResultEvent['event'] = 'answered'): ResultEvent {
  return { botId, resultId, event: kind, answersCount: 1, isCompleted: false, updatedAt: at };
}

describe('LocalFanout', () => {
  test("a subscriber gets its bot's events in order, not another bot's", async () => {
    const fanout = new LocalFanout();
    const mine = fanout.subscribe('bot-a');
    fanout.deliver(event('bot-b', 'r0'));
    fanout.deliver(event('bot-a', 'r1'));
    fanout.deliver(event('bot-a', 'r2'));
    expect(await mine.next()).toEqual({ value: event('bot-a', 'r1'), done: false });
    expect(await mine.next()).toEqual({ value: event('bot-a', 'r2'), done: false });
    expect(fanout.size).toBe(1);
    await mine.return();
    expect(fanout.size).toBe(0);
  });

  test('return() ends a subscription waiting for its next event at once', async () => {
    const fanout = new LocalFanout();
    const waiting = fanout.subscribe('bot-a');
    const pending = waiting.next();
    expect(await waiting.return()).toEqual({ value: undefined, done: true });
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(fanout.size).toBe(0);
    fanout.deliver(event('bot-a', 'r1'));
    expect(await waiting.next()).toEqual({ value: undefined, done: true });
  });

  test('a subscriber that falls 1000 events behind is ended; endAll ends the rest and later subscriptions', async () => {
    const fanout = new LocalFanout();
    const slow = fanout.subscribe('bot-a');
    const other = fanout.subscribe('bot-b');
    for (let index = 0; index <= 1000; index += 1) fanout.deliver(event('bot-a', `r${index}`));
    expect(await slow.next()).toEqual({ value: undefined, done: true });
    expect(fanout.size).toBe(1);
    fanout.endAll();
    expect(await other.next()).toEqual({ value: undefined, done: true });
    const late = fanout.subscribe('bot-a');
    expect(await late.next()).toEqual({ value: undefined, done: true });
    expect(fanout.size).toBe(0);
  });
});

describe('editor presence events', () => {
  const editors = (botId: string, sessionKey: string, userId = 'u1'): EditorsEvent => ({
    event: 'editors',
    botId,
    userId,
    sessionKey,
  });

  test("go to the bot's editors subscribers only, but for the tab they came from; they round-trip on the wire", async () => {
    const fanout = new LocalFanout();
    const results = fanout.subscribe('bot-a');
    const drafts = fanout.subscribeDrafts('bot-a');
    const tabOne = fanout.subscribeEditors('bot-a', { userId: 'u1', sessionKey: 'tab-1' });
    const anyone = fanout.subscribeEditors('bot-a');
    fanout.deliver(editors('bot-b', 'tab-2'));
    fanout.deliver(editors('bot-a', 'tab-1'));
    // Another user's tab under the same key is another tab: its changes are told.
    fanout.deliver(editors('bot-a', 'tab-1', 'u2'));
    fanout.deliver(editors('bot-a', 'tab-2'));
    fanout.deliver(event('bot-a', 'r1'));
    expect(await tabOne.next()).toEqual({ value: editors('bot-a', 'tab-1', 'u2'), done: false });
    expect(await tabOne.next()).toEqual({ value: editors('bot-a', 'tab-2'), done: false });
    expect(await anyone.next()).toEqual({ value: editors('bot-a', 'tab-1'), done: false });
    expect(await anyone.next()).toEqual({ value: editors('bot-a', 'tab-1', 'u2'), done: false });
    expect(await anyone.next()).toEqual({ value: editors('bot-a', 'tab-2'), done: false });
    expect(await results.next()).toEqual({ value: event('bot-a', 'r1'), done: false });
    fanout.endAll();
    expect(await drafts.next()).toEqual({ value: undefined, done: true });
    expect(await tabOne.next()).toEqual({ value: undefined, done: true });

    expect(decodeEvent(encodeEvent(editors('bot-a', 'tab-1')))).toEqual(editors('bot-a', 'tab-1'));
    expect(decodeEvent(JSON.stringify({ event: 'editors', botId: 'bot-a', userId: 'u1' }))).toBeUndefined();
  });
});

describe('event wire form', () => {
  test('round trip, and anything else on the channel is ignored', () => {
    const created: ResultEvent = { botId: 'b', resultId: 'r', event: 'created', isCompleted: false, updatedAt: at };
    expect(encodeEvent(created)).toBe(
      '{"botId":"b","resultId":"r","event":"created","isCompleted":false,"updatedAt":"2026-11-24T06:00:00.123Z"}',
    );
    expect(decodeEvent(encodeEvent(created))).toEqual(created);
    expect(decodeEvent(encodeEvent(event('b', 'r')))).toEqual(event('b', 'r'));
    expect(decodeEvent('not json')).toBeUndefined();
    expect(
      decodeEvent(
        '{"botId":"b","resultId":"r","event":"deleted","isCompleted":false,"updatedAt":"2026-11-24T06:00:00.123Z"}',
      ),
    ).toBeUndefined();
    expect(decodeEvent('{"botId":"b"}')).toBeUndefined();
  });
});

describe('resultEvents', () => {
  const row = (id: string, isCompleted = false, botId = 'bot'): WrittenResult => ({
    id,
    botId,
    isCompleted,
    updatedAt: at,
  });

  test('completed before answered before created; a row only re-saved is no event; the last write of a row wins', () => {
    const events = resultEvents(
      [
        row('new'),
        row('child', false, 'child-bot'),
        row('answered'),
        row('done', false),
        row('done', true),
        row('resaved'),
      ],
      {
        created: new Set(['new', 'child']),
        completed: new Set(['done']),
        answers: new Map([
          ['answered', 2],
          ['done', 1],
          ['child', 1],
        ]),
      },
    );
    expect(events).toEqual([
      { botId: 'bot', resultId: 'new', event: 'created', isCompleted: false, updatedAt: at },
      { botId: 'child-bot', resultId: 'child', event: 'answered', answersCount: 1, isCompleted: false, updatedAt: at },
      { botId: 'bot', resultId: 'answered', event: 'answered', answersCount: 2, isCompleted: false, updatedAt: at },
      { botId: 'bot', resultId: 'done', event: 'completed', answersCount: 1, isCompleted: true, updatedAt: at },
    ]);
  });
});
