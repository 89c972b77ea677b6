import { notYetSupported } from './not-yet-supported';

/** Google Analytics: its tracking id goes into the start props (set up before the chat starts). */
export const googleAnalyticsBlock = notYetSupported('Google Analytics', {
  startProps(block) {
    const trackingId = block.options?.trackingId;
    return typeof trackingId === 'string' && trackingId !== '' ? { googleAnalyticsId: trackingId } : undefined;
  },
});
