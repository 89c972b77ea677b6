import { openDatabase, type ChatStore, type Database, type SessionRow, type TurnWrite } from '../../../src/db/client';
import { migrate } from '../../../src/db/migrate';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../helpers/test-database';

// The chat store on a real database. On SQLite, claims and commits made in the
// same turn of the event loop share one write transaction (group commit): each
// must still succeed or fail on its own, as the PostgreSQL store's do.

let database: ThrowawayDatabase;
let opened: Database;
let store: ChatStore;
beforeAll(async () => {
  database = await createThrowawayDatabase();
  opened = openDatabase(database.url);
  await migrate(opened.target);
  store = opened.chatStore;
});
afterAll(async () => {
  await opened.close();
  await database.drop();
});

const now = new Date();
const lease = new Date(now.getTime() + 30_000);
const nothing = {
  newResults: [],
  answers: [],
  rejectedAnswers: [],
  visitedEdges: [],
  history: [],
  logs: [],
  resultChanges: [],
};
const line = (text: string) => ({ role: 'user', type: 'text', text });

function create(id: string, state: unknown): TurnWrite {
  return {
    ...nothing,
    session: {
      kind: 'create',
      id,
      botId: 'bot',
      isPreview: false,
      state: JSON.stringify(state),
      transcript: [],
      expiresAt: null,
      resultId: null,
    },
  };
}

function update(
  id: string,
  version: number,
  state: unknown,
  transcript: { index: number; line: string }[] = [],
): TurnWrite {
  return {
    ...nothing,
    session: { kind: 'update', id, version, state: JSON.stringify(state), transcript, expiresAt: null, resultId: null },
  };
}

async function claim(id: string): Promise<SessionRow> {
  const claimed = await store.claimSession(id, lease, now);
  if (typeof claimed === 'string') throw new Error(`session ${id}: ${claimed}`);
  return claimed;
}

test('commits issued together each succeed or fail on their own', async () => {
  const prefix = 'together';
  for (const id of ['a', 'b'])
    expect(await store.commitTurn(create(`${prefix}-${id}`, { step: 0 }), now)).toEqual({ results: [] });
  const a = await claim(`${prefix}-a`);
  const b = await claim(`${prefix}-b`);

  const outcomes = await Promise.allSettled([
    store.commitTurn(
      update(`${prefix}-a`, a.version, { step: 1 }, [{ index: 0, line: JSON.stringify(line('hi')) }]),
      now,
    ),
    // A stale version: the claim was lost.
    store.commitTurn(update(`${prefix}-b`, b.version + 5, { step: 1 }), now),
    // An id that exists already: this commit fails.
    store.commitTurn(create(`${prefix}-a`, { step: 9 }), now),
    store.commitTurn(create(`${prefix}-c`, { step: 0 }), now),
  ]);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'failed'))).toEqual([
    { results: [] },
    'claim-lost',
    'failed',
    { results: [] },
  ]);

  // a: committed (claim released, transcript line appended); b: untouched; c: created.
  expect((await claim(`${prefix}-a`)).state).toEqual({ step: 1 });
  expect(await store.transcriptLines(`${prefix}-a`, 1)).toEqual([line('hi')]);
  await store.releaseClaim(`${prefix}-b`, b.version);
  expect((await claim(`${prefix}-b`)).state).toEqual({ step: 0 });
  expect((await claim(`${prefix}-c`)).state).toEqual({ step: 0 });
});

test('claims issued together: one wins a session, the other finds it busy; an unknown session is missing', async () => {
  await store.commitTurn(create('contended', { step: 0 }), now);
  const [first, second, unknown] = await Promise.all([
    store.claimSession('contended', lease, now),
    store.claimSession('contended', lease, now),
    store.claimSession('no-such-session', lease, now),
  ]);
  // Either may win (on PostgreSQL they race on two connections).
  const [winner, loser] = typeof first === 'object' ? [first, second] : [second, first];
  expect([typeof winner, loser, unknown]).toEqual(['object', 'busy', 'missing']);
  expect((winner as SessionRow).state).toEqual({ step: 0 });
});

test('a deleted session takes its transcript lines with it', async () => {
  await store.commitTurn(create('ending', { step: 0 }), now);
  const claimed = await claim('ending');
  await store.commitTurn(
    update(
      'ending',
      claimed.version,
      { step: 1 },
      [0, 1].map((index) => ({ index, line: JSON.stringify(line(`l${index}`)) })),
    ),
    now,
  );
  expect(await store.transcriptLines('ending', 2)).toEqual([line('l0'), line('l1')]);
  const again = await claim('ending');
  expect(
    await store.commitTurn({ ...nothing, session: { kind: 'delete', id: 'ending', version: again.version } }, now),
  ).toEqual({ results: [] });
  expect(await store.claimSession('ending', lease, now)).toBe('missing');
  expect(await store.transcriptLines('ending', 2)).toEqual([]);
});

test('a receipt commits with its turn, and not with a turn whose claim was lost', async () => {
  await store.commitTurn({ ...create('receipted', { step: 0 }), receipt: { key: 'k-0', response: '{"said":0}' } }, now);
  expect(await store.findReceipt('k-0')).toEqual({ said: 0 });
  const claimed = await claim('receipted');
  const stale = { ...update('receipted', claimed.version + 1, { step: 1 }), receipt: { key: 'k-1', response: '{}' } };
  expect(await store.commitTurn(stale, now)).toBe('claim-lost');
  expect(await store.findReceipt('k-1')).toBeUndefined();
  // The same key twice: the second turn does not commit (a turn is never run twice under one key).
  const twice = { ...update('receipted', claimed.version, { step: 2 }), receipt: { key: 'k-0', response: '{}' } };
  // Matched on the message: a native driver's error may come from another realm (not instanceof Error).
  await expect(store.commitTurn(twice, now)).rejects.toHaveProperty(
    'message',
    expect.stringMatching(/unique|duplicate/i),
  );
  await store.releaseClaim('receipted', claimed.version);
  expect((await claim('receipted')).state).toEqual({ step: 0 });
});
