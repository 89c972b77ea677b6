import { blockCatalog } from '../../../src/engine/blocks/catalog';
import { readOptions } from '../../../src/engine/blocks/options';
import { handlerFor } from '../../../src/engine/blocks/registry';
import type { BlockDefinition } from '../../../src/engine/definition/schema';
import { iconProblem, shapeProblem } from '../../../src/engine/shapes/values';

// Field shapes as the editor receives them (JSON Schema) and as the engine
// reads them (a wrong value is the default), and which options each input's
// form lists.

const catalog = blockCatalog();
const optionsOf = (type: string) => catalog.find((info) => info.type === type)!.optionsSchema;
const properties = (type: string) => Object.keys(optionsOf(type).properties as object);

describe('shapes in the block catalog', () => {
  test('a rating maximum is a whole number from 1 to 100, in the JSON Schema the console reads', () => {
    expect((optionsOf('rating input').properties as Record<string, unknown>).length).toMatchObject({
      'x-parley-shape': 'integer',
      minimum: 1,
      maximum: 100,
    });
  });

  test('media addresses and widths carry their shape', () => {
    const video = catalog.find((info) => info.type === 'video')!.contentSchema!.properties as Record<string, unknown>;
    expect(video.url).toMatchObject({ 'x-parley-shape': 'url' });
    expect(video.maxWidth).toMatchObject({ 'x-parley-shape': 'length' });
  });

  test('a rating maximum out of bounds reads as the default; a {{variable}} is kept for run time', () => {
    const rating = handlerFor('rating input')!;
    const block = (length: unknown) => ({ id: 'r', type: 'rating input', options: { length } }) as BlockDefinition;
    const length = (value: unknown) => (readOptions(rating.options, block(value)) as { length?: unknown }).length;
    expect(length(-5)).toBeUndefined();
    expect(length(0.5)).toBeUndefined();
    expect(length('{{Stars}}')).toBe('{{Stars}}');
    expect(length(5)).toBe(5);
  });
});

describe('input forms list what their block reads', () => {
  test.each(['choice input', 'email input', 'number input', 'rating input', 'date input', 'file input'])(
    '%s offers neither attachments nor audio clips',
    (type) => {
      expect(properties(type)).not.toContain('attachments');
      expect(properties(type)).not.toContain('audioClip');
    },
  );

  test('a text input offers both', () => {
    expect(properties('text input')).toEqual(expect.arrayContaining(['attachments', 'audioClip']));
  });
});

describe('shape words', () => {
  test.each([
    [{ shape: 'color' as const }, 'not a colour', 'Must be a colour such as #2563eb, rgb(37 99 235) or white'],
    [{ shape: 'length' as const }, '#2563eb', 'Must be a CSS length such as 400px, 100% or 32rem'],
    [{ shape: 'url' as const }, 'example', 'Must be a web address starting with https://'],
    [{ shape: 'integer' as const, minimum: 1 }, -5, 'Must be at least 1'],
    [{ shape: 'integer' as const }, 2.5, 'Must be a whole number'],
  ])('%j refuses %j', (rule, value, words) => {
    expect(shapeProblem(rule, value)).toBe(words);
  });

  test.each([
    [{ shape: 'color' as const }, '#2563eb'],
    [{ shape: 'color' as const }, 'rgb(37 99 235 / 50%)'],
    [{ shape: 'color' as const }, 'White'],
    [{ shape: 'color' as const }, '{{Brand}}'],
    [{ shape: 'length' as const }, '32rem'],
    [{ shape: 'length' as const }, '100%'],
    [{ shape: 'length' as const }, 'calc(100% - 2rem)'],
    [{ shape: 'url' as const }, 'https://example.com/a.png'],
    [{ shape: 'url' as const }, 'https://cdn.example.com/{{id}}.png'],
    [{ shape: 'integer' as const, minimum: 1 }, '7'],
  ])('%j accepts %j', (rule, value) => {
    expect(shapeProblem(rule, value)).toBeUndefined();
  });

  test('an icon is one emoji or an https address', () => {
    expect(iconProblem('🚀')).toBeUndefined();
    expect(iconProblem('👩🏽‍💻')).toBeUndefined();
    expect(iconProblem('https://example.com/logo.png')).toBeUndefined();
    expect(iconProblem('http://example.com/logo.png')).toMatch(/^Must be one emoji/);
    expect(iconProblem('🚀🚀')).toMatch(/^Must be one emoji/);
    expect(iconProblem('our workspace')).toMatch(/^Must be one emoji/);
  });
});
