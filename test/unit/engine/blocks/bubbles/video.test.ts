import { parseVideoUrl, videoBubble } from '../../../../../src/engine/blocks/bubbles/video/block';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import { testContext } from '../../../../helpers/engine';

function block(content?: Record<string, unknown>): BlockDefinition {
  return { id: 'vid1', type: 'video', ...(content ? { content } : {}) } as BlockDefinition;
}

describe('parseVideoUrl', () => {
  it('recognises a YouTube watch link (matched part kept as url, no query string)', () => {
    expect(parseVideoUrl('https://www.youtube.com/watch?v=jp3ggg_42-M&t=22s')).toEqual({
      type: 'youtube',
      url: 'youtube.com/watch?v=jp3ggg_42-M',
      id: 'jp3ggg_42-M',
    });
  });

  it('recognises YouTube shorts', () => {
    expect(parseVideoUrl('https://youtube.com/shorts/AbC-12_x')).toEqual({
      type: 'youtube',
      url: 'youtube.com/shorts/AbC-12_x',
      id: 'AbC-12_x',
    });
  });

  it('recognises youtu.be links and renames t to start in the query string', () => {
    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ?t=42')).toEqual({
      type: 'youtube',
      url: 'youtu.be/dQw4w9WgXcQ?t=42',
      id: 'dQw4w9WgXcQ',
      queryParamsStr: '?start=42',
    });
    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ?si=abc&t=7')).toEqual({
      type: 'youtube',
      url: 'youtu.be/dQw4w9WgXcQ?si=abc&t=7',
      id: 'dQw4w9WgXcQ',
      queryParamsStr: '?si=abc&start=7',
    });
    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ')).toEqual({
      type: 'youtube',
      url: 'youtu.be/dQw4w9WgXcQ',
      id: 'dQw4w9WgXcQ',
    });
  });

  it('recognises Vimeo, TikTok and Gumlet', () => {
    expect(parseVideoUrl('https://vimeo.com/123456789')).toEqual({
      type: 'vimeo',
      url: 'vimeo.com/123456789',
      id: '123456789',
    });
    expect(parseVideoUrl('https://www.tiktok.com/@some_user/video/7234567890123456789?lang=en')).toEqual({
      type: 'tiktok',
      url: 'tiktok.com/@some_user/video/7234567890123456789',
      id: '7234567890123456789',
    });
    expect(parseVideoUrl('https://gumlet.tv/watch/64abc123def')).toEqual({
      type: 'gumlet',
      url: 'gumlet.tv/watch/64abc123def',
      id: '64abc123def',
    });
    expect(parseVideoUrl('https://www.gumlet.com/watch/64abc123def/')).toEqual({
      type: 'gumlet',
      url: 'gumlet.com/watch/64abc123def',
      id: '64abc123def',
    });
  });

  it('turns a OneDrive embed into its download address', () => {
    expect(parseVideoUrl('https://onedrive.live.com/embed?cid=ABC&resid=ABC%21123&authkey=xyz')).toEqual({
      type: 'url',
      url: 'https://onedrive.live.com/download?cid=ABC&resid=ABC%21123&authkey=xyz',
    });
  });

  it('keeps any other address as a plain file', () => {
    const url = 'https://typebot.s3.eu-west-3.amazonaws.com/assets/bullseye+template+preview.mp4';
    expect(parseVideoUrl(url)).toEqual({ type: 'url', url });
  });
});

describe('video bubble', () => {
  it('skips a block without content', async () => {
    const { ctx } = testContext();
    expect(await videoBubble.toMessage(block(), ctx)).toBeNull();
  });

  it('analyses the url after substitution and overwrites type, url and id', async () => {
    const { ctx } = testContext({ variables: [{ id: 'v1', name: 'Video', value: 'https://vimeo.com/42' }] });
    expect(
      await videoBubble.toMessage(
        block({ url: '{{Video}}', type: 'youtube', id: 'stale', queryParamsStr: '?old=1', aspectRatio: '16/9' }),
        ctx,
      ),
    ).toEqual({
      id: 'vid1',
      type: 'video',
      content: { url: 'vimeo.com/42', type: 'vimeo', id: '42', aspectRatio: '16/9' },
    });
  });

  it('handles the lead-magnet fixture block', async () => {
    const { ctx } = testContext();
    const message = await videoBubble.toMessage(
      block({ url: 'https://www.youtube.com/watch?v=jp3ggg_42-M&t=22s', id: 'jp3ggg_42-M', type: 'youtube' }),
      ctx,
    );
    expect(message).toEqual({
      id: 'vid1',
      type: 'video',
      content: { url: 'youtube.com/watch?v=jp3ggg_42-M', id: 'jp3ggg_42-M', type: 'youtube' },
    });
  });

  it('reads a {{var}} height as a number, keeps a numeric one, adds none when unusable', async () => {
    const { ctx } = testContext({ variables: [{ id: 'vh', name: 'H', value: '250' }] });
    expect(
      (await videoBubble.toMessage(block({ url: 'https://a.example/v.mp4', height: '{{H}}' }), ctx))?.content,
    ).toEqual({
      url: 'https://a.example/v.mp4',
      type: 'url',
      height: 250,
    });
    expect(
      (await videoBubble.toMessage(block({ url: 'https://a.example/v.mp4', height: 300 }), ctx))?.content,
    ).toMatchObject({ height: 300 });
    expect(
      (await videoBubble.toMessage(block({ url: 'https://a.example/v.mp4', height: '{{Unknown}}' }), ctx))?.content,
    ).not.toHaveProperty('height');
  });

  it('leaves a content without url unanalysed', async () => {
    const { ctx } = testContext();
    expect((await videoBubble.toMessage(block({ isAutoplayEnabled: false }), ctx))?.content).toEqual({
      isAutoplayEnabled: false,
    });
  });
});
