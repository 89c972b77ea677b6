import { group, publishDefinition, textBubble, textInput, v6Bot } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Start props (docs/engine-behaviour.md#start-props): a live start asks the web client
// to inject the head code and the trackers first; a preview only says they are off.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const headCode = `<!-- analytics -->
<script async src="https://tracker.test/t.js"></script>
stray text
<style>#lite-badge { display: none !important; }
.widget { color: red }</style>`;

function trackedBot() {
  return v6Bot({
    groups: [
      group('g1', [
        textBubble('b1', 'Hello'),
        { id: 'ga', type: 'Google Analytics', options: { trackingId: 'G-12345', action: 'Start' } },
        textInput('in'),
      ]),
    ],
    settings: { metadata: { customHeadCode: headCode } },
  });
}

test('live start: startPropsToInject comes first, with the sanitised head code and the first tracking id', async () => {
  const { publicId } = await publishDefinition(server, trackedBot());
  const started = await request(server.url, 'POST', `/v1/bots/${publicId}/startChat`, { json: {} });
  expect(started.status).toBe(200);
  expect(started.body.clientSideActions[0]).toEqual({
    type: 'startPropsToInject',
    startPropsToInject: {
      customHeadCode:
        '<script async src="https://tracker.test/t.js"></script>\n<style>\n.widget { color: red }</style>',
      googleAnalyticsId: 'G-12345',
    },
  });
  // Continue turns never carry it again.
  const next = await request(server.url, 'POST', `/v1/sessions/${started.body.sessionId}/continueChat`, {
    json: { message: 'hi' },
  });
  expect(next.status).toBe(200);
  expect(JSON.stringify(next.body)).not.toContain('startPropsToInject');
});

test('preview start: no action, an info log instead', async () => {
  const started = await request(server.url, 'POST', '/v1/bots/any-bot/preview/startChat', {
    json: { bot: trackedBot() },
  });
  expect(started.status).toBe(200);
  expect(JSON.stringify(started.body.clientSideActions ?? [])).not.toContain('startPropsToInject');
  expect(started.body.logs.at(-1)).toEqual({
    status: 'info',
    description: 'Custom head code, Google Analytics are not enabled in Preview mode',
  });
});
