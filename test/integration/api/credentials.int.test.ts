import { createSecretBox } from '../../../src/services/credentials/secret-box';
import { resolveCredentials } from '../../../src/services/credentials/credentials';
import { request } from '../../helpers/http';
import { createUserWithToken, startTestServer, TEST_ENCRYPTION_KEY, type TestServer } from '../../helpers/test-server';

// Workspace credentials over REST and GraphQL: stored encrypted, never
// answered back, scoped to their workspace.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SMTP = {
  host: 'smtp.example.com',
  port: 587,
  username: 'mailer',
  password: 'p4ss-w0rd-secret',
  from: { email: 'bot@example.com', name: 'Bot' },
};

const asAdmin = (method: string, path: string, json?: unknown) =>
  request(server.url, method, path, { token: server.adminToken, json });

describe('credentials', () => {
  test('create answers the summary only; the row is encrypted; list and delete', async () => {
    const ws = server.adminWorkspaceId;
    const created = await asAdmin('POST', `/v1/workspaces/${ws}/credentials`, {
      type: 'smtp',
      name: 'Mail',
      data: SMTP,
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      credentials: { id: expect.any(String), type: 'smtp', name: 'Mail', createdAt: expect.stringMatching(/Z$/) },
    });
    expect(JSON.stringify(created.body)).not.toContain('p4ss');

    const row = await server.db.credentials.findUniqueOrThrow({ where: { id: created.body.credentials.id } });
    expect(row.data).not.toContain('p4ss');
    expect(Buffer.from(row.data, 'base64').toString('latin1')).not.toContain('p4ss');
    expect(createSecretBox(Buffer.from(TEST_ENCRYPTION_KEY, 'base64')).open(row)).toEqual(SMTP);

    const listed = await asAdmin('GET', `/v1/workspaces/${ws}/credentials`);
    expect(listed.status).toBe(200);
    // SMTP credentials have no channel; the list says so (channel: null), creation does not select it.
    expect(listed.body.credentials).toContainEqual({ ...created.body.credentials, channel: null });
    expect(JSON.stringify(listed.body)).not.toContain('p4ss');

    const deleted = await asAdmin('DELETE', `/v1/workspaces/${ws}/credentials/${created.body.credentials.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Credentials deleted' } });
    expect((await asAdmin('DELETE', `/v1/workspaces/${ws}/credentials/${created.body.credentials.id}`)).body).toEqual({
      code: 'NOT_FOUND',
      message: 'Credentials not found',
      issues: [],
    });
  });

  test('bad input: unknown type, data of the wrong shape, a missing name', async () => {
    const ws = server.adminWorkspaceId;
    const unknownType = await asAdmin('POST', `/v1/workspaces/${ws}/credentials`, { type: 'ftp', name: 'x', data: {} });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.issues).toEqual([
      { message: expect.stringContaining('unknown credentials type'), path: ['type'] },
    ]);
    const badData = await asAdmin('POST', `/v1/workspaces/${ws}/credentials`, {
      type: 'smtp',
      name: 'x',
      data: { ...SMTP, port: 'smtp' },
    });
    expect(badData.status).toBe(400);
    expect(badData.body.issues.map((issue: { path: unknown[] }) => issue.path)).toEqual([['data', 'port']]);
    const noName = await asAdmin('POST', `/v1/workspaces/${ws}/credentials`, {
      type: 'openai',
      data: { apiKey: 'sk' },
    });
    expect(noName.status).toBe(400);
  });

  test("roles and isolation: a GUEST is refused, another workspace sees 404; the runtime never resolves another workspace's credentials", async () => {
    const ws = server.adminWorkspaceId;
    const created = await asAdmin('POST', `/v1/workspaces/${ws}/credentials`, {
      type: 'openai',
      name: 'AI',
      data: { apiKey: 'sk-secret-key' },
    });
    const guest = await createUserWithToken(server.db, 'guest-credentials@parley.test', {
      workspaceId: ws,
      role: 'GUEST',
    });
    expect((await request(server.url, 'GET', `/v1/workspaces/${ws}/credentials`, { token: guest.token })).status).toBe(
      403,
    );
    expect(
      (
        await request(server.url, 'POST', `/v1/workspaces/${ws}/credentials`, {
          token: guest.token,
          json: { type: 'openai', name: 'x', data: { apiKey: 'k' } },
        })
      ).status,
    ).toBe(403);
    const outsider = await createUserWithToken(server.db, 'outsider-credentials@parley.test');
    expect(
      (await request(server.url, 'GET', `/v1/workspaces/${ws}/credentials`, { token: outsider.token })).status,
    ).toBe(404);
    expect(
      (
        await request(server.url, 'DELETE', `/v1/workspaces/${ws}/credentials/${created.body.credentials.id}`, {
          token: outsider.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await request(
          server.url,
          'DELETE',
          `/v1/workspaces/${outsider.personalWorkspaceId}/credentials/${created.body.credentials.id}`,
          {
            token: outsider.token,
          },
        )
      ).status,
    ).toBe(404);

    const box = createSecretBox(Buffer.from(TEST_ENCRYPTION_KEY, 'base64'));
    expect(await resolveCredentials(server.db, box, ws, created.body.credentials.id, 'openai')).toEqual({
      apiKey: 'sk-secret-key',
    });
    expect(
      await resolveCredentials(server.db, box, outsider.personalWorkspaceId, created.body.credentials.id, 'openai'),
    ).toBeUndefined();
    expect(await resolveCredentials(server.db, box, ws, created.body.credentials.id, 'smtp')).toBeUndefined();
    expect(
      await resolveCredentials(
        server.db,
        createSecretBox(Buffer.alloc(32, 1)),
        ws,
        created.body.credentials.id,
        'openai',
      ),
    ).toBeUndefined();
  });

  test('GraphQL: the same operations; the type has no field for the data', async () => {
    const created = await request(server.url, 'POST', '/graphql', {
      token: server.adminToken,
      json: {
        query:
          'mutation($ws: ID!, $data: JSON!) { createCredentials(workspaceId: $ws, type: "http", name: "Headers", data: $data) { id type name } }',
        variables: { ws: server.adminWorkspaceId, data: { headers: { 'X-Api-Key': 'hdr-secret' } } },
      },
    });
    expect(created.body).toEqual({
      data: { createCredentials: { id: expect.any(String), type: 'http', name: 'Headers' } },
    });
    const introspected = await request(server.url, 'POST', '/graphql', {
      token: server.adminToken,
      json: { query: '{ __type(name: "Credentials") { fields { name } } }' },
    });
    expect(introspected.body.data.__type.fields.map((field: { name: string }) => field.name).sort()).toEqual([
      'channel',
      'createdAt',
      'id',
      'name',
      'type',
    ]);
    // A channel's connection shows where the provider posts and WhatsApp's verify token (a check value), no secret.
    const connection = await request(server.url, 'POST', '/graphql', {
      token: server.adminToken,
      json: { query: '{ __type(name: "ChannelConnection") { fields { name } } }' },
    });
    expect(connection.body.data.__type.fields.map((field: { name: string }) => field.name).sort()).toEqual([
      'lastDeliveryError',
      'lastEventAt',
      'pendingEvents',
      'verifyToken',
      'webhookPath',
    ]);
  });
});
