import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RunOperation } from '../execute';

/** What each group of tools registers with: the server, and the caller's operations. */
export interface ToolHost {
  server: McpServer;
  run: RunOperation;
}

export const botId = z.string().min(1).describe('The bot id (from list_bots or create_bot).');
export const workspaceId = z.string().min(1).describe('The workspace id (from list_workspaces).');
export const timeFilter = z
  .enum(['today', 'last7Days', 'last30Days', 'monthToDate', 'lastMonth', 'yearToDate', 'allTime'])
  .optional()
  .describe('Which results count, by creation time; default allTime.');
export const timeZone = z
  .string()
  .optional()
  .describe('IANA time zone of the calendar boundaries (e.g. Europe/Paris); default UTC.');

/** Read-only tools change nothing and reach nothing outside Parley. */
export const READS = { readOnlyHint: true, openWorldHint: false } as const;
/** Writes that add or change without losing anything. */
export const WRITES = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;
/** Writes a person may want to confirm first: they change what visitors see, or remove something. */
export const DESTRUCTIVE = { readOnlyHint: false, destructiveHint: true, openWorldHint: false } as const;
