import fs from 'node:fs';
import path from 'node:path';
import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { projectRoot } from '../project-root';
import type { ToolHost } from './tools/shared';

// What an assistant reads before it writes: every block type with its options
// schema (what the editor's forms are drawn from), the bot format's
// documentation, and the starter templates.

interface Template {
  id: string;
  name: string;
  description: string;
  definition: unknown;
}

const json = (uri: string, value: unknown) => ({
  contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }],
});

/** Read once per process: it ships with the code. */
let botFormat: string | undefined;
function botFormatText(): string {
  botFormat ??= fs.readFileSync(path.join(projectRoot(), 'docs/bot-format.md'), 'utf8');
  return botFormat;
}

export function registerResources({ server, run }: ToolHost): void {
  server.registerResource(
    'block-types',
    'parley://block-types',
    {
      title: 'Block catalogue',
      description:
        'Every block type the engine runs, in palette order: its wire type, label, category, JSON Schema of its options (and of its content or items when it has them), and the block the editor inserts by default. Write blocks that validate against these.',
      mimeType: 'application/json',
    },
    async (uri) => json(uri.href, (await run('AssistantBlockCatalogue')).blockTypes),
  );

  server.registerResource(
    'bot-format',
    'parley://docs/bot-format',
    {
      title: 'The bot format',
      description: 'How a bot is written: groups, blocks, edges, variables, events, and how edit_bot changes them.',
      mimeType: 'text/markdown',
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: botFormatText() }] }),
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
