import { asRecord, isBlank } from '../../json';
import type { BlockDefinition } from '../../definition/schema';
import { blockLabel } from '../definitions';
import type { Lack } from '../handler';

/** A media bubble (image, video, audio, embed) without an address shows nothing. */
export function lacksUrl(block: BlockDefinition): Lack[] {
  return isBlank(asRecord(block.content).url)
    ? [{ message: `This ${blockLabel(block.type).toLowerCase()} has no URL: nothing is shown`, at: ['content', 'url'] }]
    : [];
}
