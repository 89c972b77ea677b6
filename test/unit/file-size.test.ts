// No module we write is over 400 lines: a file that long does several jobs,
// and is split along them (one module per job, named for it), not by line
// count. Generated code is left out (docs/architecture.md#generated-files).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const MAX_LINES = 400;
const folders = ['src', 'scripts', 'bench', 'test/helpers'];
const extensions = /\.(ts|tsx|cjs|mjs)$/;
/** Written by the build, `npm run codegen` and Prisma's generator, not by hand. */
const generated = [
  'src/db/generated/',
  'src/rest/generated/',
  'src/web/console/api/generated.ts',
  'src/engine/blocks/generated/',
  'src/web/widgets/generated.ts',
  'src/web/console/editor/generated-icons.ts',
];

function filesUnder(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = path.posix.join(folder, entry.name);
    if (generated.some((prefix) => `${relative}/`.startsWith(prefix) || relative === prefix)) continue;
    if (entry.isDirectory()) found.push(...filesUnder(relative));
    else if (extensions.test(entry.name)) found.push(relative);
  }
  return found;
}

/** Counted as `wc -l` counts them, plus a last line without its newline. */
function lineCount(file: string): number {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

test(`no source file is over ${MAX_LINES} lines`, () => {
  const files = folders.flatMap(filesUnder);
  expect(files.length).toBeGreaterThan(100);
  const oversized = files
    .map((file) => ({ file, lines: lineCount(file) }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
  expect(oversized).toEqual([]);
});
