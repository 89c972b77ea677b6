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

export interface VendorBlockQuirks {
  /** Legacy Google Sheets blocks have no action: their configuration is their credentials. */
  configuredWithoutAction?: boolean;
  /** The reference's own executor stores the missing credentials in the result only (forged blocks return it). */
  logsToResultOnly?: boolean;
}

export function vendorBlock<T extends BlockType>(type: T, quirks: VendorBlockQuirks = {}): LogicHandler<T> {
  return {
    category: 'integration',
    type,
    options,
    needsCredentials: true,
    credentialsTypes: [],
    execute(block, ctx) {
      const skip = anonymousPreviewSkip(type, ctx);
      if (skip) ctx.log(skip);
      else if (!quirks.configuredWithoutAction && !readOptions(options, block).action) ctx.log(notConfigured(type));
      else
        ctx.log({
          status: 'error',
          description: `Could not find credentials for block ${type}`,
          ...(quirks.logsToResultOnly ? { visibility: 'result' as const } : {}),
        });
      return { kind: 'next' };
    },
  };
}
