import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { BLOCK_DEFINITIONS } from '../../../../src/engine/blocks/definitions';

// A block type's id is written in its own folder and nowhere else in src/
// (docs/architecture.md#block-folders): what differs between blocks is a hook
// of their module, so nothing outside a folder switches on its type. Read as
// TypeScript, so comments and prose ("the \`webhook\` block…") are not uses.
//
// An id that is also a word of another vocabulary is a use only where code
// compares it with a block's type (`block.type === 'image'`, a `case` of a
// switch on it): elsewhere it means something else.
const OTHER_MEANINGS: Record<string, string> = {
  text: "a chat message's and a reply's type, a rich-text leaf's field",
  image: "a chat message's type, a kind of media",
  video: "a chat message's type, a kind of media",
  audio: "a chat message's type, a kind of media, a reply's type",
  embed: "a chat message's type, an HTML element",
  openai: 'an AI provider, a kind of credentials',
  anthropic: 'an AI provider, a kind of credentials',
  mistral: 'an AI provider, a kind of credentials',
  groq: 'an AI provider, a kind of credentials',
  perplexity: 'an AI provider, a kind of credentials',
  deepseek: 'an AI provider, a kind of credentials',
  'together-ai': 'an AI provider, a kind of credentials',
  'open-router': 'an AI provider, a kind of credentials',
  OpenAI: "the legacy OpenAI credentials' name",
  'Google Analytics': "a name in the reference's preview log",
  Pixel: "a name in the reference's preview log",
  Condition: "an item's caption in the flow view",
  Webhook: "a Lucide icon's name (Wait for webhook's)",
  handoff: "a chat answer's field (the session waits for a person: docs/handoff.md)",
};

const root = path.resolve(__dirname, '../../../..');
const src = path.join(root, 'src');
/** Not code that knows block types: generated lists, and the starter bots (definitions in the Typebot format, data). */
const NOT_SCANNED = [/^src\/db\/generated\//, /\/generated(\.ts|\/)/, /^src\/engine\/shapes\/templates\//];

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(file, into);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) into.push(file);
  }
  return into;
}

const folderOf = new Map<string, string>();
for (const file of sourceFiles(path.join(src, 'engine/blocks'))) {
  const relative = path.relative(root, file);
  const match = /^src\/engine\/blocks\/[^/]+\/[^/]+\//.exec(relative);
  if (match && relative.endsWith('/definition.ts')) {
    const text = fs.readFileSync(file, 'utf8');
    const type = /type: '([^']+)'/.exec(text)?.[1];
    if (type) folderOf.set(type, match[0]);
  }
}

/** `block.type`, `props.block.type`, `nextBlock.type`: a block's type, whatever TypeScript knows of it. */
function isBlockTypeExpression(node: ts.Node): boolean {
  return (
    ts.isPropertyAccessExpression(node) &&
    node.name.text === 'type' &&
    /block/i.test(node.expression.getText()) &&
    !/message|reply|input\b/i.test(node.expression.getText())
  );
}

function comparedWithBlockType(literal: ts.Node): boolean {
  const parent = literal.parent;
  if (ts.isBinaryExpression(parent)) {
    const equality = [
      ts.SyntaxKind.EqualsEqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsEqualsToken,
      ts.SyntaxKind.EqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsToken,
    ].includes(parent.operatorToken.kind);
    const other = parent.left === literal ? parent.right : parent.left;
    return equality && isBlockTypeExpression(other);
  }
  if (ts.isCaseClause(parent)) return isBlockTypeExpression(parent.parent.parent.expression);
  return false;
}

interface Use {
  type: string;
  where: string;
}

function usesIn(file: string): Use[] {
  const relative = path.relative(root, file);
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const uses: Use[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const folder = folderOf.get(node.text);
      const counts = folder && !relative.startsWith(folder) && !ts.isImportDeclaration(node.parent);
      if (counts && (OTHER_MEANINGS[node.text] === undefined || comparedWithBlockType(node))) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        uses.push({ type: node.text, where: `${relative}:${line + 1}` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

test('every block type has a folder with its definition', () => {
  expect([...folderOf.keys()].sort()).toEqual(BLOCK_DEFINITIONS.map((definition) => definition.type).sort());
});

test('no block type id is written outside its folder', () => {
  const uses = sourceFiles(src)
    .filter((file) => !NOT_SCANNED.some((pattern) => pattern.test(path.relative(root, file))))
    .flatMap(usesIn);
  expect(uses).toEqual([]);
});

test('the check finds a use where there is one', () => {
  const probe = path.join(root, 'test/fixtures/block-type-ids/switch.ts');
  expect(usesIn(probe).map((use) => use.type)).toEqual(['rating input', 'image', 'Set variable']);
});
