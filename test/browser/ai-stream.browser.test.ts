import type { Browser } from 'playwright-core';
import { group, publishDefinition, textBubble, textInput, v6Bot } from '../helpers/chat';
import { launchBrowser, screenshot } from '../helpers/browser';
import { FAKE_API_KEY, startFakeAi, type FakeAi } from '../helpers/fake-ai';
import { request } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/test-server';

// An AI answer streamed into the public chat page (the client starts with
// isStreamEnabled, reads /v1/sessions/{id}/streamMessage and sends the full
// text back), against the local stand-in of an AI provider.

let fake: FakeAi;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  fake = await startFakeAi();
  server = await startTestServer({ outboundAllow: '127.0.0.1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fake?.close();
});

test('the answer appears as it streams, once, and the conversation goes on with it stored', async () => {
  const created = await request(server.url, 'POST', `/v1/workspaces/${server.adminWorkspaceId}/credentials`, {
    token: server.adminToken,
    json: { type: 'openai', name: 'OpenAI', data: { apiKey: FAKE_API_KEY, baseUrl: fake.base } },
  });
  fake.reply = (body) => `Parley answers: ${body.messages.at(-1).content}`;
  const definition = v6Bot({
    groups: [
      group('g1', [
        textBubble('hi', 'Ask me anything'),
        textInput('ask', 'v-question'),
        {
          id: 'ai',
          type: 'openai',
          options: {
            action: 'Create chat completion',
            credentialsId: created.body.credentials.id,
            model: 'gpt-test',
            messages: [{ id: 'm', role: 'user', content: '{{Question}}' }],
            responseMapping: [{ id: 'r', item: 'Message content', variableId: 'v-answer' }],
          },
        },
        textBubble('show', '{{Answer}}'),
        textBubble('after', 'You were told: {{Answer}}'),
        textInput('again'),
      ]),
    ],
    variables: [
      { id: 'v-question', name: 'Question' },
      { id: 'v-answer', name: 'Answer' },
    ],
  });
  const { publicId } = await publishDefinition(server, definition);
  const page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await page.goto(`${server.chatUrl}/${publicId}`);
  await page.locator('.parley-host', { hasText: 'Ask me anything' }).waitFor();
  await page.locator('input.parley-field').fill('what is streaming?');
  await page.locator('input.parley-field').press('Enter');
  await page.locator('.parley-host', { hasText: 'You were told: Parley answers: what is streaming?' }).waitFor();
  await screenshot(page, 'ai-stream-end');
  const bubbles = await page.locator('.parley-host').allInnerTexts();
  expect(bubbles.map((text) => text.trim())).toEqual([
    'Ask me anything',
    'Parley answers: what is streaming?',
    'You were told: Parley answers: what is streaming?',
  ]);
  expect(fake.hits.map((hit) => [hit.path, hit.body.stream])).toEqual([['/v1/chat/completions', true]]);
});
