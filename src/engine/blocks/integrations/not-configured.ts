import type { ChatLog } from '../../wire';

/**
 * A forged block (AI providers, QR code, Cal.com, NocoDB...) without an action
 * the reference can run: its log, which has no status (reference
 * `packages/bot-engine/src/forge/executeForgedBlock.ts`).
 */
export function notConfigured(type: string): ChatLog {
  return { description: `${type} is not configured` };
}
