import fs from 'node:fs';
import path from 'node:path';
import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { blockDefinition, blockLabel } from '../engine/blocks/definitions';
import { projectRoot } from '../project-root';
import { BLOCK_TYPES_URI, blockTypeUri, caseRule, sameLettersAs, unknownBlockTypeMessage } from './block-catalogue';
import type { ToolHost } from './tools/shared';

// What an assistant reads before it writes: an index of the block types and
// one resource per type (the whole catalogue is some 30k tokens, too much to
// read at once), the documentation of the bot format and of what blocks do,
// and the starter templates.

interface Template {
  id: string;
  name: string;
  description: string;
  definition: unknown;
}

interface BlockTypeEntry {
  type: string;
  category: string;
  label: string;
  optionsSchema: unknown;
  contentSchema: unknown;
  itemSchema: unknown;
  defaultBlock: unknown;
}

const json = (uri: string, value: unknown) => ({
  contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }],
});

/** The documentation pages served, by name (docs/<name>.md): those an assistant writing a bot needs. */
const DOCS: Record<string, { title: string; description: string }> = {
  'bot-format': {
    title: 'The bot format',
    description: 'How a bot is written: groups, blocks, edges, variables, events, and how edit_bot changes them.',
  },
  'engine-behaviour': {
    title: 'What blocks do',
    description:
      'How the engine runs a bot, block by block: inputs and the replies they accept, conditions, variables, retries, events.',
  },
};

const EACH_TYPE = `${BLOCK_TYPES_URI}/{type} (each type's uri below): JSON Schema of the block's options (and of its content or items when it has them), the block the editor inserts by default, and the replies an input accepts. Write blocks that validate against it.`;

const docUri = (name: string) => `parley://docs/${name}`;

/**
 * A page's links as an assistant can follow them: to a served page, its
 * resource (the section dropped: resources have none); to anything else (the
 * repository's other files, which an assistant has no way to open), the words
 * without the link. Links within the page stay.
 */
export function assistantMarkdown(markdown: string): string {
  return markdown.replace(/(!?)\[([^\]\n]+)\]\(([^)\s]+)\)/g, (whole, image: string, text: string, target: string) => {
    if (image || target.startsWith('#')) return whole;
    const page = /^(?:\.\/)?([a-z0-9-]+)\.md(?:#.*)?$/.exec(target)?.[1];
    return page && page in DOCS ? `[${text}](${docUri(page)})` : text;
  });
}

/** Read once per process: they ship with the code. */
const docTexts = new Map<string, string>();
function docText(name: string): string {
  let text = docTexts.get(name);
  if (text === undefined) {
    text = assistantMarkdown(fs.readFileSync(path.join(projectRoot(), 'docs', `${name}.md`), 'utf8'));
    docTexts.set(name, text);
  }
  return text;
}

const notFound = (message: string) => new McpError(ErrorCode.InvalidParams, message);

export function registerResources({ server, run }: ToolHost): void {
  const catalogue = async () => (await run('AssistantBlockCatalogue')).blockTypes as BlockTypeEntry[];

  server.registerResource(
    'block-types',
    BLOCK_TYPES_URI,
    {
      title: 'Block types',
      description:
        'Every block type the engine runs, in palette order: its wire type, label, category, and the URI of its own resource (options, content and items as JSON Schema, and the block the editor inserts). Read the index, then the types you write.',
      mimeType: 'application/json',
    },
    async (uri) => {
      const types = (await catalogue()).map(({ type, label, category }) => ({
        type,
        label,
        category,
        uri: blockTypeUri(type),
      }));
      // One type a line: indented JSON would double the index's size in an assistant's context.
      const text = [
        '{',
        `  "caseSensitive": ${JSON.stringify(caseRule())},`,
        `  "eachType": ${JSON.stringify(EACH_TYPE)},`,
        '  "types": [',
        types.map((entry) => `    ${JSON.stringify(entry)}`).join(',\n'),
        '  ]',
        '}',
      ].join('\n');
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text }] };
    },
  );

  server.registerResource(
    'block-type',
    // No list: the index names them all, and 60 entries would crowd an assistant's resource list.
    new ResourceTemplate(`${BLOCK_TYPES_URI}/{type}`, { list: undefined }),
    {
      title: 'A block type',
      description:
        "One block type: JSON Schema of its options (and content or items), the block the editor inserts, and the replies an input accepts. Its URI is in the parley://block-types index (the type's name, URI-encoded).",
      mimeType: 'application/json',
    },
    async (uri, { type }) => {
      const name = decodeURIComponent(String(type));
      const entry = (await catalogue()).find((candidate) => candidate.type === name);
      if (!entry) throw notFound(unknownBlockTypeMessage(name));
      const others = sameLettersAs(name);
      const replyHint = blockDefinition(name)?.replyHint;
      return json(uri.href, {
        ...entry,
        ...(others.length > 0
          ? {
              notToBeConfusedWith: others.map((other) => ({
                type: other,
                label: blockLabel(other),
                uri: blockTypeUri(other),
              })),
            }
          : {}),
        ...(replyHint ? { replies: replyHint } : {}),
      });
    },
  );

  server.registerResource(
    'docs',
    new ResourceTemplate('parley://docs/{name}', {
      list: async () => ({
        resources: Object.entries(DOCS).map(([name, { title, description }]) => ({
          uri: docUri(name),
          name: title,
          description,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    {
      title: 'Documentation',
      description: 'Pages of the documentation an assistant needs to write a bot: parley://docs/bot-format first.',
      mimeType: 'text/markdown',
    },
    async (uri, { name }) => {
      const page = String(name);
      if (!(page in DOCS))
        throw notFound(`No page "${page}": the pages are ${Object.keys(DOCS).map(docUri).join(', ')}`);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: docText(page) }] };
    },
  );

  const templates = async () => (await run('AssistantTemplates')).botTemplates as Template[];
  server.registerResource(
    'template',
    new ResourceTemplate('parley://templates/{templateId}', {
      list: async () => ({
        resources: (await templates()).map((template) => ({
          uri: `parley://templates/${template.id}`,
          name: template.name,
          description: template.description,
          mimeType: 'application/json',
        })),
      }),
    }),
    {
      title: 'Starter templates',
      description: "The console's starter bots, as whole definitions (create_bot takes one by its id).",
      mimeType: 'application/json',
    },
    async (uri, { templateId }) => {
      const template = (await templates()).find((candidate) => candidate.id === templateId);
      if (!template) throw new Error(`No template ${String(templateId)}`);
      return json(uri.href, template);
    },
  );
}
