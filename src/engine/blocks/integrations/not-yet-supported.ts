import { FORGE_TYPES, INTEGRATION_TYPES } from '../../definition/block-types';
import type { LogicHandler } from '../handler';

/**
 * Integration blocks (HTTP request, e-mail, AI, sheets...) arrive with the
 * outbound-safety work. Until then each one logs an error naming its type and
 * the flow goes on past it: a deliberate, temporary difference from the reference.
 */
function notYetSupported(type: string): LogicHandler {
  return {
    category: 'integration',
    type,
    execute(_block, ctx) {
      ctx.log({ status: 'error', description: `The "${type}" block is not supported yet by Parley: skipped` });
      return { kind: 'next' };
    },
  };
}

export const notYetSupportedIntegrations: LogicHandler[] = [...INTEGRATION_TYPES, ...FORGE_TYPES].map(notYetSupported);
