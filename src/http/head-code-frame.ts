import { escapeHtml } from './html-escape';

// A bot's custom head code (settings.metadata.customHeadCode: analytics tags,
// mostly) runs in a hidden frame with an opaque origin, never in the chat
// page's own <head>. The chat origin is shared by every bot and has the
// console's host name (cookies ignore ports): code in the page could read other
// bots' remembered conversations from its storage, or plant cookies the console
// would take for its session. Sandboxed without allow-same-origin, the code has
// no cookies or storage at all, cannot reach the page's DOM, open windows or
// move the page; its requests still go out (with Origin: null and no cookies),
// which is what tracking tags need most. docs/security.md#bot-author-code-in-the-browser

/**
 * The frame holding `code` as its document's head, for the end of the chat
 * page's body. Its document.referrer is the page's whole address (the default
 * policy would cut it to the origin, which every bot shares): what a tag
 * reports as the page viewed.
 */
export function headCodeFrame(code: string): string {
  const document = `<!doctype html><html><head><meta charset="utf-8">${code}</head><body></body></html>`;
  const attributes = 'hidden sandbox="allow-scripts" referrerpolicy="no-referrer-when-downgrade"';
  return `<iframe ${attributes} title="The bot author’s head code" srcdoc="${escapeHtml(document)}"></iframe>`;
}
