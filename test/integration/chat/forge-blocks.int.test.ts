import { group, publishDefinition, say, startChat, textBubble, textInput, texts, v6Bot } from '../../helpers/chat';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Forge blocks without credentials over real HTTP: QR code (rendered by the
// server) and Cal.com (a custom embed the client mounts and answers).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const variables = [
  { id: 'v-text', name: 'Text' },
  { id: 'v-url', name: 'Url' },
  { id: 'v-date', name: 'Booked' },
];

test('QR code: the image of the answer, as a PNG data URL, shown by an image bubble', async () => {
  const definition = v6Bot({
    groups: [
      group('g1', [
        textInput('ask', 'v-text'),
        {
          id: 'qr',
          type: 'qr-code',
          options: { action: 'Generate a QR Code', data: 'https://parley.test/{{Text}}', saveUrlInVariableId: 'v-url' },
        },
        { id: 'img', type: 'image', content: { url: '{{Url}}' } },
        textInput('end'),
      ]),
    ],
    variables,
  });
  const { publicId } = await publishDefinition(server, definition);
  const started = await startChat(server, publicId);
  const answered = await say(server, started.body.sessionId, 'pay');
  expect(answered.status).toBe(200);
  const url: string = answered.body.messages[0].content.url;
  expect(url).toMatch(/^data:image\/png;base64,/);
  const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  // A QR code of a short URL: a small square image.
  expect(png.readUInt32BE(16)).toBe(png.readUInt32BE(20));
});

test('Cal.com: the custom embed waits; the booked date sent back is stored and the flow goes on', async () => {
  const definition = v6Bot({
    groups: [
      group('g1', [
        {
          id: 'cal',
          type: 'cal-com',
          options: { action: 'Book event', link: 'parley/demo', saveBookedDateInVariableId: 'v-date' },
        },
        textBubble('done', 'Booked for {{Booked}}'),
        textInput('end'),
      ]),
    ],
    variables,
  });
  const { publicId } = await publishDefinition(server, definition);
  const started = await startChat(server, publicId);
  expect(started.body.messages).toEqual([
    {
      id: 'cal',
      type: 'custom-embed',
      content: {
        url: 'parley/demo',
        initFunction: expect.objectContaining({
          args: expect.objectContaining({ baseUrl: 'https://app.cal.com', link: 'parley/demo', layout: 'month_view' }),
        }),
        waitForEventFunction: expect.objectContaining({ args: {} }),
      },
    },
  ]);
  expect(started.body.input).toBeUndefined();
  const replied = await say(server, started.body.sessionId, '2026-12-01T10:00:00.000Z');
  expect(texts(replied.body)).toEqual(['Booked for 2026-12-01T10:00:00.000Z']);
});

test('QR code without its action: the log is {"description":"qr-code is not configured"}, no status (as every forged block)', async () => {
  const { publicId } = await publishDefinition(
    server,
    v6Bot({ groups: [group('g1', [{ id: 'qr', type: 'qr-code', options: {} }, textBubble('b1', 'after')])] }),
  );
  const started = await startChat(server, publicId);
  expect(started.status).toBe(200);
  expect(started.body.logs).toEqual([{ description: 'qr-code is not configured' }]);
  expect(texts(started.body)).toEqual(['after']);
});

test('Google Sheets without credentials: no log for the visitor (the result keeps it), the flow goes on', async () => {
  const { publicId } = await publishDefinition(
    server,
    v6Bot({
      groups: [
        group('g1', [
          { id: 'gs', type: 'Google Sheets', options: { credentialsId: 'missing', action: 'Insert a row' } },
          textBubble('b1', 'after'),
          textInput('i1'),
        ]),
      ],
    }),
  );
  const started = await startChat(server, publicId);
  expect(started.status).toBe(200);
  expect(started.body.logs).toBeUndefined();
  expect(texts(started.body)).toEqual(['after']);
  expect(
    (await server.db.log.findMany({ where: { resultId: started.body.resultId } })).map((log) => [
      log.status,
      log.description,
    ]),
  ).toEqual([['error', 'Could not find credentials for block Google Sheets']]);
});
