import { NO_OPTIONS, opt, optionsSchema } from '../../options';
import { mediaTranscriptTurn } from '../../../transcript-lines';
import type { BubbleHandler } from '../../handler';
import { numericHeight } from '../embed/block';
import { lacksUrl } from '../media-url';
import definition from './definition';

export type VideoKind = 'url' | 'youtube' | 'vimeo' | 'tiktok' | 'gumlet';

export interface ParsedVideoUrl {
  type: VideoKind;
  url: string;
  id?: string;
  queryParamsStr?: string;
}

// URL shapes recognised (docs/engine-behaviour.md#video-urls). The "url" kept for an embeddable
// video is the matched part of the address (no scheme).
const YOUTUBE = /youtube\.com\/(?:watch\?v=|shorts\/)([\w-]+)|youtu\.be\/([\w-]+)(\?.+)?/;
const VIMEO = /vimeo\.com\/(\d+)/;
const TIKTOK = /tiktok\.com\/@[\w.-]+\/video\/(\d+)/;
const GUMLET = /gumlet\.(?:com|tv)\/watch\/(\w+)/;
const ONEDRIVE = /https:\/\/onedrive\.live\.com\/embed\?[^"]+/;

/** Query parameters a YouTube link carries under another name on the embed player. */
const YOUTUBE_PARAM_RENAMES: Record<string, string> = { t: 'start' };

function youtubeQuery(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const params = new URLSearchParams(raw);
  for (const [from, to] of Object.entries(YOUTUBE_PARAM_RENAMES)) {
    const value = params.get(from);
    if (value === null) continue;
    params.set(to, value);
    params.delete(from);
  }
  return `?${params.toString()}`;
}

/**
 * Recognises the video host from its address: YouTube (watch, shorts, youtu.be;
 * the query of a youtu.be link becomes `queryParamsStr` with `t` renamed to
 * `start`), Vimeo, TikTok, Gumlet, a OneDrive embed (turned into its download
 * address, played as a plain file); anything else is a plain file address.
 */
export function parseVideoUrl(url: string): ParsedVideoUrl {
  const youtube = YOUTUBE.exec(url);
  if (youtube) {
    const id = youtube[1] ?? youtube[2];
    if (!id) return { type: 'url', url: youtube[0] };
    const queryParamsStr = youtubeQuery(youtube[3]);
    return { type: 'youtube', url: youtube[0], id, ...(queryParamsStr !== undefined ? { queryParamsStr } : {}) };
  }
  for (const [type, pattern] of [
    ['vimeo', VIMEO],
    ['tiktok', TIKTOK],
    ['gumlet', GUMLET],
  ] as const) {
    const match = pattern.exec(url);
    if (match) return match[1] ? { type, url: match[0], id: match[1] } : { type: 'url', url: match[0] };
  }
  const oneDrive = ONEDRIVE.exec(url);
  if (oneDrive) return { type: 'url', url: oneDrive[0].replace('/embed', '/download') };
  return { type: 'url', url };
}

/**
 * A video: strings substituted, then the address analysed, which decides
 * `type`, `url`, `id` and `queryParamsStr` (stale values of the block are
 * dropped). `height` is a number: a numeric text after substitution is read as
 * one; a video without a usable height has none (the client picks its own).
 */
export const videoBubble: BubbleHandler<typeof definition.type> = {
  category: 'bubble',
  type: definition.type,
  lacks: lacksUrl,
  newBlock: { content: {} },
  options: NO_OPTIONS,
  content: optionsSchema({
    url: opt.url({ title: 'Video address' }),
    height: opt.numberOrStringWithin({ minimum: 0 }, { title: 'Height' }),
    aspectRatio: opt.string({ title: 'Aspect ratio' }),
    maxWidth: opt.length({ title: 'Maximum width' }),
  }),
  transcriptTurn: (message) => mediaTranscriptTurn('video', message),
  async toMessage(block, ctx) {
    if (!block.content) return null;
    const content = (await ctx.deep(block.content)) as Record<string, unknown>;
    if (typeof content.url === 'string' && content.url !== '') {
      delete content.id;
      delete content.queryParamsStr;
      Object.assign(content, parseVideoUrl(content.url));
    }
    const height = numericHeight(content.height);
    if (height === undefined) delete content.height;
    else content.height = height;
    return { id: block.id, type: block.type, content };
  },
};

export default videoBubble;
