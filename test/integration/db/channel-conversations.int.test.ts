import { openDatabase, type Database } from '../../../src/db/client';
import { migrate } from '../../../src/db/migrate';
import { conversationFor, saveConversation } from '../../../src/services/channels/conversations';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../helpers/test-database';

let database: ThrowawayDatabase;
let opened: Database;
let credentialsId: string;

beforeAll(async () => {
  database = await createThrowawayDatabase();
  opened = openDatabase(database.url);
  await migrate(opened.target);
  const workspace = await opened.db.workspace.create({ data: { name: 'Channels' } });
  const credentials = await opened.db.credentials.create({
    data: { type: 'whatsApp', name: 'WhatsApp', data: '', iv: '', workspaceId: workspace.id },
  });
  credentialsId = credentials.id;
});
afterAll(async () => {
  await opened.close();
  await database.drop();
});

test('a conversation’s state is created, read and replaced, and goes with its credentials', async () => {
  expect(await conversationFor(opened.db, credentialsId, '+33600000000')).toBeNull();
  const first = {
    credentialsId,
    conversationKey: '+33600000000',
    botId: 'bot',
    sessionId: 'session-1',
    lastActivityAt: new Date('2026-11-27T10:00:00.000Z'),
    choices: { 'choice-1': 'Yes', 'choice-2': 'No' },
  };
  await saveConversation(opened.db, first);
  expect(await conversationFor(opened.db, credentialsId, '+33600000000')).toEqual(first);

  const next = { ...first, sessionId: null, lastActivityAt: new Date('2026-11-27T10:05:00.000Z'), choices: {} };
  await saveConversation(opened.db, next);
  expect(await conversationFor(opened.db, credentialsId, '+33600000000')).toEqual(next);
  expect(await conversationFor(opened.db, credentialsId, '+33611111111')).toBeNull();

  await opened.db.credentials.delete({ where: { id: credentialsId } });
  expect(await conversationFor(opened.db, credentialsId, '+33600000000')).toBeNull();
});
