import type { BlockType } from '../../definition/block-types';
import type { LogicHandler } from '../handler';
import { opt, optionsSchema, readOptions } from '../options';
import { anonymousPreviewSkip } from './anonymous-preview';
import { notConfigured } from './not-configured';

// Blocks of third-party services whose accounts Parley has no credentials
// type for (Google Sheets, NocoDB, Zendesk, PostHog, Segment, ElevenLabs,
// Gmail...). They log what the reference logs when it cannot run them, and the
// flow goes on: a block without an action is not configured, and credentials
// for these services can never be found in a Parley workspace.

const options = optionsSchema({ action: opt.string({ title: 'Action' }), credentialsId: opt.credentials() });

export function vendorBlock<T extends BlockType>(type: T): LogicHandler<T> {
  return {
    category: 'integration',
    type,
    options,
    needsCredentials: true,
    credentialsTypes: [],
    execute(block, ctx) {
      const skip = anonymousPreviewSkip(type, ctx);
      if (skip) ctx.log(skip);
      // Legacy Google Sheets blocks have no action: their configuration is their credentials.
      else if (type !== 'Google Sheets' && !readOptions(options, block).action) ctx.log(notConfigured(type));
      // The reference's Google Sheets executor stores this in the result only; forged blocks return it.
      else
        ctx.log({
          status: 'error',
          description: `Could not find credentials for block ${type}`,
          ...(type === 'Google Sheets' ? { visibility: 'result' as const } : {}),
        });
      return { kind: 'next' };
    },
  };
}
