import fs from 'node:fs';
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { projectRoot } from '../project-root';
import type { RunOperation } from './execute';
import { registerPrompts } from './prompts';
import { registerResources } from './resources';
import { registerAnalyticsTools } from './tools/analytics';
import { registerBotTools } from './tools/bots';
import { registerConversationTools } from './tools/conversations';
import { registerEditTools } from './tools/edits';
import { registerPreviewTools } from './tools/preview';
import { registerResultTools } from './tools/results';

// Parley to AI assistants (Model Context Protocol): another face of the API,
// like REST. Every tool runs named GraphQL operations in-process with the
// caller's credentials, so an assistant can do exactly what its token's user
// can, and the API's errors come back as they are.

const INSTRUCTIONS = `Parley builds and runs chat bots. A bot is a flow: groups of blocks (bubbles that say something, inputs that ask, logic, integrations) joined by paths, with variables.
Typical work: list_workspaces → list_bots / get_bot → create_bot → edit_bot (small edits, passing expectedVersion) → get_problems → preview_chat (test) → publish_bot (ask first).
Read parley://docs/bot-format before writing blocks, and the parley://block-types index, then parley://block-types/{type} for each type you use (types are case-sensitive: "Webhook" is an HTTP request, "webhook" waits for one). Results and analytics count real visitors of the published bot: get_analytics, get_series, search_results, get_result, export_results (a link).`;

let version: string | undefined;
/** The version assistants are told (package.json's), read once. */
export function parleyVersion(): string {
  version ??= (JSON.parse(fs.readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { version: string })
    .version;
  return version;
}

export function createAssistantServer(run: RunOperation, version: string): McpServer {
  const server = new McpServer(
    { name: 'parley', title: 'Parley', version },
    { instructions: INSTRUCTIONS, capabilities: { tools: {}, resources: {}, prompts: {} } },
  );
  const host = { server, run };
  registerBotTools(host);
  registerEditTools(host);
  registerPreviewTools(host);
  registerAnalyticsTools(host);
  registerResultTools(host);
  registerConversationTools(host);
  registerResources(host);
  registerPrompts(server);
  return server;
}
