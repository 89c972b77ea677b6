import fs from 'node:fs';
import path from 'node:path';
import { Kind, print, separateOperations, type OperationDefinitionNode } from 'graphql';
import { schema } from '../../../src/graphql/schema';
import { compileOperations } from '../../../src/rest/operations';
import { routes } from '../../../src/rest/routes';
import { addInvoice } from '../../../src/services/billing';
import { request, type HttpResponse } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// The REST routes run named GraphQL operations in-process; the same operation
// text sent to POST /graphql must give the same data (unwrapped as the route
// unwraps it) and the same errors, carried in `extensions`.

interface GraphQLBody {
  data?: Record<string, any> | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, any> }[];
}

const root = path.resolve(__dirname, '../../..');
const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(root, 'test/fixtures/bots', name), 'utf8'));
const operations = compileOperations(schema);
/** Every REST operation and fragment, exactly the text the REST layer executes. */
// Each operation goes alone with the fragments it uses, as a client sends it (the whole file is over /graphql's token limit).
const operationTexts = new Map(
  Object.entries(separateOperations(operations.document)).map(([name, document]) => [name, print(document)]),
);

let server: TestServer;
let member: { userId: string; token: string };
let outsider: { token: string };
let botId: string;

beforeAll(async () => {
  server = await startTestServer();
  member = await createUserWithToken(server.db, 'member@parity.test', {
    workspaceId: server.adminWorkspaceId,
    role: 'MEMBER',
  });
  outsider = await createUserWithToken(server.db, 'outsider@parity.test');
  const { publicId: _publicId, ...bot } = fixture('lead-gen.json');
  const created = await request(server.url, 'POST', '/v1/bots', {
    token: server.adminToken,
    json: { workspaceId: server.adminWorkspaceId, bot },
  });
  if (created.status !== 200) throw new Error(`bot import failed: ${JSON.stringify(created.body)}`);
  botId = created.body.bot.id;
  // Results as the chat runtime leaves them: 3 views, 2 starts, 1 completion.
  for (const [hasStarted, isCompleted] of [
    [false, false],
    [true, false],
    [true, true],
  ] as const) {
    await server.db.result.create({ data: { botId, variables: [], hasStarted, isCompleted } });
  }
  await addInvoice(server.db, {
    workspaceId: server.adminWorkspaceId,
    amount: 3900,
    currency: 'usd',
    url: 'https://billing.test/1',
    paidAt: new Date('2026-01-15T10:00:00Z'),
  });
  await addInvoice(server.db, {
    workspaceId: server.adminWorkspaceId,
    amount: 1200,
    currency: 'eur',
    url: 'https://billing.test/2',
    paidAt: new Date('2026-02-15T10:00:00Z'),
  });
});
afterAll(() => server.close());

function routeOf(operationName: string) {
  const route = routes.find((candidate) => candidate.operation === operationName);
  if (!route) throw new Error(`no route runs ${operationName}`);
  return route;
}

/** POST /graphql with the operation text of src/rest/operations. */
function graphql(
  operationName: string,
  variables: Record<string, unknown>,
  token?: string,
): Promise<HttpResponse<GraphQLBody>> {
  return request<GraphQLBody>(server.url, 'POST', '/graphql', {
    token,
    json: { query: operationTexts.get(operationName), operationName, variables },
  });
}

/** The data unwrapped by the route's keys, as REST answers it. */
function unwrapped(operationName: string, data: unknown): unknown {
  return (routeOf(operationName).unwrap ?? []).reduce<any>((value, key) => value?.[key], data);
}

/** Runs one operation through both faces; returns the REST body and the unwrapped GraphQL data. */
async function bothFaces(
  operationName: string,
  restPath: string,
  variables: Record<string, unknown>,
  options: { json?: unknown; token?: string } = {},
): Promise<{ rest: HttpResponse; gql: HttpResponse<GraphQLBody>; data: unknown }> {
  const token = options.token ?? server.adminToken;
  const route = routeOf(operationName);
  const rest = await request(server.url, route.method, restPath, { token, json: options.json });
  const gql = await graphql(operationName, variables, token);
  const data = unwrapped(operationName, gql.body.data);
  // A versioned resource's version travels in REST's ETag header rather than in its body.
  if (route.etag && rest.status === 200) {
    const keys = route.etag.version;
    const holder = keys.slice(0, -1).reduce<any>((value, key) => value?.[key], data);
    const version = holder[keys[keys.length - 1]!];
    expect(rest.headers.get('etag')).toBe(`"${version}"`);
    delete holder[keys[keys.length - 1]!];
  }
  return { rest, gql, data };
}

function expectSameSuccess(result: { rest: HttpResponse; gql: HttpResponse<GraphQLBody>; data: unknown }): void {
  expect(result.rest.status).toBe(200);
  expect(result.gql.status).toBe(200);
  expect(result.gql.body.errors).toBeUndefined();
  expect(result.data).toEqual(result.rest.body);
}

describe('same data through REST and /graphql', () => {
  test('list workspaces', async () => {
    const result = await bothFaces('ListWorkspaces', '/v1/workspaces', {});
    expectSameSuccess(result);
    expect(result.rest.body.workspaces.map((workspace: { id: string }) => workspace.id)).toContain(
      server.adminWorkspaceId,
    );
  });

  test('get workspace', async () => {
    const workspaceId = server.adminWorkspaceId;
    const result = await bothFaces('GetWorkspace', `/v1/workspaces/${workspaceId}`, { workspaceId });
    expectSameSuccess(result);
    expect(result.rest.body.workspace.id).toBe(workspaceId);
  });

  test('create workspace: the same record apart from id and timestamps', async () => {
    const input = { name: 'Parity', icon: '🦜' };
    const result = await bothFaces('CreateWorkspace', '/v1/workspaces', input, { json: input });
    expect(result.rest.status).toBe(200);
    expect(result.gql.body.errors).toBeUndefined();
    const strip = ({ id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest }: Record<string, unknown>) => rest;
    const fromRest = result.rest.body as { workspace: Record<string, unknown> };
    const fromGraphql = result.data as { workspace: Record<string, unknown> };
    expect(Object.keys(fromGraphql.workspace)).toEqual(Object.keys(fromRest.workspace));
    expect(strip(fromGraphql.workspace)).toEqual(strip(fromRest.workspace));
    expect(strip(fromRest.workspace)).toEqual({
      name: 'Parity',
      icon: '🦜',
      plan: 'FREE',
      paymentProviderId: null,
      isSuspended: false,
      isPastDue: false,
      isVerified: null,
    });
    expect(fromGraphql.workspace.id).not.toBe(fromRest.workspace.id);

    // The workspace created through /graphql reads the same through both faces.
    const workspaceId = fromGraphql.workspace.id as string;
    expectSameSuccess(await bothFaces('GetWorkspace', `/v1/workspaces/${workspaceId}`, { workspaceId }));
  });

  test('update workspace (and icon: null clears through both)', async () => {
    const make = async () =>
      (
        await request(server.url, 'POST', '/v1/workspaces', {
          token: server.adminToken,
          json: { name: 'Before', icon: '✏️' },
        })
      ).body.workspace.id as string;
    const [viaRest, viaGraphql] = [await make(), await make()];
    const changes = { name: 'After', icon: null };
    const rest = await request(server.url, 'PATCH', `/v1/workspaces/${viaRest}`, {
      token: server.adminToken,
      json: changes,
    });
    const gql = await graphql('UpdateWorkspace', { workspaceId: viaGraphql, ...changes }, server.adminToken);
    expect(rest.status).toBe(200);
    expect(gql.body.errors).toBeUndefined();
    expect(unwrapped('UpdateWorkspace', gql.body.data)).toEqual(rest.body);
    expect(rest.body).toEqual({ workspace: { name: 'After', icon: null } });
    const stored = await request(server.url, 'GET', `/v1/workspaces/${viaGraphql}`, { token: server.adminToken });
    expect(stored.body.workspace).toEqual(expect.objectContaining({ name: 'After', icon: null }));
  });

  test('list members', async () => {
    const workspaceId = server.adminWorkspaceId;
    const result = await bothFaces('ListMembers', `/v1/workspaces/${workspaceId}/members`, { workspaceId });
    expectSameSuccess(result);
    expect(result.rest.body.members).toEqual(
      expect.arrayContaining([
        { workspaceId, user: expect.objectContaining({ email: 'admin@parley.test' }), role: 'ADMIN' },
        { workspaceId, user: expect.objectContaining({ email: 'member@parity.test' }), role: 'MEMBER' },
      ]),
    );
  });

  test('usage, with and without workspaceId', async () => {
    const workspaceId = server.adminWorkspaceId;
    const explicit = await bothFaces('GetUsage', `/v1/billing/usage?workspaceId=${workspaceId}`, { workspaceId });
    expectSameSuccess(explicit);
    expect(explicit.rest.body.totalChatsUsed).toBe(2);
    const implicit = await bothFaces('GetUsage', '/v1/billing/usage', {});
    expectSameSuccess(implicit);
    expect(implicit.rest.body).toEqual(explicit.rest.body);
  });

  test('invoices', async () => {
    const workspaceId = server.adminWorkspaceId;
    const result = await bothFaces('ListInvoices', `/v1/billing/invoices?workspaceId=${workspaceId}`, { workspaceId });
    expectSameSuccess(result);
    expect(
      result.rest.body.invoices.map((invoice: { amount: number; date: number }) => [invoice.amount, invoice.date]),
    ).toEqual([
      [1200, Date.UTC(2026, 1, 15, 10) / 1000],
      [3900, Date.UTC(2026, 0, 15, 10) / 1000],
    ]);
  });

  test('get bot', async () => {
    const result = await bothFaces('GetBot', `/v1/bots/${botId}`, { botId });
    expectSameSuccess(result);
    expect(result.rest.body.bot).toEqual(expect.objectContaining({ id: botId, groups: expect.any(Array) }));
  });

  test('bot stats, for several time filters', async () => {
    for (const timeFilter of ['allTime', 'today', 'last7Days'] as const) {
      const result = await bothFaces(
        'GetBotStats',
        `/v1/bots/${botId}/analytics/stats?timeFilter=${timeFilter}&timeZone=Europe/Paris`,
        {
          botId,
          timeFilter,
          timeZone: 'Europe/Paris',
        },
      );
      expectSameSuccess(result);
      expect(result.rest.body).toEqual({ stats: { totalViews: 3, totalStarts: 2, totalCompleted: 1 } });
    }
    expectSameSuccess(await bothFaces('GetBotStats', `/v1/bots/${botId}/analytics/stats`, { botId }));
  });

  test('a GUEST reads the same as REST shows it', async () => {
    const guest = await createUserWithToken(server.db, 'guest@parity.test', {
      workspaceId: server.adminWorkspaceId,
      role: 'GUEST',
    });
    expectSameSuccess(await bothFaces('GetBot', `/v1/bots/${botId}`, { botId }, { token: guest.token }));
  });
});

describe('errors through /graphql carry extensions.code (and match REST)', () => {
  function firstError(response: HttpResponse<GraphQLBody>) {
    expect(response.body.errors).toHaveLength(1);
    return response.body.errors![0]!;
  }

  test('NOT_FOUND: an unknown workspace, and one the caller is not a member of', async () => {
    for (const workspaceId of ['does-not-exist', server.adminWorkspaceId]) {
      const { rest, gql } = await bothFaces(
        'GetWorkspace',
        `/v1/workspaces/${workspaceId}`,
        { workspaceId },
        { token: outsider.token },
      );
      const error = firstError(gql);
      expect({ message: error.message, code: error.extensions?.code }).toEqual({
        message: 'Not found',
        code: 'NOT_FOUND',
      });
      expect(gql.body.data ?? null).toBeNull();
      expect(rest.status).toBe(404);
      expect(rest.body).toEqual({ code: 'NOT_FOUND', message: 'Not found', issues: [] });
    }
  });

  test('FORBIDDEN: a MEMBER updating the workspace', async () => {
    const workspaceId = server.adminWorkspaceId;
    const { rest, gql } = await bothFaces(
      'UpdateWorkspace',
      `/v1/workspaces/${workspaceId}`,
      { workspaceId, name: 'Nope' },
      {
        token: member.token,
        json: { name: 'Nope' },
      },
    );
    const error = firstError(gql);
    expect({ message: error.message, code: error.extensions?.code }).toEqual({
      message: 'Insufficient access',
      code: 'FORBIDDEN',
    });
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({ code: 'FORBIDDEN', message: 'Insufficient access', issues: [] });
    const unchanged = await request(server.url, 'GET', `/v1/workspaces/${workspaceId}`, { token: server.adminToken });
    expect(unchanged.body.workspace.name).not.toBe('Nope');
  });

  test('UNAUTHORIZED: no token, and a token that is not valid', async () => {
    const missing = await graphql('ListWorkspaces', {});
    expect(firstError(missing)).toEqual(
      expect.objectContaining({
        message: 'Authorization not provided',
        extensions: expect.objectContaining({ code: 'UNAUTHORIZED' }),
      }),
    );
    const restMissing = await request(server.url, 'GET', '/v1/workspaces');
    expect(restMissing.status).toBe(401);
    expect(restMissing.body).toEqual({ code: 'UNAUTHORIZED', message: 'Authorization not provided', issues: [] });

    const invalid = await graphql('ListWorkspaces', {}, 'not-a-real-token-at-all');
    const restInvalid = await request(server.url, 'GET', '/v1/workspaces', { token: 'not-a-real-token-at-all' });
    expect(firstError(invalid).extensions?.code).toBe('UNAUTHORIZED');
    expect(restInvalid.status).toBe(401);
    expect(firstError(invalid).message).toBe(restInvalid.body.message);
  });

  test('UNAUTHORIZED: every builder operation through /graphql without a token', async () => {
    const sample: Record<string, unknown> = {
      ID: 'some-id',
      String: 'some text',
      Int: 10,
      JSON: {},
      WorkspaceRole: 'MEMBER',
      TimeFilter: 'allTime',
      Boolean: true,
      ExportFormat: 'csv',
      ConversationStatus: 'waiting',
    };
    // The chat runtime is public: its operations need no token.
    const builderOperations = new Set(
      routes.filter((route) => route.auth === 'bearer').map((route) => route.operation),
    );
    const operationsList = operations.document.definitions.filter(
      (definition): definition is OperationDefinitionNode =>
        definition.kind === Kind.OPERATION_DEFINITION && builderOperations.has(definition.name!.value),
    );
    expect(operationsList.length).toBe(builderOperations.size);
    const codes: Record<string, unknown> = {};
    for (const operation of operationsList) {
      const variables = Object.fromEntries(
        (operation.variableDefinitions ?? []).map((definition) => {
          const typeName = print(definition.type).replace(/[![\]]/g, '');
          if (!(typeName in sample)) throw new Error(`no sample value for ${typeName}`);
          return [definition.variable.name.value, sample[typeName]];
        }),
      );
      const response = await graphql(operation.name!.value, variables);
      codes[operation.name!.value] = response.body.errors?.map((error) => error.extensions?.code);
    }
    expect(codes).toEqual(
      Object.fromEntries(operationsList.map((operation) => [operation.name!.value, ['UNAUTHORIZED']])),
    );
  });

  test('BAD_REQUEST with extensions.issues, the same issues as REST', async () => {
    const { rest, gql } = await bothFaces(
      'CreateWorkspace',
      '/v1/workspaces',
      { name: '   ' },
      { json: { name: '   ' } },
    );
    const error = firstError(gql);
    expect(error.message).toBe('Invalid input data');
    expect(error.extensions).toEqual(
      expect.objectContaining({ code: 'BAD_REQUEST', issues: [{ message: 'must not be empty', path: ['name'] }] }),
    );
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ code: 'BAD_REQUEST', message: 'Invalid input data', issues: error.extensions!.issues });
  });

  test('BAD_REQUEST from a service: an unknown time zone', async () => {
    const { rest, gql } = await bothFaces('GetBotStats', `/v1/bots/${botId}/analytics/stats?timeZone=Mars/Olympus`, {
      botId,
      timeZone: 'Mars/Olympus',
    });
    const error = firstError(gql);
    expect(error.extensions?.code).toBe('BAD_REQUEST');
    expect(error.extensions?.issues).toEqual([
      { message: expect.stringContaining('Mars/Olympus'), path: ['timeZone'] },
    ]);
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ code: 'BAD_REQUEST', message: error.message, issues: error.extensions!.issues });
  });

  test("GraphQL's own validation errors are not masked", async () => {
    const response = await request<GraphQLBody>(server.url, 'POST', '/graphql', {
      token: server.adminToken,
      json: { query: '{ workspaces { id noSuchField } }' },
    });
    expect(response.body.errors?.[0]?.message).toContain('noSuchField');
    expect(response.body.data).toBeUndefined();
  });

  test('unexpected errors are masked as "Internal server error" (and logged)', async () => {
    // A stored draft missing its definition keys: resolving a non-null field fails inside GraphQL.
    const broken = await server.db.bot.create({
      data: { workspaceId: server.adminWorkspaceId, name: 'Broken', version: '6', draft: {} },
    });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { rest, gql } = await bothFaces('GetBot', `/v1/bots/${broken.id}`, { botId: broken.id });
      const error = firstError(gql);
      expect({ message: error.message, code: error.extensions?.code }).toEqual({
        message: 'Internal server error',
        code: 'INTERNAL_SERVER_ERROR',
      });
      expect(JSON.stringify(gql.body)).not.toMatch(/non-nullable|Bot\.groups|\bat .*\.js/);
      expect(rest.status).toBe(500);
      expect(rest.body).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error', issues: [] });
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });
});
