import { request, type HttpResponse } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// A variable value of the wrong type is the caller's mistake, not a fault of
// the server (docs/security.md#hostile-input): /graphql answers a 400 with
// BAD_REQUEST and GraphQL's own message, logs nothing, and REST answers the
// same values with its 400 naming the field.

interface GraphQLBody {
  data?: unknown;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

let server: TestServer;
let production: TestServer;

beforeAll(async () => {
  [server, production] = await Promise.all([startTestServer(), startTestServer({ productionGraphql: true })]);
});
afterAll(async () => {
  await Promise.all([server?.close(), production?.close()]);
});

const CASES = [
  {
    label: 'an unknown WorkspaceRole',
    query: 'mutation ($role: WorkspaceRole!) { inviteMember(email: "x@y.test", role: $role, workspaceId: "w") { id } }',
    variables: { role: 'ADMN' },
    message: 'Variable "$role" got invalid value "ADMN"; Value "ADMN" does not exist in "WorkspaceRole" enum.',
    suggestion: ' Did you mean the enum value "ADMIN"?',
  },
  {
    label: 'an unknown TextBubbleContentFormat',
    query:
      'mutation ($format: TextBubbleContentFormat) { continueChat(sessionId: "s", textBubbleContentFormat: $format) { __typename } }',
    variables: { format: 'html' },
    message:
      'Variable "$format" got invalid value "html"; Value "html" does not exist in "TextBubbleContentFormat" enum.',
    suggestion: '',
  },
  {
    label: 'an Int of 2^40',
    query: 'query ($limit: Int) { bots(workspaceId: "w", limit: $limit) { nextCursor } }',
    variables: { limit: 2 ** 40 },
    message:
      'Variable "$limit" got invalid value 1099511627776; Int cannot represent non 32-bit signed integer value: 1099511627776',
    suggestion: '',
  },
  {
    label: 'an ID given as an object',
    query: 'query ($id: ID!) { bot(botId: $id) { id } }',
    variables: { id: { id: 'b' } },
    message: 'Variable "$id" got invalid value { id: "b" }; ID cannot represent value: { id: "b" }',
    suggestion: '',
  },
];

/** Runs `send` with console.error watched: the server's report of an unexpected error. */
async function unlogged<T>(send: () => Promise<T>): Promise<T> {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const result = await send();
    expect(logged).not.toHaveBeenCalled();
    return result;
  } finally {
    logged.mockRestore();
  }
}

function expectBadRequest(response: HttpResponse<GraphQLBody>, message: string) {
  expect(response.status).toBe(400);
  expect(response.body.data).toBeUndefined();
  expect(response.body.errors).toEqual([expect.objectContaining({ message, extensions: { code: 'BAD_REQUEST' } })]);
}

describe.each([
  ['anonymous', () => undefined],
  ['authenticated', () => server.adminToken],
])('POST /graphql, %s', (_who, token) => {
  test.each(CASES)('$label is a 400 BAD_REQUEST, not logged', async ({ query, variables, message, suggestion }) => {
    const response = await unlogged(() =>
      request<GraphQLBody>(server.url, 'POST', '/graphql', { token: token(), json: { query, variables } }),
    );
    expectBadRequest(response, message + suggestion);
  });
});

describe('POST /graphql in production (introspection off)', () => {
  test.each(CASES)('$label names no value of the schema', async ({ query, variables, message }) => {
    for (const token of [undefined, production.adminToken]) {
      const response = await unlogged(() =>
        request<GraphQLBody>(production.url, 'POST', '/graphql', { token, json: { query, variables } }),
      );
      expectBadRequest(response, message);
      expect(JSON.stringify(response.body)).not.toMatch(/Did you mean/);
    }
  });
});

describe('the same values on REST', () => {
  function expectInvalid(response: HttpResponse, path: string[], message: string) {
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid input data',
      issues: [{ path, message: expect.stringContaining(message) }],
    });
  }

  test('an unknown role on invite', async () => {
    const response = await unlogged(() =>
      request(server.url, 'POST', `/v1/workspaces/${server.adminWorkspaceId}/members`, {
        token: server.adminToken,
        json: { email: 'x@y.test', role: 'ADMN' },
      }),
    );
    expectInvalid(response, ['role'], 'Value "ADMN" does not exist in "WorkspaceRole" enum.');
  });

  test('an unknown text format on startChat (anonymous)', async () => {
    const response = await unlogged(() =>
      request(server.url, 'POST', '/v1/bots/some-bot/startChat', { json: { textBubbleContentFormat: 'html' } }),
    );
    expectInvalid(response, ['textBubbleContentFormat'], 'Value "html" does not exist');
  });

  test('a limit of 2^40', async () => {
    const response = await unlogged(() =>
      request(server.url, 'GET', `/v1/bots?workspaceId=${server.adminWorkspaceId}&limit=${2 ** 40}`, {
        token: server.adminToken,
      }),
    );
    expectInvalid(response, ['limit'], 'Int cannot represent non 32-bit signed integer value');
  });

  test('an ID given as an object', async () => {
    const response = await unlogged(() =>
      request(server.url, 'POST', '/v1/bots', {
        token: server.adminToken,
        json: { workspaceId: { id: server.adminWorkspaceId }, bot: {} },
      }),
    );
    expectInvalid(response, ['workspaceId'], 'ID cannot represent value');
  });
});
