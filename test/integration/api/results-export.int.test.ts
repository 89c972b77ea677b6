import { group, publishDefinition, say, startChat, textInput, v6Bot } from '../../helpers/chat';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// GET /v1/bots/{botId}/results/export over real HTTP: CSV (csv-stringify
// quoting) and NDJSON, every result in batches, members only.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const definition = v6Bot({
  groups: [
    group('g1', [textInput('ask-name', 'v-name', 'to-g2')], 'Name'),
    group(
      'g2',
      [
        {
          id: 'set-city',
          type: 'Set variable',
          options: { variableId: 'v-city', expressionToEvaluate: 'Paris, "FR"' },
        },
        textInput('ask-note'),
      ],
      'Note',
    ),
  ],
  edges: [{ id: 'to-g2', from: { blockId: 'ask-name' }, to: { groupId: 'g2' } }],
  variables: [
    { id: 'v-name', name: 'Name' },
    { id: 'v-city', name: 'City' },
  ],
});

async function download(
  botId: string,
  format: string,
  token = server.adminToken,
): Promise<{ status: number; type: string | null; disposition: string | null; body: string }> {
  const response = await fetch(`${server.url}/v1/bots/${botId}/results/export?format=${format}&timeFilter=allTime`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    body: await response.text(),
  };
}

test('CSV and NDJSON of real chats: header from the flow, quoting of commas, quotes, newlines and unicode', async () => {
  const { botId, publicId } = await publishDefinition(server, definition);
  for (const [name, note] of [
    ['Zoë', 'line one\nline two'],
    ['Ann "the first", Jr.', '✓ done'],
  ]) {
    const started = await startChat(server, publicId);
    await say(server, started.body.sessionId, name);
    await say(server, started.body.sessionId, note);
  }
  const rows = await server.db.result.findMany({ where: { botId }, orderBy: { createdAt: 'asc' } });
  const [first, second] = rows.map((row) => row.createdAt.toISOString());

  const csv = await download(botId, 'csv');
  expect(csv.status).toBe(200);
  expect(csv.type).toBe('text/csv; charset=utf-8');
  expect(csv.disposition).toBe('attachment; filename="results.csv"');
  expect(csv.body).toBe(
    'Submitted at,Name,Note,City\n' +
      `${first},Zoë,"line one\nline two","Paris, ""FR"""\n` +
      `${second},"Ann ""the first"", Jr.",✓ done,"Paris, ""FR"""\n`,
  );

  const ndjson = await download(botId, 'ndjson');
  expect(ndjson.type).toBe('application/x-ndjson; charset=utf-8');
  expect(
    ndjson.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line)),
  ).toEqual([
    { 'Submitted at': first, Name: 'Zoë', Note: 'line one\nline two', City: 'Paris, "FR"' },
    { 'Submitted at': second, Name: 'Ann "the first", Jr.', Note: '✓ done', City: 'Paris, "FR"' },
  ]);
});

test('CSV cells a spreadsheet would run as formulas are neutralised (OWASP); NDJSON keeps the values', async () => {
  const { botId, publicId } = await publishDefinition(server, definition);
  const attacks = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\tTab', '\rReturn'];
  for (const answer of attacks) {
    const started = await startChat(server, publicId);
    await say(server, started.body.sessionId, answer);
  }
  const csv = await download(botId, 'csv');
  const names = csv.body
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[1]);
  expect(names).toEqual([
    '"\'=HYPERLINK(""http://evil.example""',
    "'+1+1",
    "'-2+3",
    "'@SUM(A1)",
    "'\tTab",
    '"\'\rReturn"',
  ]);
  const ndjson = await download(botId, 'ndjson');
  expect(
    ndjson.body
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line).Name),
  ).toEqual(attacks);
});

test('more results than one batch come out whole, oldest first', async () => {
  const { botId } = await publishDefinition(server, definition);
  const base = Date.UTC(2026, 0, 1);
  const count = 1234;
  await server.db.result.createMany({
    data: Array.from({ length: count }, (_, index) => ({
      id: `r${String(index).padStart(5, '0')}`,
      botId,
      hasStarted: true,
      variables: [],
      createdAt: new Date(base + index * 1000),
    })),
  });
  const csv = await download(botId, 'csv');
  const lines = csv.body.trimEnd().split('\n');
  expect(lines).toHaveLength(count + 1);
  expect(lines[1]).toBe(`${new Date(base).toISOString()},,,`);
  expect(lines[count]).toBe(`${new Date(base + (count - 1) * 1000).toISOString()},,,`);
});

test('another workspace gets 404, a wrong format 400, no token 401', async () => {
  const { botId } = await publishDefinition(server, definition);
  const outsider = await createUserWithToken(server.db, `outsider-${Date.now()}@parley.test`);
  const foreign = await download(botId, 'csv', outsider.token);
  expect(foreign.status).toBe(404);
  expect(JSON.parse(foreign.body)).toMatchObject({ code: 'NOT_FOUND' });
  const wrong = await download(botId, 'xml');
  expect(wrong.status).toBe(400);
  expect(JSON.parse(wrong.body)).toMatchObject({ code: 'BAD_REQUEST' });
  expect((await fetch(`${server.url}/v1/bots/${botId}/results/export?format=csv`)).status).toBe(401);
});
