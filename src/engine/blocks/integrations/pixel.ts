import { notYetSupported } from './not-yet-supported';

/** Meta Pixel: its id goes into the start props unless the block skips the initialisation. */
export const pixelBlock = notYetSupported('Pixel', {
  startProps(block) {
    const pixelId = block.options?.pixelId;
    if (typeof pixelId !== 'string' || pixelId === '' || block.options?.isInitSkip === true) return undefined;
    return { pixelId };
  },
});
