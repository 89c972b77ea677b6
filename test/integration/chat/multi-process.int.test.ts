import { publishDefinition, say, startChat, texts, threeQuestions } from '../../helpers/chat';
import { startPeerServer, startTestServer, type TestServer } from '../../helpers/test-server';

// Several Parley processes on one database (docs/api-decisions.md#concurrency): a turn
// claims its session on the row, so replies to one session arriving at
// different servers are serialised by the database, not by any process's
// memory. Server B and C are startServer from their own copy of every module
// (see startPeerServer): they share nothing in memory with A. On SQLite the
// servers share one database file, which the claim supports as well.

const SHORT_WAIT_MS = 1000;

let a: TestServer;
let b: TestServer;
/** A third server whose turns wait at most SHORT_WAIT_MS for a claim (PARLEY_SESSION_WAIT_MS). */
let c: TestServer;
beforeAll(async () => {
  a = await startTestServer();
  b = await startPeerServer(a);
  c = await startPeerServer(a, { sessionWaitMs: SHORT_WAIT_MS });
});
afterAll(async () => {
  await c?.close();
  await b?.close();
  await a?.close();
});

async function variablesOf(sessionId: string): Promise<Record<string, unknown>> {
  const session = await a.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
  return Object.fromEntries(
    ((session.state as any).queue[0].variables as { name: string; value: unknown }[]).map((variable) => [
      variable.name,
      variable.value,
    ]),
  );
}

test('the peers are distinct servers over one database', async () => {
  expect(new Set([a.url, b.url, c.url]).size).toBe(3);
  expect(b.db).not.toBe(a.db);
  const { publicId } = await publishDefinition(a, threeQuestions());
  const started = await startChat(b, publicId);
  expect(started.status).toBe(200);
  expect(await a.db.chatSession.count({ where: { id: started.body.sessionId } })).toBe(1);
});

test('two parallel continueChat on one session, one to server A and one to server B: both answered, in one of the two serial orders', async () => {
  const { publicId } = await publishDefinition(a, threeQuestions());
  for (let round = 0; round < 5; round += 1) {
    const started = await startChat(a, publicId);
    expect(started.status).toBe(200);
    const { sessionId, resultId } = started.body;
    const before = Date.now();
    const [x, y] = await Promise.all([say(a, sessionId, 'x'), say(b, sessionId, 'y')]);
    expect([x, y].map((response) => ({ status: response.status, message: response.body.message }))).toEqual([
      { status: 200, message: undefined },
      { status: 200, message: undefined },
    ]);
    // within the default wait bound (10 s)
    expect(Date.now() - before).toBeLessThan(10_000);
    const variables = await variablesOf(sessionId);
    expect([
      { A: 'x', B: 'y' },
      { A: 'y', B: 'x' },
    ]).toContainEqual({ A: variables.A, B: variables.B });
    expect(variables.C ?? null).toBeNull();
    // one reply was asked q2 (it ran first), the other q3
    const asked = variables.A === 'x' ? [x, y] : [y, x];
    expect(asked.map((response) => response.body.input?.id)).toEqual(['q2', 'q3']);
    // exactly one Answer row per accepted reply
    const answers = await a.db.answer.findMany({ where: { resultId } });
    expect(answers.map((answer) => answer.content).sort()).toEqual(['x', 'y']);
    // the session is not left claimed, and goes on from either server
    const session = await a.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(session.claimedUntil).toBeNull();
    const last = await say(b, sessionId, 'z');
    expect(texts(last.body)).toEqual([`A=${variables.A} B=${variables.B} C=z`]);
    expect(await a.db.answer.count({ where: { resultId } })).toBe(3);
  }
});

/** Leaves the session as a turn that crashed mid-way would: claimed (version bumped) until `until`. */
async function crashedClaim(sessionId: string, until: Date) {
  await a.db.chatSession.update({ where: { id: sessionId }, data: { claimedUntil: until, version: { increment: 1 } } });
}

test('a claim left by a crashed turn that outlives the wait bound: the reply waits, then 400 "Session busy", and nothing changes', async () => {
  const { publicId } = await publishDefinition(a, threeQuestions());
  const started = await startChat(a, publicId);
  const { sessionId, resultId } = started.body;
  await crashedClaim(sessionId, new Date(Date.now() + 60_000));
  const before = await a.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } });

  const startedAt = Date.now();
  const busy = await say(c, sessionId, 'x');
  const waited = Date.now() - startedAt;
  expect({ status: busy.status, code: busy.body.code, message: busy.body.message }).toEqual({
    status: 400,
    code: 'BAD_REQUEST',
    message: 'Session busy',
  });
  // it polled the claim for about the bound (the last back-off step, at most 200 ms, is not slept) rather than failing at once
  expect(waited).toBeGreaterThanOrEqual(SHORT_WAIT_MS - 250);
  expect(waited).toBeLessThan(SHORT_WAIT_MS + 5000);

  const after = await a.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
  expect({ version: after.version, claimedUntil: after.claimedUntil, state: after.state }).toEqual({
    version: before.version,
    claimedUntil: before.claimedUntil,
    state: before.state,
  });
  expect(await a.db.answer.count({ where: { resultId } })).toBe(0);
});

test('a claim left by a crashed turn that expires within the wait bound: the reply waits for the lease, then runs', async () => {
  const { publicId } = await publishDefinition(a, threeQuestions());
  const started = await startChat(a, publicId);
  const { sessionId, resultId } = started.body;
  const leaseMs = 300;
  const until = new Date(Date.now() + leaseMs);
  await crashedClaim(sessionId, until);
  const crashedVersion = (await a.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).version;

  const reply = await say(c, sessionId, 'x');
  expect(Date.now()).toBeGreaterThanOrEqual(until.getTime());
  expect(reply.status).toBe(200);
  expect(reply.body.input).toMatchObject({ id: 'q2' });
  expect((await variablesOf(sessionId)).A).toBe('x');
  expect(await a.db.answer.count({ where: { resultId } })).toBe(1);
  // the crashed turn's version is stale: its late commit could no longer overwrite this turn's
  const session = await a.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
  expect(session.version).toBeGreaterThan(crashedVersion);
  expect(session.claimedUntil).toBeNull();
});
