// Every document a comment or a page points at exists, and so does the section:
// comments cite `docs/<name>.md#<anchor>` (several anchors may follow one path,
// comma-separated: `#a, #b`), Markdown pages link with relative paths. An anchor
// is a heading's GitHub slug or an explicit `<a id="...">`.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const sourceFolders = ['src', 'test', 'bench', 'scripts'];
const sourceExtensions = /\.(ts|tsx|js|cjs|mjs|graphql|sh)$/;
const skippedFolders = new Set(['node_modules', 'generated', 'dist']);

function filesUnder(folder: string, accept: (file: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!skippedFolders.has(entry.name)) found.push(...filesUnder(full, accept));
    } else if (accept(entry.name)) found.push(full);
  }
  return found;
}

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Anchors of a Markdown file: heading slugs (numbered when repeated, as GitHub does) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug((heading[1] ?? '').replace(/`/g, ''));
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1] ?? '');
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOfFile(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (!anchors) {
    anchors = anchorsOf(fs.readFileSync(file, 'utf8'));
    anchorCache.set(file, anchors);
  }
  return anchors;
}

/** What is wrong with a link to `target` (a path relative to the project root) and its anchors, or null. */
function problem(target: string, anchors: string[]): string | null {
  const file = path.join(root, target);
  if (!fs.existsSync(file)) return `${target} does not exist`;
  if (!target.endsWith('.md')) return null;
  const missing = anchors.filter((anchor) => !anchorsOfFile(file).has(anchor));
  return missing.length > 0 ? `${target} has no section #${missing.join(', #')}` : null;
}

function relative(file: string): string {
  return path.relative(root, file);
}

describe('documentation links', () => {
  it('every docs/*.md cited by a source comment exists, with the cited anchors', () => {
    const citation = /docs\/([\w.-]+\.md)((?:#[\w-]+)?(?:,\s*#[\w-]+)*)/g;
    const sources = [
      ...sourceFolders.flatMap((folder) => filesUnder(path.join(root, folder), (name) => sourceExtensions.test(name))),
      path.join(root, '.dependency-cruiser.cjs'),
    ].filter((file) => file !== __filename);
    const problems: string[] = [];
    let cited = 0;
    for (const file of sources) {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const match of line.matchAll(citation)) {
          cited += 1;
          const anchors = [...(match[2] ?? '').matchAll(/#([\w-]+)/g)].map((anchor) => anchor[1] ?? '');
          const wrong = problem(`docs/${match[1]}`, anchors);
          if (wrong) problems.push(`${relative(file)}:${index + 1}: ${wrong}`);
        }
      });
    }
    expect(cited).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });

  it('every relative link of the README and the docs leads to a file and section that exist', () => {
    const pages = [
      path.join(root, 'README.md'),
      path.join(root, 'SECURITY.md'),
      path.join(root, 'bench/README.md'),
      ...filesUnder(path.join(root, 'docs'), (name) => name.endsWith('.md')),
    ].filter((file) => fs.existsSync(file));
    const link = /\]\(([^)\s]+)\)/g;
    const problems: string[] = [];
    for (const page of pages) {
      let inFence = false;
      fs.readFileSync(page, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
          if (inFence) return;
          // Code spans show link syntax; they link nowhere.
          for (const match of line.replace(/`[^`]*`/g, '').matchAll(link)) {
            const href = match[1] ?? '';
            if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
            const [target = '', anchor] = href.split('#');
            const file = target === '' ? page : path.resolve(path.dirname(page), target);
            const wrong = problem(relative(file), anchor ? [anchor] : []);
            if (wrong) problems.push(`${relative(page)}:${index + 1}: ${wrong}`);
          }
        });
    }
    expect(problems).toEqual([]);
  });

  it('reads anchors as GitHub does', () => {
    const anchors = anchorsOf(
      '# Parley\n## Limits per turn\n```\n# not a heading\n```\n## `Set` variable\n## Limits per turn\n<a id="x-y"></a>',
    );
    expect([...anchors]).toEqual(['parley', 'limits-per-turn', 'set-variable', 'limits-per-turn-1', 'x-y']);
  });
});
