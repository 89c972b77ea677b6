import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { OperationFailure } from './execute';

/** A tool's answer: JSON an assistant reads as text (no tool declares an output schema: their shapes are the API's). */
export function answer(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

/** The API's error object as a tool error: the assistant sees the same code, message and issues as a REST client. */
export function failed(error: { code: string; message: string; issues: unknown[] }): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error }, null, 2) }] };
}

/** Runs a tool's work; an operation's refusal (bad input, not found, forbidden, conflict) is its answer. */
export async function answering(work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return answer(await work());
  } catch (error) {
    if (error instanceof OperationFailure) return failed(error.failure.body);
    throw error;
  }
}

/** The object under `key` of an operation's data (operations name their root fields). */
export function field(data: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = data[key];
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}
