import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outlineOf } from '../../../../src/engine/definition/outline';
import { parseDefinition, type BotDefinition } from '../../../../src/engine/definition/parse';

// The outline an assistant reads a bot by (bot.outline): what each block says
// or asks, with variables by name, and where each path goes.

function fixture(name: string): BotDefinition {
  const parsed = parseDefinition(JSON.parse(readFileSync(join(__dirname, '../../../fixtures/bots', name), 'utf8')));
  if (!parsed.ok) throw new Error(parsed.issues[0]!.message);
  return parsed.definition;
}

test('a v6 export: the start event, each block summarised, paths named by group title', () => {
  const outline = outlineOf(fixture('lead-gen.json'));
  expect(outline.start).toEqual({
    eventId: 'k6kY6gwRE6noPoYQNGzgUq',
    next: { groupId: expect.any(String), group: 'Welcome' },
  });
  const email = outline.groups.find((group) => group.title === 'Email')!;
  expect(email.blocks).toEqual([
    { id: 'sxeYubYN6XzhAfG7m9Fivhc', type: 'text', label: 'Text', summary: 'Great! Nice to meet you {{Name}}' },
    {
      id: 'scQ5kduafAtfP9T8SHUJnGi',
      type: 'text',
      label: 'Text',
      summary: "What's the best email we can reach you at?",
    },
    {
      id: 'snbsad18Bgry8yZ8DZCfdFD',
      type: 'email input',
      label: 'E-mail input',
      summary: '"What\'s the best email we can reach you at?" → {{Email}}',
      options: { variableId: 'v3VFChNVSCXQ2rXv4DrJ8Ah' },
      next: { groupId: expect.any(String), group: 'Services' },
    },
  ]);
  expect(outline.variables).toContainEqual({ id: 'v3VFChNVSCXQ2rXv4DrJ8Ah', name: 'Email' });
});

test('buttons list their choices, each with its own path', () => {
  const outline = outlineOf(fixture('lead-gen.json'));
  const services = outline.groups.find((group) => group.title === 'Services')!;
  const buttons = services.blocks.find((block) => block.type === 'choice input')!;
  expect(buttons.items!.length).toBeGreaterThan(1);
  expect(buttons.summary.startsWith(buttons.items!.map((item) => item.summary).join(' | '))).toBe(true);
  expect(buttons.items!.every((item) => item.summary !== 'item')).toBe(true);
});

test('a v3 export starts at its start block', () => {
  const outline = outlineOf(fixture('legacy-v3-lead-gen.json'));
  expect(outline.start).toEqual({
    blockId: '22HP69iipkLjJDTUcc1AWW',
    next: { groupId: expect.any(String), group: 'Welcome' },
  });
});

test('long texts are cut, and a path to a removed group says so', () => {
  const definition = fixture('lead-gen.json');
  const long = 'word '.repeat(100);
  const first = definition.groups[1]!;
  first.blocks[0] = { ...first.blocks[0]!, content: { richText: [{ type: 'p', children: [{ text: long }] }] } };
  definition.edges[0] = { ...definition.edges[0]!, to: { groupId: 'gone' } };
  const outline = outlineOf(definition);
  const summary = outline.groups[1]!.blocks[0]!.summary;
  expect(summary).toHaveLength(160);
  expect(summary.endsWith('…')).toBe(true);
  expect(JSON.stringify(outline)).toContain('(missing group)');
});
