import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PALETTE_CATEGORIES } from '../../../../src/engine/blocks/define';
import { BLOCK_DEFINITIONS } from '../../../../src/engine/blocks/definitions';
import { handledBlockTypes, handlerFor } from '../../../../src/engine/blocks/registry';
import { WIDGETS } from '../../../../src/web/widgets/generated';

// A block type is one folder under src/engine/blocks/<palette section>/ (docs/architecture.md#block-folders):
// these say which folder misses a part its kind needs, and that the generated lists are the folders'.

const root = path.resolve(__dirname, '../../../..');
const blocksDir = path.join(root, 'src/engine/blocks');

interface Folder {
  name: string;
  category: string;
  files: string[];
}

const folders: Folder[] = PALETTE_CATEGORIES.flatMap((category) =>
  fs
    .readdirSync(path.join(blocksDir, category), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      name: `${category}/${entry.name}`,
      category,
      files: fs.readdirSync(path.join(blocksDir, category, entry.name)),
    })),
);

/** The parts each kind of block needs in its folder. */
const NEEDS: Record<string, string[]> = {
  bubble: ['definition.ts', 'block.ts'],
  input: ['definition.ts', 'block.ts', 'widget.ts'],
  logic: ['definition.ts', 'block.ts'],
  integration: ['definition.ts', 'block.ts'],
};

/** The engine kind each palette section holds. */
const KIND_OF_SECTION: Record<string, string> = {
  bubbles: 'bubble',
  inputs: 'input',
  logic: 'logic',
  integrations: 'integration',
  ai: 'integration',
};

function definitionOf(folder: Folder): { type: string; category: string } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(blocksDir, folder.name, 'definition.ts')).default;
}

test('every folder under a palette section is a block: a definition, its engine module, and what its kind needs', () => {
  const missing: string[] = [];
  for (const folder of folders) {
    if (!folder.files.includes('definition.ts')) {
      missing.push(`${folder.name}: definition.ts`);
      continue;
    }
    const kind = KIND_OF_SECTION[folder.category]!;
    for (const part of NEEDS[kind]!) if (!folder.files.includes(part)) missing.push(`${folder.name}: ${part}`);
  }
  expect(missing).toEqual([]);
  expect(folders.length).toBe(BLOCK_DEFINITIONS.length);
});

test("each folder's definition is in its own palette section, and its engine module runs that type as its kind", () => {
  for (const folder of folders) {
    const definition = definitionOf(folder);
    expect({ folder: folder.name, category: definition.category }).toEqual({
      folder: folder.name,
      category: folder.category,
    });
    const handler = handlerFor(definition.type);
    expect({ folder: folder.name, type: handler?.type, kind: handler?.category }).toEqual({
      folder: folder.name,
      type: definition.type,
      kind: KIND_OF_SECTION[folder.category],
    });
  }
  expect(new Set(folders.map((folder) => definitionOf(folder).type)).size).toBe(folders.length);
  expect(handledBlockTypes()).toEqual(BLOCK_DEFINITIONS.map((definition) => definition.type));
});

test('every input has one visitor widget, for its own type', () => {
  const inputs = BLOCK_DEFINITIONS.filter((definition) => definition.category === 'inputs').map(
    (definition) => definition.type,
  );
  expect(WIDGETS.map((widget) => widget.type).sort()).toEqual([...inputs].sort());
});

test('places in a palette section are distinct', () => {
  for (const category of PALETTE_CATEGORIES) {
    const orders = BLOCK_DEFINITIONS.filter((definition) => definition.category === category).map(
      (definition) => definition.order,
    );
    expect({ category, orders: new Set(orders).size }).toEqual({ category, orders: orders.length });
  }
});

test('the generated block lists are what the folders give (npm run build writes them)', () => {
  expect(() =>
    execFileSync(process.execPath, [path.join(root, 'scripts/generate-blocks.cjs'), '--check'], { stdio: 'pipe' }),
  ).not.toThrow();
});
