import { createSecretBox, parseEncryptionKey } from '../../../src/services/credentials/secret-box';
import { createResultsExportLink, EXPORT_LINK_LIFETIME_MS } from '../../../src/services/results-export-link';
import { hashToken } from '../../../src/services/tokens';
import { group, publishDefinition, say, startChat, textInput, v6Bot } from '../../helpers/chat';
import { consoleGraphql, signIn } from '../../helpers/console-session';
import { errorBody, graphql, request } from '../../helpers/http';
import { openSse } from '../../helpers/sse';
import { createUserWithToken, startTestServer, TEST_ENCRYPTION_KEY, type TestServer } from '../../helpers/test-server';

// POST /v1/bots/{botId}/results/export-link (and createResultsExportLink) over
// real HTTP: a link to the export that needs no credentials, served on the
// console origin only, honoured while its maker could still export, and one
// NOT_FOUND for every link that cannot be used.

let server: TestServer;
let botId: string;
beforeAll(async () => {
  server = await startTestServer();
  const published = await publishDefinition(server, definition);
  botId = published.botId;
  // Two completed chats and one left after its first answer (so isCompleted filters).
  for (const answers of [['Zoë', 'line one\nline two'], ['Ann "the first", Jr.', '✓ done'], ['Bo']]) {
    const started = await startChat(server, published.publicId);
    for (const answer of answers) await say(server, started.body.sessionId, answer);
  }
});
afterAll(() => server.close());

const definition = v6Bot({
  groups: [
    group('g1', [textInput('ask-name', 'v-name', 'to-g2')], 'Name'),
    group('g2', [textInput('ask-note')], 'Note'),
  ],
  edges: [{ id: 'to-g2', from: { blockId: 'ask-name' }, to: { groupId: 'g2' } }],
  variables: [{ id: 'v-name', name: 'Name' }],
});

const NOT_FOUND = errorBody('NOT_FOUND', 'Export link not found or expired');

async function createLink(
  body: Record<string, unknown>,
  token = server.adminToken,
  bot = botId,
): Promise<{ url: string; expiresAt: string }> {
  const created = await request(server.url, 'POST', `/v1/bots/${bot}/results/export-link`, { token, json: body });
  if (created.status !== 200) throw new Error(`export link: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

/** GET without credentials. */
async function fetchLink(url: string) {
  const response = await fetch(url);
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : undefined;
  return { status: response.status, type: response.headers.get('content-type'), text, json };
}

async function bearerExport(query: string): Promise<string> {
  const response = await fetch(`${server.url}/v1/bots/${botId}/results/export?${query}`, {
    headers: { authorization: `Bearer ${server.adminToken}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** The link's token, one character changed (one of the base64url alphabet, so it still reads as a token). */
function tampered(url: string): string {
  const { pathname, search } = new URL(url);
  const token = pathname.split('/').pop()!;
  const at = Math.floor(token.length / 2);
  const changed = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
  return `${server.url}/v1/exports/${changed}${search}`;
}

test('a link made with a bearer token downloads, without credentials, what the bearer export answers', async () => {
  const before = Date.now();
  const csvLink = await createLink({ format: 'csv', timeFilter: 'allTime', isCompleted: true });
  expect(csvLink.url).toMatch(new RegExp(`^${server.url}/v1/exports/[A-Za-z0-9_-]+\\?format=csv$`));
  const expiresAt = Date.parse(csvLink.expiresAt);
  expect(expiresAt).toBeGreaterThanOrEqual(before + EXPORT_LINK_LIFETIME_MS);
  expect(expiresAt).toBeLessThanOrEqual(Date.now() + EXPORT_LINK_LIFETIME_MS);

  const csv = await fetchLink(csvLink.url);
  expect(csv.status).toBe(200);
  expect(csv.type).toBe('text/csv; charset=utf-8');
  expect(csv.text).toBe(await bearerExport('format=csv&timeFilter=allTime&isCompleted=true'));
  expect(csv.text.trimEnd().split('\n')[0]).toBe('Submitted at,Name,Note');
  expect(csv.text).toContain('Zoë');
  expect(csv.text).not.toContain('Bo');

  const ndjsonLink = await createLink({ format: 'ndjson', timeFilter: 'allTime' });
  const ndjson = await fetchLink(ndjsonLink.url);
  expect(ndjson.status).toBe(200);
  expect(ndjson.type).toBe('application/x-ndjson; charset=utf-8');
  expect(ndjson.text).toBe(await bearerExport('format=ndjson&timeFilter=allTime'));
  expect(ndjson.text.trimEnd().split('\n')).toHaveLength(3);
});

test('the GraphQL mutation and subscription give the same export', async () => {
  const created = await graphql(
    server.url,
    'mutation ($botId: ID!) { createResultsExportLink(botId: $botId, format: csv, filter: { timeFilter: allTime }) { url expiresAt } }',
    { botId },
    server.adminToken,
  );
  const { url } = created.body.data!.createResultsExportLink as { url: string };
  const token = new URL(url).pathname.split('/').pop()!;
  const stream = await openSse(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'subscription ($token: String!) { resultsExportByLink(token: $token) { line } }',
      variables: { token },
    }),
  });
  await stream.ended;
  const lines = stream.messages
    .filter((message) => message.event === undefined || message.event === 'next')
    .map((message) => (JSON.parse(message.data) as { data: { resultsExportByLink: { line: string } } }).data)
    .map((data) => data.resultsExportByLink.line);
  expect(lines.join('')).toBe(await bearerExport('format=csv&timeFilter=allTime'));
});

test('the chat origin does not serve export links', async () => {
  const { url } = await createLink({ format: 'csv' });
  const path = new URL(url).pathname + new URL(url).search;
  const onChat = await request(server.chatUrl, 'GET', path);
  expect(onChat.status).toBe(404);
  expect(onChat.body).toEqual(errorBody('NOT_FOUND', 'Not found'));
  expect((await fetchLink(url)).status).toBe(200);
});

test('a tampered token, or another format than the sealed one, is NOT_FOUND; no format is a 400', async () => {
  const { url } = await createLink({ format: 'csv' });
  const altered = await fetchLink(tampered(url));
  expect(altered.status).toBe(404);
  expect(altered.json).toEqual(NOT_FOUND);

  const otherFormat = await fetchLink(url.replace('format=csv', 'format=ndjson'));
  expect(otherFormat.status).toBe(404);
  expect(otherFormat.json).toEqual(NOT_FOUND);

  const garbage = await fetchLink(`${server.url}/v1/exports/not-a-token?format=csv`);
  expect(garbage.status).toBe(404);
  expect(garbage.json).toEqual(NOT_FOUND);

  const noFormat = await fetchLink(url.replace('?format=csv', ''));
  expect(noFormat.status).toBe(400);
  expect(noFormat.json).toMatchObject({ code: 'BAD_REQUEST' });
});

test('an expired link is NOT_FOUND', async () => {
  // Links are minted as the server mints them (its key, the admin's token), at a chosen time instead of waiting.
  const deps = { db: server.db, secrets: createSecretBox(parseEncryptionKey(TEST_ENCRYPTION_KEY)) };
  const adminToken = await server.db.apiToken.findUniqueOrThrow({ where: { tokenHash: hashToken(server.adminToken) } });
  const viewer = { userId: adminToken.userId, tokenId: adminToken.id };
  const input = { botId, format: 'csv' as const, filter: {} };
  const mint = (now: number) => createResultsExportLink(deps, viewer, input, server.url, now).url;

  expect((await fetchLink(mint(Date.now()))).status).toBe(200);
  const justValid = await fetchLink(mint(Date.now() - EXPORT_LINK_LIFETIME_MS + 60_000));
  expect(justValid.status).toBe(200);
  const expired = await fetchLink(mint(Date.now() - EXPORT_LINK_LIFETIME_MS - 1));
  expect(expired.status).toBe(404);
  expect(expired.json).toEqual(NOT_FOUND);
});

test('every answer on a link, the download and each refusal, is kept by no cache and names the link in no Referer', async () => {
  const { url } = await createLink({ format: 'csv' });
  const deps = { db: server.db, secrets: createSecretBox(parseEncryptionKey(TEST_ENCRYPTION_KEY)) };
  const adminToken = await server.db.apiToken.findUniqueOrThrow({ where: { tokenHash: hashToken(server.adminToken) } });
  const expired = createResultsExportLink(
    deps,
    { userId: adminToken.userId, tokenId: adminToken.id },
    { botId, format: 'csv', filter: {} },
    server.url,
    Date.now() - EXPORT_LINK_LIFETIME_MS - 1,
  ).url;
  const answers: Record<string, [string, RequestInit?]> = {
    download: [url],
    tampered: [tampered(url)],
    expired: [expired],
    'no format': [url.replace('?format=csv', '')],
    'another method': [url, { method: 'POST' }],
  };
  const seen: Record<string, unknown> = {};
  for (const [name, [address, init]] of Object.entries(answers)) {
    const response = await fetch(address, init);
    await response.arrayBuffer();
    seen[name] = {
      status: response.status,
      cacheControl: response.headers.get('cache-control'),
      referrerPolicy: response.headers.get('referrer-policy'),
    };
  }
  const headers = { cacheControl: 'no-store', referrerPolicy: 'no-referrer' };
  expect(seen).toEqual({
    download: { status: 200, ...headers },
    tampered: { status: 404, ...headers },
    expired: { status: 404, ...headers },
    'no format': { status: 400, ...headers },
    'another method': { status: 405, ...headers },
  });
});

test('a link stops working when the token that made it is revoked', async () => {
  const member = await createUserWithToken(server.db, `revoked-${Date.now()}@parley.test`, {
    workspaceId: server.adminWorkspaceId,
    role: 'GUEST',
  });
  const { url } = await createLink({ format: 'csv' }, member.token);
  expect((await fetchLink(url)).status).toBe(200);

  const tokens = await request(server.url, 'GET', '/v1/users/me/api-tokens', { token: member.token });
  const [{ id: tokenId }] = tokens.body.apiTokens as [{ id: string }];
  const revoked = await request(server.url, 'DELETE', `/v1/users/me/api-tokens/${tokenId}`, { token: member.token });
  expect(revoked.status).toBe(200);

  const after = await fetchLink(url);
  expect(after.status).toBe(404);
  expect(after.json).toEqual(NOT_FOUND);
});

test('a link stops working when its maker leaves the workspace', async () => {
  const member = await createUserWithToken(server.db, `removed-${Date.now()}@parley.test`, {
    workspaceId: server.adminWorkspaceId,
    role: 'MEMBER',
  });
  const { url } = await createLink({ format: 'ndjson' }, member.token);
  expect((await fetchLink(url)).status).toBe(200);

  const removed = await request(
    server.url,
    'DELETE',
    `/v1/workspaces/${server.adminWorkspaceId}/members/${member.userId}`,
    { token: server.adminToken },
  );
  expect(removed.status).toBe(200);

  const after = await fetchLink(url);
  expect(after.status).toBe(404);
  expect(after.json).toEqual(NOT_FOUND);
});

test('a link made in a console session stops working when the session ends', async () => {
  const { session } = await signIn(server.url, server.adminEmail, server.adminPassword);
  const created = await consoleGraphql(
    server.url,
    session,
    'mutation ($botId: ID!) { createResultsExportLink(botId: $botId, format: csv) { url } }',
    { botId },
  );
  const { url } = created.body.data.createResultsExportLink as { url: string };
  expect((await fetchLink(url)).status).toBe(200);

  expect((await consoleGraphql(server.url, session, 'mutation { signOut }')).body).toEqual({ data: { signOut: true } });
  const after = await fetchLink(url);
  expect(after.status).toBe(404);
  expect(after.json).toEqual(NOT_FOUND);
});

test("another workspace's bot answers as every builder read of it does; no token 401; a bad filter 400", async () => {
  const outsider = await createUserWithToken(server.db, `outsider-${Date.now()}@parley.test`);
  const readBot = await request(server.url, 'GET', `/v1/bots/${botId}`, { token: outsider.token });
  const foreign = await request(server.url, 'POST', `/v1/bots/${botId}/results/export-link`, {
    token: outsider.token,
    json: { format: 'csv' },
  });
  expect(readBot.status).toBe(404);
  expect(foreign.status).toBe(404);
  expect(foreign.body).toEqual(readBot.body);

  const botQuery = await graphql(
    server.url,
    'query ($botId: ID!) { bot(botId: $botId) { id } }',
    { botId },
    outsider.token,
  );
  const linkMutation = await graphql(
    server.url,
    'mutation ($botId: ID!) { createResultsExportLink(botId: $botId, format: csv) { url } }',
    { botId },
    outsider.token,
  );
  expect(linkMutation.body.errors?.map(({ message, extensions }) => ({ message, code: extensions?.code }))).toEqual(
    botQuery.body.errors?.map(({ message, extensions }) => ({ message, code: extensions?.code })),
  );
  expect(linkMutation.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

  const anonymous = await request(server.url, 'POST', `/v1/bots/${botId}/results/export-link`, {
    json: { format: 'csv' },
  });
  expect(anonymous.status).toBe(401);

  const badZone = await request(server.url, 'POST', `/v1/bots/${botId}/results/export-link`, {
    token: server.adminToken,
    json: { format: 'csv', timeZone: 'Mars/Olympus' },
  });
  expect(badZone.status).toBe(400);
  expect(badZone.body).toMatchObject({
    code: 'BAD_REQUEST',
    issues: [expect.objectContaining({ path: ['timeZone'] })],
  });
});
