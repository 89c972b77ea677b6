import { edge, group, publishDefinition, say, setVariable, startChat, textInput, v6Bot } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { smtpInbox, type Inbox } from '../../helpers/smtp-inbox';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// The Send e-mail block over real SMTP: a local smtp-server stands in for the
// provider; each message it receives is parsed and checked.

type Json = Record<string, any>;

const variables = [
  { id: 'v-name', name: 'Name' },
  { id: 'v-mail', name: 'Mail' },
  { id: 'vcount', name: 'Count' },
];

function emailBot(credentialsId: string, options: Json = {}): Json {
  return v6Bot({
    groups: [
      group('g1', [
        textInput('ask-name', 'v-name'),
        textInput('ask-mail', 'v-mail'),
        {
          id: 'send',
          type: 'Email',
          options: {
            credentialsId,
            recipients: ['{{Mail}}'],
            subject: 'Hello {{Name}}',
            isCustomBody: true,
            body: 'Dear {{Name}},\nthanks.',
            replyTo: 'Sales Team <sales@example.com>',
            ...options,
          },
        },
        textInput('end'),
      ]),
    ],
    variables,
  });
}

let inbox: Inbox;
let server: TestServer;
let credentialsId: string;
beforeAll(async () => {
  inbox = await smtpInbox();
  server = await startTestServer({ outboundAllow: '127.0.0.1' });
  const created = await request(server.url, 'POST', `/v1/workspaces/${server.adminWorkspaceId}/credentials`, {
    token: server.adminToken,
    json: {
      type: 'smtp',
      name: 'Local',
      data: {
        host: '127.0.0.1',
        port: inbox.port,
        username: 'bot',
        password: 'smtp-secret',
        from: { email: 'bot@parley.test', name: 'Parley Bot' },
      },
    },
  });
  credentialsId = created.body.credentials.id;
});
afterAll(async () => {
  await server.close();
  await inbox.close();
});
beforeEach(() => {
  inbox.messages.length = 0;
});

async function run(definition: Json, replies: string[]): Promise<{ last: Json; resultId: string }> {
  const { publicId } = await publishDefinition(server, definition);
  const started = await startChat(server, publicId);
  let last: Json = started.body;
  for (const reply of replies) {
    const answered = await say(server, started.body.sessionId, reply);
    expect(answered.status).toBe(200);
    last = answered.body;
  }
  return { last, resultId: started.body.resultId };
}

describe('Send e-mail block', () => {
  test('sends the message with the workspace SMTP credentials: sender, reply-to name, recipients, subject, text body', async () => {
    const { last, resultId } = await run(emailBot(credentialsId, { cc: ['copy@example.com'] }), [
      'Ann',
      'ann@example.com',
    ]);
    expect(inbox.messages).toHaveLength(1);
    const mail = inbox.messages[0]!;
    expect(mail.from?.value).toEqual([{ name: 'Sales Team', address: 'bot@parley.test' }]);
    expect(mail.replyTo?.value).toEqual([{ name: 'Sales Team', address: 'sales@example.com' }]);
    expect((mail.to as { text: string }).text).toBe('ann@example.com');
    expect((mail.cc as { text: string }).text).toBe('copy@example.com');
    expect(mail.subject).toBe('Hello Ann');
    expect(mail.text?.trim()).toBe('Dear Ann,\nthanks.');
    // The log may carry addresses: in the result only.
    expect(last.logs).toEqual([]);
    const logs = await server.db.log.findMany({ where: { resultId } });
    expect(logs.map((log) => [log.status, log.description])).toEqual([['success', 'Email successfully sent']]);
    expect(JSON.stringify(logs)).not.toContain('smtp-secret');
  });

  test('without a custom body: the answers as an HTML table', async () => {
    await run(emailBot(credentialsId, { isCustomBody: false, body: '' }), ['Ann <b>', 'ann@example.com']);
    expect(inbox.messages).toHaveLength(1);
    expect((inbox.messages[0]!.html as string).trim()).toBe(
      '<table><tr><th align="left">Name</th><td>Ann &lt;b&gt;</td></tr><tr><th align="left">Mail</th><td>ann@example.com</td></tr></table>',
    );
  });

  test('the same e-mail is never sent twice in a conversation, and at most 5 are sent', async () => {
    // A loop: the counter changes the subject except on the repeated turn.
    const definition = v6Bot({
      groups: [
        group('g1', [textInput('ask-mail', 'v-mail'), setVariable('init', 'vcount', '0', { isCode: true })]),
        group('loop', [
          {
            id: 'send',
            type: 'Email',
            options: {
              credentialsId,
              recipients: ['{{Mail}}'],
              subject: 'Number {{Count}}',
              isCustomBody: true,
              body: 'n={{Count}}',
            },
          },
          textInput('again'),
          setVariable('inc', 'vcount', '{{Count}} + 1', { isCode: true }),
          { id: 'jump', type: 'Jump', options: { groupId: 'loop' } },
        ]),
      ],
      edges: [edge('e1', 'loop', { blockId: 'init' })],
      variables,
    });
    definition.groups[0].blocks[1].outgoingEdgeId = 'e1';
    const { resultId } = await run(definition, ['ann@example.com', ...Array(6).fill('more')]);
    expect(inbox.messages.map((mail) => mail.subject)).toEqual([
      'Number 0',
      'Number 1',
      'Number 2',
      'Number 3',
      'Number 4',
    ]);
    const logs = await server.db.log.findMany({ where: { resultId }, orderBy: { createdAt: 'asc' } });
    expect(logs.filter((log) => log.description === 'Email successfully sent')).toHaveLength(5);
    expect(logs.filter((log) => log.description === 'Email not sent').map((log) => log.details)).toEqual([
      'At most 5 e-mails are sent per conversation',
      'At most 5 e-mails are sent per conversation',
    ]);

    // The same e-mail again in the same conversation (a Jump back without change): not sent.
    const repeat = v6Bot({
      groups: [
        group('g1', [
          textInput('ask-mail', 'v-mail'),
          {
            id: 'send',
            type: 'Email',
            options: { credentialsId, recipients: ['{{Mail}}'], subject: 'Once', isCustomBody: true, body: 'once' },
          },
          textInput('again'),
          { id: 'jump', type: 'Jump', options: { groupId: 'g1', blockId: 'send' } },
        ]),
      ],
      variables,
    });
    inbox.messages.length = 0;
    const once = await run(repeat, ['bo@example.com', 'again']);
    expect(inbox.messages.map((mail) => mail.subject)).toEqual(['Once']);
    const repeatLogs = await server.db.log.findMany({ where: { resultId: once.resultId } });
    expect(repeatLogs.map((log) => [log.status, log.description, log.details])).toContainEqual([
      'info',
      'Email not sent',
      'The same e-mail was already sent in this conversation',
    ]);
  });

  test('missing credentials: the server has no SMTP settings, or the id belongs to another workspace; the visitor is told, as the reference (issue 34), the result keeps it', async () => {
    const noCredentials = ['error', 'No credentials found, make sure to configure your SMTP provider properly'];
    const resultLogs = async (resultId: string) =>
      (await server.db.log.findMany({ where: { resultId } })).map((log) => [log.status, log.description]);
    const noDefault = await run(emailBot('default'), ['Ann', 'ann@example.com']);
    expect(noDefault.last.logs).toEqual([
      { status: 'error', description: 'No credentials found, make sure to configure your SMTP provider properly' },
    ]);
    expect(await resultLogs(noDefault.resultId)).toEqual([noCredentials]);
    const other = await createUserWithToken(server.db, 'other-smtp@parley.test');
    const foreign = await request(server.url, 'POST', `/v1/workspaces/${other.personalWorkspaceId}/credentials`, {
      token: other.token,
      json: {
        type: 'smtp',
        name: 'Theirs',
        data: { host: '127.0.0.1', port: inbox.port, from: { email: 'x@parley.test' } },
      },
    });
    const borrowed = await run(emailBot(foreign.body.credentials.id), ['Ann', 'ann@example.com']);
    expect(borrowed.last.logs).toEqual([
      { status: 'error', description: 'No credentials found, make sure to configure your SMTP provider properly' },
    ]);
    expect(await resultLogs(borrowed.resultId)).toEqual([noCredentials]);
    // An id that names no credentials at all (deleted, or from another instance's export) is told the same way.
    for (const id of ['clnonexistent0000000000000', 'deleted-smtp']) {
      const unknown = await run(emailBot(id), ['Ann', 'ann@example.com']);
      expect(unknown.last.logs).toEqual([
        { status: 'error', description: 'No credentials found, make sure to configure your SMTP provider properly' },
      ]);
      expect(await resultLogs(unknown.resultId)).toEqual([noCredentials]);
    }
    expect(inbox.messages).toHaveLength(0);
  });
});

describe('Send e-mail block behind the outbound guard', () => {
  test('a workspace SMTP host on loopback is refused (not listed in PARLEY_OUTBOUND_ALLOW): nothing reaches it', async () => {
    const guarded = await startTestServer();
    try {
      const created = await request(guarded.url, 'POST', `/v1/workspaces/${guarded.adminWorkspaceId}/credentials`, {
        token: guarded.adminToken,
        json: {
          type: 'smtp',
          name: 'Local',
          data: { host: '127.0.0.1', port: inbox.port, from: { email: 'bot@parley.test' } },
        },
      });
      const { publicId } = await publishDefinition(guarded, emailBot(created.body.credentials.id));
      const started = await startChat(guarded, publicId);
      await say(guarded, started.body.sessionId, 'Ann');
      await say(guarded, started.body.sessionId, 'ann@example.com');
      const logs = await guarded.db.log.findMany({ where: { resultId: started.body.resultId } });
      expect(logs.map((log) => [log.description, log.details])).toEqual([
        ['Email not sent', 'Access to loopback addresses (127.0.0.0/8) is not allowed for security reasons.'],
      ]);
      expect(inbox.messages).toHaveLength(0);
    } finally {
      await guarded.close();
    }
  });
});
