import { createFileInput, fileInput } from '../../../../../src/engine/blocks/inputs/file/block';
import { audioReply, contextWith, inputBlock, textReply, variable } from './helpers';

describe('file input', () => {
  const block = (options: Record<string, unknown> = {}) =>
    inputBlock({ type: 'file input', options: { variableId: 'v1', ...options } });
  const parse = async (text: string, options: Record<string, unknown> = {}) =>
    await fileInput.parse(block(options), textReply(text), contextWith());

  it('declares its types', () => {
    expect(fileInput.type).toBe('file input');
    expect(fileInput.replyEventType).toBe('file');
  });

  it('skips without a message when not required, fails when required (default)', async () => {
    expect(await fileInput.parse(block({ isRequired: false }), undefined, contextWith())).toEqual({ status: 'skip' });
    expect(await fileInput.parse(block(), undefined, contextWith())).toEqual({ status: 'fail' });
    expect(await fileInput.parse(block({ isRequired: true }), undefined, contextWith())).toEqual({ status: 'fail' });
  });

  it('accepts uploaded file URLs', async () => {
    expect(await parse('https://files.example.com/a.pdf')).toEqual({
      status: 'ok',
      content: 'https://files.example.com/a.pdf',
    });
    expect(await fileInput.parse(block(), audioReply('https://files.example.com/a.mp3'), contextWith())).toEqual({
      status: 'ok',
      content: 'https://files.example.com/a.mp3',
    });
  });

  it('keeps only the first URL unless multiple files are allowed', async () => {
    const text = 'https://x.io/a.pdf, https://x.io/b.pdf';
    expect(await parse(text)).toEqual({ status: 'ok', content: 'https://x.io/a.pdf' });
    expect(await parse(text, { isMultipleAllowed: true })).toEqual({ status: 'ok', content: text });
  });

  it('needs at least one valid http(s) URL', async () => {
    expect(await parse('not a url')).toEqual({ status: 'fail' });
    expect(await parse('ftp://x.io/a.pdf')).toEqual({ status: 'fail' });
    expect(await parse('junk, https://x.io/a.pdf', { isMultipleAllowed: true })).toEqual({
      status: 'ok',
      content: 'junk, https://x.io/a.pdf',
    });
  });

  it('needs no top-level domain for the upload host', async () => {
    expect(await parse('http://localhost:9000/bucket/a.png')).toEqual({
      status: 'ok',
      content: 'http://localhost:9000/bucket/a.png',
    });
    const custom = createFileInput({ hostsWithoutTld: ['minio'] });
    expect(await custom.parse(block(), textReply('http://minio:9000/a.png'), contextWith())).toEqual({
      status: 'ok',
      content: 'http://minio:9000/a.png',
    });
    expect(await parse('http://minio:9000/a.png')).toEqual({ status: 'fail' });
  });

  it('checks every extension against the allowed file types (case-insensitive)', async () => {
    const allowed = { isMultipleAllowed: true, allowedFileTypes: { isEnabled: true, types: ['pdf', '.PNG'] } };
    expect(await parse('https://x.io/a.pdf, https://x.io/B.Png', allowed)).toEqual({
      status: 'ok',
      content: 'https://x.io/a.pdf, https://x.io/B.Png',
    });
    expect(await parse('https://x.io/a.pdf?signature=1', allowed)).toEqual({
      status: 'ok',
      content: 'https://x.io/a.pdf?signature=1',
    });
    expect(await parse('https://x.io/a.pdf, https://x.io/c.jpg', allowed)).toEqual({ status: 'fail' });
    expect(await parse('https://x.io/noextension', allowed)).toEqual({ status: 'fail' });
  });

  it('understands MIME types in the allowed file types', async () => {
    const allowed = { allowedFileTypes: { isEnabled: true, types: ['image/*', 'application/pdf'] } };
    expect(await parse('https://x.io/a.jpg', allowed)).toEqual({ status: 'ok', content: 'https://x.io/a.jpg' });
    expect(await parse('https://x.io/a.pdf', allowed)).toEqual({ status: 'ok', content: 'https://x.io/a.pdf' });
    expect(await parse('https://x.io/a.zip', allowed)).toEqual({ status: 'fail' });
  });

  it('ignores disabled or empty allowed file types', async () => {
    expect(await parse('https://x.io/a.zip', { allowedFileTypes: { isEnabled: false, types: ['pdf'] } })).toEqual({
      status: 'ok',
      content: 'https://x.io/a.zip',
    });
    expect(await parse('https://x.io/a.zip', { allowedFileTypes: { isEnabled: true, types: [] } })).toEqual({
      status: 'ok',
      content: 'https://x.io/a.zip',
    });
  });

  it('displays the stored block with the prefilled value', async () => {
    expect(
      await fileInput.display(
        block({ isRequired: false }),
        contextWith([variable('v1', 'File', 'https://x.io/a.pdf')]),
      ),
    ).toEqual({
      id: 'b1',
      type: 'file input',
      options: { variableId: 'v1', isRequired: false },
      prefilledValue: 'https://x.io/a.pdf',
    });
  });
});
