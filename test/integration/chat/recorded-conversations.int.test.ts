import fs from 'node:fs';
import path from 'node:path';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Replays the conversations recorded from the reference runtime
// (test/fixtures/conversations) over real HTTP and compares every response
// body exactly, except the ids that are random per run.

interface RecordedStep {
  request: { call: string; body: Record<string, unknown> };
  response: { status: number; body: Record<string, unknown> };
}

interface Recording {
  bot: string;
  steps: RecordedStep[];
}

const fixtures = path.resolve(__dirname, '../../fixtures');
const recordings = fs
  .readdirSync(path.join(fixtures, 'conversations'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({
    name: file,
    recording: JSON.parse(fs.readFileSync(path.join(fixtures, 'conversations', file), 'utf8')) as Recording,
  }));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function publishFixture(file: string): Promise<{ publicId: string; publishedAt: string }> {
  const definition = JSON.parse(fs.readFileSync(path.join(fixtures, 'bots', file), 'utf8'));
  const created = await request(server.url, 'POST', '/v1/bots', {
    token: server.adminToken,
    json: { workspaceId: server.adminWorkspaceId, bot: { ...definition, publicId: undefined } },
  });
  expect(created.status).toBe(200);
  const published = await request(server.url, 'POST', `/v1/bots/${created.body.bot.id}/publish`, {
    token: server.adminToken,
  });
  expect(published.status).toBe(200);
  return { publicId: published.body.bot.publicId, publishedAt: published.body.bot.publishedAt };
}

describe.each(recordings)('$name', ({ recording }) => {
  test('every response matches the recording', async () => {
    const { publicId, publishedAt } = await publishFixture(recording.bot);
    let sessionId = '';
    for (const [index, step] of recording.steps.entries()) {
      const isStart = step.request.call.endsWith('/startChat');
      const url = isStart ? `/v1/bots/${publicId}/startChat` : `/v1/sessions/${sessionId}/continueChat`;
      const response = await request(server.url, 'POST', url, { json: step.request.body });
      const expected = structuredClone(step.response.body);
      if (isStart) {
        sessionId = response.body.sessionId;
        expect(typeof sessionId).toBe('string');
        expected.sessionId = sessionId;
        if ('resultId' in expected) {
          expect(typeof response.body.resultId).toBe('string');
          expected.resultId = response.body.resultId;
        }
        (expected.bot as Record<string, unknown>).publishedAt = publishedAt;
      }
      expect({ step: index, status: response.status, body: response.body }).toEqual({
        step: index,
        status: step.response.status,
        body: expected,
      });
    }
  });
});
