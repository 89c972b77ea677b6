import { request, type HttpResponse } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// REST input errors follow the setting that drives /graphql's suggestions
// (PARLEY_GRAPHQL_INTROSPECTION, off when NODE_ENV=production;
// docs/security.md#hostile-input): with it off, a wrong enum value is still
// named, the values the schema would take are not.

let server: TestServer;
let production: TestServer;

beforeAll(async () => {
  [server, production] = await Promise.all([startTestServer(), startTestServer({ productionGraphql: true })]);
});
afterAll(async () => {
  await Promise.all([server?.close(), production?.close()]);
});

/** Three routes taking an enum: a body field (authenticated), a query parameter, a public chat route (anonymous). */
const WRONG_ENUMS: {
  label: string;
  send(target: TestServer): Promise<HttpResponse>;
  path: string[];
  message: string;
}[] = [
  {
    label: 'a role on invite',
    send: (target) =>
      request(target.url, 'POST', `/v1/workspaces/${target.adminWorkspaceId}/members`, {
        token: target.adminToken,
        json: { email: 'x@y.test', role: 'ADMN' },
      }),
    path: ['role'],
    message: 'Value "ADMN" does not exist in "WorkspaceRole" enum.',
  },
  {
    label: 'a time filter',
    send: (target) =>
      request(target.url, 'GET', '/v1/bots/any/analytics/stats?timeFilter=last7days', { token: target.adminToken }),
    path: ['timeFilter'],
    message: 'Value "last7days" does not exist in "TimeFilter" enum.',
  },
  {
    label: 'a text format on startChat',
    send: (target) =>
      request(target.url, 'POST', '/v1/bots/any/startChat', { json: { textBubbleContentFormat: 'markdwn' } }),
    path: ['textBubbleContentFormat'],
    message: 'Value "markdwn" does not exist in "TextBubbleContentFormat" enum.',
  },
];

describe.each(WRONG_ENUMS)('$label', ({ send, path, message }) => {
  test('in production: the value is named, no "Did you mean"', async () => {
    const response = await send(production);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'BAD_REQUEST', message: 'Invalid input data', issues: [{ path, message }] });
  });

  test('outside production: the suggestion stays', async () => {
    const response = await send(server);
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([{ path, message: expect.stringMatching(/^.* Did you mean .*\?$/) }]);
    expect(response.body.issues[0].message.startsWith(message)).toBe(true);
  });
});
