import { opt, optionsSchema, readOptions } from '../options';
import { notYetSupported } from './not-yet-supported';

/** Meta Pixel: its id goes into the start props unless the block skips the initialisation. */
const options = optionsSchema({ pixelId: opt.string(), isInitSkip: opt.boolean() });

export const pixelBlock = notYetSupported('Pixel', {
  options,
  startProps(block) {
    const { pixelId, isInitSkip } = readOptions(options, block);
    if (!pixelId || isInitSkip === true) return undefined;
    return { pixelId };
  },
});
