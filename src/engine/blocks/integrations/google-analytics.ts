import { opt, optionsSchema, readOptions } from '../options';
import { notYetSupported } from './not-yet-supported';

/** Google Analytics: its tracking id goes into the start props (set up before the chat starts). */
const options = optionsSchema({ trackingId: opt.string() });

export const googleAnalyticsBlock = notYetSupported('Google Analytics', {
  options,
  startProps(block) {
    const { trackingId } = readOptions(options, block);
    return trackingId ? { googleAnalyticsId: trackingId } : undefined;
  },
});
