import { getPath, isRecord, setPath, textOf } from '../../../src/web/console/pages/draft-path';
import { pickerValue } from '../../../src/web/console/pages/color-picker-value';

// The theme and settings forms edit one stored object by path; keys they do not show must survive a save.

describe('draft paths', () => {
  it('reads a nested value, and nothing through a non-object', () => {
    const value = { general: { font: 'Inter', list: [1] }, flag: true };
    expect(getPath(value, ['general', 'font'])).toBe('Inter');
    expect(getPath(value, ['flag', 'inner'])).toBeUndefined();
    expect(getPath(value, ['general', 'list', '0'])).toBeUndefined();
    expect(getPath(value, [])).toBe(value);
  });

  it('sets a nested value, copying along the way and keeping the other keys', () => {
    const value = { general: { font: 'Inter', background: { type: 'Color' } }, other: 1 };
    const next = setPath(value, ['general', 'background', 'content'], '#fff');
    expect(next).toEqual({ general: { font: 'Inter', background: { type: 'Color', content: '#fff' } }, other: 1 });
    expect(value.general.background).toEqual({ type: 'Color' });
    expect(next.other).toBe(1);
  });

  it('makes the objects a path needs, replacing a non-object on the way', () => {
    expect(setPath({ a: 3 }, ['a', 'b'], 1)).toEqual({ a: { b: 1 } });
    expect(setPath({}, ['a', 'b', 'c'], 'x')).toEqual({ a: { b: { c: 'x' } } });
  });

  it('removes a key set to undefined, and the objects that leaves empty', () => {
    expect(setPath({ a: { b: { c: 1 } }, d: 2 }, ['a', 'b', 'c'], undefined)).toEqual({ d: 2 });
    expect(setPath({ a: { b: 1, c: 2 } }, ['a', 'b'], undefined)).toEqual({ a: { c: 2 } });
    // An empty object set on purpose stays.
    expect(setPath({}, ['a'], {})).toEqual({ a: {} });
  });

  it('leaves the value as it is for an empty path', () => {
    const value = { a: 1 };
    expect(setPath(value, [], 2)).toBe(value);
  });

  it('tells objects from arrays and null', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
    expect(isRecord('x')).toBe(false);
  });

  it('shows strings and numbers as text, nothing else', () => {
    expect(textOf('a')).toBe('a');
    expect(textOf(12)).toBe('12');
    expect(textOf(true)).toBe('');
    expect(textOf(undefined)).toBe('');
    expect(textOf({})).toBe('');
  });
});

describe('the colour picker value', () => {
  it('keeps #rrggbb, lower-cased', () => {
    expect(pickerValue('#A0B1C2')).toBe('#a0b1c2');
  });

  it('widens #rgb', () => {
    expect(pickerValue('#F0a')).toBe('#ff00aa');
  });

  it('shows black for what the picker cannot show', () => {
    expect(pickerValue('red')).toBe('#000000');
    expect(pickerValue('rgb(1, 2, 3)')).toBe('#000000');
    expect(pickerValue('#abcd')).toBe('#000000');
  });
});
