import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FINGERPRINT_FILE, fingerprint, staleReason } from '../../../scripts/build.cjs';

// `npm start` and `npm test` build only when dist/ was not built from the
// sources as they are now: over a miniature project tree, every input edit
// must change the fingerprint, and nothing else may.

let root: string;

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

/** Records a completed build of the tree as it is. */
function recordBuild(): void {
  write(FINGERPRINT_FILE, `${fingerprint(root)}\n`);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-build-'));
  write('src/main.ts', 'export const answer = 42;\n');
  write('src/web/console/main.tsx', 'export {};\n');
  write('src/db/generated/client.ts', '// generated\n');
  write('prisma/schema.prisma', 'model Bot { id String @id }\n');
  write('scripts/build-web.cjs', '// bundles\n');
  write('bench/chat.ts', '// bench\n');
  write('package.json', '{}\n');
  write('package-lock.json', '{}\n');
  write('tsconfig.json', '{}\n');
  write('tsconfig.build.json', '{}\n');
  write('notes/guide.txt', '# Guide\n');
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test('a tree without a completed build needs one', () => {
  expect(staleReason(root)).toBe('no completed build in dist/');
  recordBuild();
  expect(staleReason(root)).toBeUndefined();
});

test.each([
  'src/main.ts',
  'src/web/console/main.tsx',
  'prisma/schema.prisma',
  'scripts/build-web.cjs',
  'bench/chat.ts',
  'package-lock.json',
  'tsconfig.build.json',
])('an edit to %s calls for a build', (file) => {
  recordBuild();
  write(file, `${fs.readFileSync(path.join(root, file), 'utf8')}// edited\n`);
  expect(staleReason(root)).toBe('sources changed since the last build');
});

test('a new source file, and a removed one, call for a build', () => {
  recordBuild();
  write('src/new.ts', 'export {};\n');
  expect(staleReason(root)).toBe('sources changed since the last build');
  recordBuild();
  fs.rmSync(path.join(root, 'src/new.ts'));
  expect(staleReason(root)).toBe('sources changed since the last build');
});

test('an edit that keeps the size and the modification time is still seen', () => {
  recordBuild();
  const file = path.join(root, 'src/main.ts');
  const { mtime } = fs.statSync(file);
  fs.writeFileSync(file, 'export const answer = 24;\n');
  fs.utimesSync(file, mtime, mtime);
  expect(staleReason(root)).toBe('sources changed since the last build');
});

test('rewriting a file with the same content, and editing files the build does not read, need no build', () => {
  recordBuild();
  const file = path.join(root, 'src/main.ts');
  fs.writeFileSync(file, fs.readFileSync(file));
  fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
  write('notes/guide.txt', '# Another guide\n');
  // The Prisma clients are written by the build itself.
  write('src/db/generated/client.ts', '// generated again\n');
  expect(staleReason(root)).toBeUndefined();
});

test('missing Prisma clients call for a build', () => {
  recordBuild();
  fs.rmSync(path.join(root, 'src/db/generated'), { recursive: true });
  expect(staleReason(root)).toBe('src/db/generated is missing');
});
