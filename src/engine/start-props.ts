// Start props (docs/engine-behaviour.md#start-props): what a live start asks the web client
// to inject into the page before anything else — the bot's custom head code,
// Google Tag Manager, the first Google Analytics block's tracking id and the
// Meta pixels to initialise. Previews get an info log instead.
import { blocksWithHandlers } from './blocks/registry';
import { removeLiteBadgeCssFromHtml } from './theme';
import type { ChatLog, ClientSideAction } from './wire';
import type { RuntimeBot } from './definition/runtime-bot';

export interface StartProps {
  customHeadCode?: string;
  gtmId?: string;
  googleAnalyticsId?: string;
  pixelIds?: string[];
}

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Elements whose content is text up to their own closing tag (a "<" inside a script is not a tag). */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'noscript', 'textarea', 'title']);

type Token =
  | { kind: 'text' }
  | { kind: 'skip'; end: number }
  | { kind: 'close'; name: string; end: number }
  | { kind: 'open'; name: string; end: number; selfClosing: boolean };

/** Index just past the `>` that ends a tag opened at `from`, quotes respected (the input's length when unterminated). */
function tagEnd(html: string, from: number): { end: number; selfClosing: boolean } {
  let quote: string | undefined;
  for (let i = from; i < html.length; i += 1) {
    const char = html[i]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '>') {
      return { end: i + 1, selfClosing: html[i - 1] === '/' };
    }
  }
  return { end: html.length, selfClosing: false };
}

/** What starts at `at` (a "<"): a tag, a comment or declaration (skipped), or plain text. */
function readToken(html: string, at: number): Token {
  if (html.startsWith('<!--', at)) {
    const close = html.indexOf('-->', at + 4);
    return { kind: 'skip', end: close === -1 ? html.length : close + 3 };
  }
  const next = html[at + 1] ?? '';
  if (next === '!' || next === '?') {
    const close = html.indexOf('>', at);
    return { kind: 'skip', end: close === -1 ? html.length : close + 1 };
  }
  const match = /^<(\/?)([a-zA-Z][^\s/>]*)/.exec(html.slice(at, at + 256));
  if (!match) return { kind: 'text' };
  const name = match[2]!.toLowerCase();
  const { end, selfClosing } = tagEnd(html, at + match[0].length);
  return match[1] ? { kind: 'close', name, end } : { kind: 'open', name, end, selfClosing };
}

/** Index just past the closing tag of a raw-text element whose content starts at `from`. */
function rawTextEnd(html: string, name: string, from: number): number {
  const closing = new RegExp(`</${name}\\s*>`, 'i');
  const match = closing.exec(html.slice(from));
  return match ? from + match.index + match[0].length : html.length;
}

/** Index just past the element whose start tag is `open`; unclosed elements run to the end of the input. */
function elementEnd(html: string, open: Extract<Token, { kind: 'open' }>): number {
  if (open.selfClosing || VOID_ELEMENTS.has(open.name)) return open.end;
  if (RAW_TEXT_ELEMENTS.has(open.name)) return rawTextEnd(html, open.name, open.end);
  const stack = [open.name];
  let i = open.end;
  while (i < html.length) {
    const at = html.indexOf('<', i);
    if (at === -1) return html.length;
    const token = readToken(html, at);
    if (token.kind === 'text') {
      i = at + 1;
    } else if (token.kind === 'skip') {
      i = token.end;
    } else if (token.kind === 'open') {
      if (RAW_TEXT_ELEMENTS.has(token.name) && !token.selfClosing) i = rawTextEnd(html, token.name, token.end);
      else {
        if (!token.selfClosing && !VOID_ELEMENTS.has(token.name)) stack.push(token.name);
        i = token.end;
      }
    } else {
      // A closing tag closes its element and every element left open inside it; a stray one is ignored.
      const index = stack.lastIndexOf(token.name);
      if (index >= 0) stack.length = index;
      i = token.end;
      if (stack.length === 0) return i;
    }
  }
  return html.length;
}

/**
 * The top-level elements of an HTML fragment, each as its source text. Text
 * between them, comments and declarations (<!DOCTYPE>) are left out.
 * Lenient like a browser: unclosed elements run to the end, stray closing
 * tags are ignored, `/>` closes any element.
 */
export function topLevelElements(html: string): string[] {
  const elements: string[] = [];
  let i = 0;
  while (i < html.length) {
    const at = html.indexOf('<', i);
    if (at === -1) break;
    const token = readToken(html, at);
    if (token.kind === 'text') {
      i = at + 1;
      continue;
    }
    if (token.kind !== 'open') {
      i = token.end;
      continue;
    }
    const end = elementEnd(html, token);
    elements.push(html.slice(at, end));
    i = end;
  }
  return elements;
}

/** Custom head code as injected: lite-badge CSS removed, only the top-level elements, one per line. */
export function sanitizeHeadCode(code: string): string {
  return topLevelElements(removeLiteBadgeCssFromHtml(code)).join('\n');
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The start props of a bot; undefined when it has none. Our settings name is tagManagerId (Typebot: googleTagManagerId). */
export function startPropsOf(bot: RuntimeBot): StartProps | undefined {
  const metadata = (bot.settings.metadata ?? {}) as {
    customHeadCode?: unknown;
    tagManagerId?: unknown;
    googleTagManagerId?: unknown;
  };
  const props: StartProps = {};
  const headCode = nonEmpty(metadata.customHeadCode) ? sanitizeHeadCode(metadata.customHeadCode) : '';
  if (headCode !== '') props.customHeadCode = headCode;
  const gtmId = nonEmpty(metadata.tagManagerId) ? metadata.tagManagerId : metadata.googleTagManagerId;
  if (nonEmpty(gtmId)) props.gtmId = gtmId;
  const pixelIds: string[] = [];
  for (const [block, handler] of blocksWithHandlers(bot.groups)) {
    const part = handler.startProps?.(block);
    // The first analytics id wins; every pixel counts.
    if (part?.googleAnalyticsId && !props.googleAnalyticsId) props.googleAnalyticsId = part.googleAnalyticsId;
    if (part?.pixelId) pixelIds.push(part.pixelId);
  }
  if (pixelIds.length > 0) props.pixelIds = pixelIds;
  return Object.keys(props).length > 0 ? props : undefined;
}

export function startPropsAction(props: StartProps): ClientSideAction {
  return { type: 'startPropsToInject', startPropsToInject: props };
}

/** Preview: "Custom head code, Pixel are not enabled in Preview mode" (names in the reference's order). */
export function previewStartPropsLog(props: StartProps): ChatLog {
  const names = [
    props.customHeadCode ? 'Custom head code' : undefined,
    props.googleAnalyticsId ? 'Google Analytics' : undefined,
    props.pixelIds ? 'Pixel' : undefined,
    props.gtmId ? 'Google Tag Manager' : undefined,
  ].filter((name): name is string => name !== undefined);
  return {
    status: 'info',
    description: `${names.join(', ')} ${names.length > 1 ? 'are not' : 'is not'} enabled in Preview mode`,
  };
}
