import { publishDefinition, say, startChat, threeQuestions } from '../../helpers/chat';
import { errorBody, graphql, ISO_MS, request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// Results read back over REST and GraphQL after real chats on a real server.

let server: TestServer;
let botId: string;
let publicId: string;

/** Runs one conversation answering the given replies in order; returns its result id. */
async function converse(replies: string[]): Promise<string> {
  const started = await startChat(server, publicId);
  expect(started.status).toBe(200);
  for (const reply of replies) expect((await say(server, started.body.sessionId, reply)).status).toBe(200);
  return started.body.resultId;
}

function listResults(query: Record<string, string> = {}, token = server.adminToken) {
  const search = new URLSearchParams(query).toString();
  return request(server.url, 'GET', `/v1/bots/${botId}/results${search ? `?${search}` : ''}`, { token });
}

const answer = (blockId: string, variableId: string, content: string) => ({
  blockId,
  groupId: 'g1',
  variableId,
  content,
  attachedFileUrls: null,
  createdAt: expect.stringMatching(ISO_MS),
});

let completedId: string;
let startedId: string;
let viewOnlyId: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ botId, publicId } = await publishDefinition(server, threeQuestions()));
  completedId = await converse(['Ann, "the first"', 'line one\nline two', 'café ☕']);
  startedId = await converse(['Bob']);
  viewOnlyId = await converse([]);
});
afterAll(() => server.close());

describe('GET /v1/bots/{botId}/results', () => {
  it('lists started results newest first with their answers and variables', async () => {
    const response = await listResults();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      results: [
        {
          id: startedId,
          createdAt: expect.stringMatching(ISO_MS),
          botId,
          hasStarted: true,
          isCompleted: false,
          isArchived: false,
          lastChatSessionId: expect.any(String),
          variables: [{ id: 'va', name: 'A', value: 'Bob' }],
          answers: [answer('q1', 'va', 'Bob')],
        },
        {
          id: completedId,
          createdAt: expect.stringMatching(ISO_MS),
          botId,
          hasStarted: true,
          isCompleted: true,
          isArchived: false,
          lastChatSessionId: expect.any(String),
          variables: [
            { id: 'va', name: 'A', value: 'Ann, "the first"' },
            { id: 'vb', name: 'B', value: 'line one\nline two' },
            { id: 'vc', name: 'C', value: 'café ☕' },
          ],
          answers: [
            answer('q1', 'va', 'Ann, "the first"'),
            answer('q2', 'vb', 'line one\nline two'),
            answer('q3', 'vc', 'café ☕'),
          ],
        },
      ],
      nextCursor: null,
    });
    expect(response.body.results.map((result: { id: string }) => result.id)).not.toContain(viewOnlyId);
  });

  it('filters by completion and by answer text', async () => {
    const ids = async (query: Record<string, string>) => {
      const response = await listResults(query);
      expect(response.status).toBe(200);
      return response.body.results.map((result: { id: string }) => result.id);
    };
    expect(await ids({ isCompleted: 'true' })).toEqual([completedId]);
    expect(await ids({ isCompleted: 'false' })).toEqual([startedId]);
    expect(await ids({ search: 'café' })).toEqual([completedId]);
    expect(await ids({ search: 'Bob' })).toEqual([startedId]);
    expect(await ids({ search: 'nobody said this' })).toEqual([]);
    expect(await ids({ timeFilter: 'allTime', timeZone: 'Pacific/Kiritimati' })).toEqual([startedId, completedId]);
    expect(await ids({ timeFilter: 'lastMonth' })).toEqual([]);
  });

  it('pages by cursor, stable while new results arrive', async () => {
    const first = await listResults({ limit: '1' });
    expect(first.status).toBe(200);
    expect(first.body.results.map((result: { id: string }) => result.id)).toEqual([startedId]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    // A visitor answers between the two pages: the next page is still the older result.
    const newer = await converse(['Cy']);
    const second = await listResults({ limit: '1', cursor: first.body.nextCursor });
    expect(second.body.results.map((result: { id: string }) => result.id)).toEqual([completedId]);
    expect(second.body.nextCursor).toBeNull();
    expect((await listResults({ limit: '1' })).body.results[0].id).toBe(newer);
    await request(server.url, 'DELETE', `/v1/bots/${botId}/results?resultIds=${newer}`, { token: server.adminToken });
  });

  it('refuses a page size above 100 and a cursor it never returned', async () => {
    const tooMany = await listResults({ limit: '101' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid input data',
      issues: [{ message: 'must be at most 100', path: ['first'] }],
    });
    const badCursor = await listResults({ cursor: 'bm90IGEgY3Vyc29y' });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.issues).toEqual([{ message: 'is not a cursor this API returned', path: ['cursor'] }]);
    const badZone = await listResults({ timeZone: 'Mars/Olympus' });
    expect(badZone.status).toBe(400);
    expect(badZone.body.issues[0].path).toEqual(['timeZone']);
  });
});

describe('one result and its logs', () => {
  it('GET /results/{resultId} answers the result with its visited path', async () => {
    const response = await request(server.url, 'GET', `/v1/bots/${botId}/results/${completedId}`, {
      token: server.adminToken,
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['result']);
    expect(response.body.result).toMatchObject({ id: completedId, isCompleted: true, visitedEdges: expect.any(Array) });
    expect(response.body.result.answers.map((item: { content: string }) => item.content)).toEqual([
      'Ann, "the first"',
      'line one\nline two',
      'café ☕',
    ]);
  });

  it('GET /results/{resultId}/logs answers the logs in order', async () => {
    const session = await server.db.result.findUniqueOrThrow({ where: { id: startedId } });
    await server.db.log.create({
      data: {
        resultId: startedId,
        sessionId: session.lastChatSessionId,
        status: 'error',
        description: 'Webhook failed',
        details: '{"status":500}',
      },
    });
    const response = await request(server.url, 'GET', `/v1/bots/${botId}/results/${startedId}/logs`, {
      token: server.adminToken,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      logs: [
        {
          id: expect.any(String),
          createdAt: expect.stringMatching(ISO_MS),
          resultId: startedId,
          status: 'error',
          description: 'Webhook failed',
          details: '{"status":500}',
          context: null,
        },
      ],
    });
  });

  it('an unknown result is a 404', async () => {
    const response = await request(server.url, 'GET', `/v1/bots/${botId}/results/nope`, { token: server.adminToken });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(errorBody('NOT_FOUND', 'Result not found'));
  });
});

describe('GraphQL', () => {
  it('bot.results is a Relay connection', async () => {
    const query = `query($botId: ID!, $after: String) { bot(botId: $botId) { results(first: 1, after: $after) {
      edges { cursor node { id answers { content } } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;
    const first = await graphql(server.url, query, { botId }, server.adminToken);
    expect(first.body.errors).toBeUndefined();
    const connection = first.body.data.bot.results;
    expect(connection.edges).toEqual([
      { cursor: expect.any(String), node: { id: startedId, answers: [{ content: 'Bob' }] } },
    ]);
    expect(connection.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: connection.edges[0].cursor,
      endCursor: connection.edges[0].cursor,
    });
    const second = await graphql(server.url, query, { botId, after: connection.pageInfo.endCursor }, server.adminToken);
    expect(second.body.data.bot.results.edges.map((edge: any) => edge.node.id)).toEqual([completedId]);
    expect(second.body.data.bot.results.pageInfo.hasNextPage).toBe(false);
  });
});

describe('isolation and roles', () => {
  it('another workspace gets 404 on every route and field', async () => {
    const stranger = await createUserWithToken(server.db, 'stranger@parley.test');
    const paths = [
      ['GET', `/v1/bots/${botId}/results`],
      ['GET', `/v1/bots/${botId}/results/${completedId}`],
      ['GET', `/v1/bots/${botId}/results/${completedId}/logs`],
      ['DELETE', `/v1/bots/${botId}/results?resultIds=${completedId}`],
      ['DELETE', `/v1/bots/${botId}/results`],
    ] as const;
    for (const [method, path] of paths) {
      const response = await request(server.url, method, path, { token: stranger.token });
      expect([method, path, response.status]).toEqual([method, path, 404]);
      expect(response.body).toEqual(errorBody('NOT_FOUND', 'Not found'));
    }
    const viaGraphql = await graphql(
      server.url,
      `
        query ($botId: ID!) {
          bot(botId: $botId) {
            results {
              nodes {
                id
              }
            }
          }
        }
      `,
      { botId },
      stranger.token,
    );
    expect(viaGraphql.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await listResults()).body.results).toHaveLength(2);
  });

  it('a guest reads but may not delete', async () => {
    const guest = await createUserWithToken(server.db, 'guest@parley.test', {
      workspaceId: server.adminWorkspaceId,
      role: 'GUEST',
    });
    expect((await listResults({}, guest.token)).status).toBe(200);
    const refused = await request(server.url, 'DELETE', `/v1/bots/${botId}/results`, { token: guest.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(errorBody('FORBIDDEN', 'Insufficient access'));
  });
});

describe('DELETE /v1/bots/{botId}/results', () => {
  it('archives the selected results, then all', async () => {
    const selected = await request(server.url, 'DELETE', `/v1/bots/${botId}/results?resultIds=${startedId}`, {
      token: server.adminToken,
    });
    expect(selected.status).toBe(200);
    expect(selected.body).toEqual({ message: 'Results deleted' });
    expect((await listResults()).body.results.map((result: { id: string }) => result.id)).toEqual([completedId]);
    expect(
      (await request(server.url, 'GET', `/v1/bots/${botId}/results/${startedId}`, { token: server.adminToken })).status,
    ).toBe(404);
    const archived = await server.db.result.findUniqueOrThrow({
      where: { id: startedId },
      include: { answers: true, logs: true },
    });
    expect({
      isArchived: archived.isArchived,
      variables: archived.variables,
      answers: archived.answers,
      logs: archived.logs,
    }).toEqual({
      isArchived: true,
      variables: [],
      answers: [],
      logs: [],
    });

    const all = await request(server.url, 'DELETE', `/v1/bots/${botId}/results`, { token: server.adminToken });
    expect(all.status).toBe(200);
    expect((await listResults()).body).toEqual({ results: [], nextCursor: null });
  });
});
