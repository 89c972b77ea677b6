import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renameVariableMentions } from '../../../src/engine/variables/rename';
import { flowContent, readDraft, type Draft } from '../../../src/web/console/editor/draft';
import { variableUsages } from '../../../src/web/console/editor/operations/variables';
import { renameVariable, variableNameError } from '../../../src/web/console/editor/rename-variable';

// The console renames a variable with its mentions in one change, over the
// flow it edits: on every fixture it must agree with the engine's rename of
// the same parts, and "Used by" must keep its blocks.

const FIXTURES = path.join(__dirname, '../../fixtures/bots');
const files = readdirSync(FIXTURES).filter((file) => file.endsWith('.json'));
const load = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as Record<string, unknown>;

describe('renameVariable (console)', () => {
  test.each(files)('%s: renames like the engine, and "Used by" keeps its blocks', (file) => {
    const draft = readDraft(load(file));
    for (const variable of draft.variables) {
      const newName = `${variable.name} 2`;
      if (draft.variables.some((each) => each.name === newName)) continue;
      const usedBefore = variableUsages(draft, variable.id).map((use) => use.block.id);
      const renamed = renameVariable(draft, variable.id, newName);
      const engine = renameVariableMentions(flowContent(draft), variable.name, newName);
      expect({ ...flowContent(renamed), variables: undefined }).toEqual({ ...engine, variables: undefined });
      expect(renamed.variables.find((each) => each.id === variable.id)?.name).toBe(newName);
      expect(variableUsages(renamed, variable.id).map((use) => use.block.id)).toEqual(usedBefore);
    }
  });

  const sample = (): Draft =>
    readDraft({
      groups: [
        {
          id: 'g1',
          title: 'Hello',
          graphCoordinates: { x: 0, y: 0 },
          blocks: [
            { id: 'ask', type: 'text input', options: { variableId: 'v1' } },
            { id: 'hi', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Hi {{name}}' }] }] } },
            { id: 'bye', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Bye {{name}}' }] }] } },
          ],
        },
      ],
      events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 } }],
      edges: [],
      variables: [
        { id: 'v1', name: 'name' },
        { id: 'v2', name: 'city' },
      ],
    });

  test('the name and every mention change in one new draft; the text no longer names the old one', () => {
    const draft = sample();
    const renamed = renameVariable(draft, 'v1', ' firstName ');
    expect(JSON.stringify(renamed.groups)).not.toContain('{{name}}');
    expect(JSON.stringify(renamed.groups).split('{{firstName}}')).toHaveLength(3);
    expect(renamed.variables).toEqual([
      { id: 'v1', name: 'firstName' },
      { id: 'v2', name: 'city' },
    ]);
    expect(variableUsages(renamed, 'v1').map((use) => use.block.id)).toEqual(['ask', 'hi', 'bye']);
    expect(renamed.edges).toBe(draft.edges);
  });

  test('an empty name, a name in use or one with braces is refused: the draft stays as it is', () => {
    const draft = sample();
    expect(variableNameError(draft, 'v1', '  ')).toBe('A variable needs a name.');
    expect(variableNameError(draft, 'v1', 'city')).toBe('Another variable is already called “city”.');
    expect(variableNameError(draft, 'v1', 'a{b')).toMatch(/cannot hold/);
    expect(variableNameError(draft, 'v1', 'name')).toBeUndefined();
    for (const refused of ['', 'city', 'x}}']) expect(renameVariable(draft, 'v1', refused)).toBe(draft);
  });
});
