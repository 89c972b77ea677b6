import type { SourceBot, SourceFolder } from '../../../src/integrations/typebot/rows';
import { folderedName } from '../../../src/services/typebot-import/bots';

// Parley has no folders: an imported bot is named after its folder path.

const folders = new Map<string, SourceFolder>([
  ['f1', { id: 'f1', name: 'Marketing', parentFolderId: null, workspaceId: 'w' }],
  ['f2', { id: 'f2', name: ' Leads ', parentFolderId: 'f1', workspaceId: 'w' }],
  // A loop (a broken database): each folder once.
  ['f3', { id: 'f3', name: 'A', parentFolderId: 'f4', workspaceId: 'w' }],
  ['f4', { id: 'f4', name: 'B', parentFolderId: 'f3', workspaceId: 'w' }],
]);

const bot = (fields: Partial<SourceBot>) => ({ name: 'Form', folderId: null, spaceName: null, ...fields }) as SourceBot;

test('space, folders from the top, then the name', () => {
  expect(folderedName(bot({}), folders)).toBe('Form');
  expect(folderedName(bot({ folderId: 'f2' }), folders)).toBe('Marketing / Leads / Form');
  expect(folderedName(bot({ folderId: 'f2', spaceName: 'Sales' }), folders)).toBe('Sales / Marketing / Leads / Form');
  expect(folderedName(bot({ folderId: 'f3' }), folders)).toBe('B / A / Form');
  expect(folderedName(bot({ folderId: 'gone' }), folders)).toBe('Form');
  expect(folderedName(bot({ name: '  ' }), folders)).toBe('Untitled bot');
});

test('a path too long for a name gives way to the name itself', () => {
  const long = new Map([['f', { id: 'f', name: 'x'.repeat(250), parentFolderId: null, workspaceId: 'w' }]]);
  expect(folderedName(bot({ folderId: 'f' }), long)).toBe('Form');
});
