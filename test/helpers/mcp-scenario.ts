import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { request } from './http';
import { callTool, okTool } from './mcp';

// What an assistant does with Parley from nothing to answers, through tools
// only: builds a three-group bot with edits, sees its problem (the last
// group left unconnected on purpose), fixes it, tests it, publishes it; a
// visitor chats through the public API; the assistant reads the result, the
// drop-off and an export link. Run over each transport.

const paragraph = (text: string) => ({ richText: [{ type: 'p', children: [{ text }] }] });

export interface ScenarioServer {
  url: string;
}

export async function buildTestPublishAndRead(client: Client, server: ScenarioServer, workspaceId: string) {
  const created = await okTool(client, 'create_bot', { workspaceId, name: 'Lead form' });
  const botId: string = created.id;
  expect(created.outline.groups).toEqual([]);
  const startEventId: string = created.outline.start.eventId;

  const built = await okTool(client, 'edit_bot', {
    botId,
    expectedVersion: created.draftVersion,
    edits: [
      { op: 'addVariable', id: 'v_name', name: 'Name' },
      { op: 'addVariable', id: 'v_email', name: 'Email' },
      {
        op: 'addGroup',
        id: 'welcome',
        title: 'Welcome',
        blocks: [
          { id: 'hello', type: 'text', content: paragraph("Hi! What's your name?") },
          { id: 'ask-name', type: 'text input', options: { variableId: 'v_name' } },
        ],
      },
      {
        op: 'addGroup',
        id: 'contact',
        title: 'Contact',
        blocks: [
          { id: 'nice', type: 'text', content: paragraph('Nice to meet you, {{Name}}. Your e-mail?') },
          { id: 'ask-email', type: 'email input', options: { variableId: 'v_email' } },
        ],
      },
      {
        op: 'addGroup',
        id: 'thanks',
        title: 'Thanks',
        blocks: [{ id: 'bye', type: 'text', content: paragraph("Thanks {{Name}}, we'll write to {{Email}}.") }],
      },
      { op: 'connect', from: { eventId: startEventId }, to: { groupId: 'welcome' } },
      { op: 'connect', from: { blockId: 'ask-name' }, to: { groupId: 'contact' } },
    ],
  });
  expect(built.draftVersion).toBe(created.draftVersion + 1);

  // The deliberate problem: no path reaches the last group.
  const problems = await okTool(client, 'get_problems', { botId });
  expect(problems).toEqual([
    expect.objectContaining({ code: 'UNREACHABLE_GROUP', groupId: 'thanks', severity: 'warning' }),
  ]);

  // An edit based on an older version is refused, and changes nothing.
  const stale = await callTool(client, 'edit_bot', {
    botId,
    expectedVersion: created.draftVersion,
    edits: [{ op: 'removeGroup', groupId: 'welcome' }],
  });
  expect(stale.isError).toBe(true);
  expect(stale.value.error.code).toBe('CONFLICT');

  const fixed = await okTool(client, 'edit_bot', {
    botId,
    expectedVersion: built.draftVersion,
    edits: [{ op: 'connect', from: { blockId: 'ask-email' }, to: { groupId: 'thanks' } }],
  });
  expect(fixed.problems).toEqual([]);
  expect(await okTool(client, 'get_problems', { botId })).toEqual([]);

  const outline = await okTool(client, 'get_bot', { botId });
  expect(outline.outline.groups.map((group: { title: string }) => group.title)).toEqual([
    'Welcome',
    'Contact',
    'Thanks',
  ]);
  expect(outline.outline.groups[1].blocks[1]).toMatchObject({
    id: 'ask-email',
    label: 'E-mail input',
    summary: '"Nice to meet you, {{Name}}. Your e-mail?" → {{Email}}',
    next: { groupId: 'thanks', group: 'Thanks' },
  });

  const preview = await okTool(client, 'preview_chat', { botId, replies: ['Ada', 'not-an-email', 'ada@example.com'] });
  expect(preview).toEqual({
    lines: [
      { from: 'bot', text: "Hi! What's your name?" },
      { from: 'visitor', text: 'Ada' },
      { from: 'bot', text: 'Nice to meet you, Ada. Your e-mail?' },
      { from: 'visitor', text: 'not-an-email' },
      { from: 'bot', text: "This email doesn't seem to be valid. Can you type it again?" },
      { from: 'visitor', text: 'ada@example.com' },
      { from: 'bot', text: "Thanks Ada, we'll write to ada@example.com." },
    ],
    errors: [],
    clientActions: [],
  });

  const published = await okTool(client, 'publish_bot', { botId });
  expect(published.shareUrl).toEqual(expect.stringContaining(published.publicId));

  // A visitor, through the public chat API.
  const started = await request(server.url, 'POST', `/v1/bots/${published.publicId}/startChat`, { json: {} });
  expect(started.status).toBe(200);
  const sessionId: string = started.body.sessionId;
  for (const message of ['Grace', 'grace@example.com']) {
    const turn = await request(server.url, 'POST', `/v1/sessions/${sessionId}/continueChat`, { json: { message } });
    expect(turn.status).toBe(200);
  }

  const found = await okTool(client, 'search_results', { botId });
  expect(found).toEqual({
    results: [
      {
        id: started.body.resultId,
        createdAt: expect.any(String),
        isCompleted: true,
        variables: { Name: 'Grace', Email: 'grace@example.com' },
        answers: [
          { blockId: 'ask-name', content: 'Grace' },
          { blockId: 'ask-email', content: 'grace@example.com' },
        ],
      },
    ],
    nextCursor: null,
  });
  const result = await okTool(client, 'get_result', { botId, resultId: started.body.resultId });
  expect(result.transcript.map((line: { role: string; text?: string }) => [line.role, line.text])).toEqual([
    ['bot', "Hi! What's your name?"],
    ['user', 'Grace'],
    ['bot', 'Nice to meet you, Grace. Your e-mail?'],
    ['user', 'grace@example.com'],
    ['bot', "Thanks Grace, we'll write to grace@example.com."],
  ]);

  const analytics = await okTool(client, 'get_analytics', { botId });
  expect(analytics.stats).toEqual({ totalViews: 1, totalStarts: 1, totalCompleted: 1 });
  expect(analytics.dropOff).toEqual([
    expect.objectContaining({ blockId: 'ask-name', group: 'Welcome', reached: 1, answered: 1, dropped: 0 }),
    expect.objectContaining({
      blockId: 'ask-email',
      group: 'Contact',
      block: 'E-mail input: "Nice to meet you, {{Name}}. Your e-mail?" → {{Email}}',
      reached: 1,
      answered: 1,
      dropped: 0,
    }),
  ]);

  const link = await okTool(client, 'export_results', { botId, format: 'csv' });
  const download = await fetch(link.url);
  expect(download.status).toBe(200);
  expect(await download.text()).toContain('grace@example.com');

  return { botId, publicId: published.publicId as string };
}
