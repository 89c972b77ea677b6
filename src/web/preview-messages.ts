// What the console's Test tab and its preview frame (a page of the chat
// origin, src/web/index.ts) say to each other by postMessage.

/** The frame is loaded and waits for the preview's first answer. */
export const PREVIEW_READY = 'parley:preview-ready';
/** The console sends the first answer of the preview it started: `{ type, response }`. */
export const PREVIEW_START = 'parley:preview-start';
/** The frame tells the console which block the chat is at (a bubble shown, an input awaited): `{ type, blockId }`. */
export const PREVIEW_BLOCK = 'parley:preview-block';
