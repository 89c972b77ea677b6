import { pictureChoiceInput } from '../../../../../src/engine/blocks/inputs/picture-choice/block';
import { condition, contextWith, contextWithConditions, inputBlock, textReply, variable } from './helpers';

describe('picture choice input', () => {
  const pictures = [
    { id: 'p1', outgoingEdgeId: 'e1', pictureSrc: 'https://x.io/dog.png', title: 'Dog' },
    { id: 'p2', pictureSrc: 'https://x.io/cat.png', title: 'Cat', value: 'feline' },
    { id: 'p3', outgoingEdgeId: 'e3', pictureSrc: 'https://x.io/bird.png' },
  ];
  const block = (options: Record<string, unknown> = {}, list: Record<string, unknown>[] = pictures) =>
    inputBlock({ outgoingEdgeId: 'e0', type: 'picture choice input', items: list, options });

  it('declares its types', () => {
    expect(pictureChoiceInput.type).toBe('picture choice input');
    expect(pictureChoiceInput.replyEventType).toBe('picture choice');
  });

  describe('display', () => {
    it('returns the block as stored, substituted, without a prefilled value', async () => {
      const input = await pictureChoiceInput.display(
        block({ variableId: 'v1', buttonLabel: '{{Name}}' }),
        contextWith([variable('v1', 'Name', 'Pick')]),
      );
      expect(input).toEqual({
        id: 'b1',
        outgoingEdgeId: 'e0',
        type: 'picture choice input',
        items: pictures,
        options: { variableId: 'v1', buttonLabel: 'Pick' },
      });
    });

    it('filters items by display condition', async () => {
      const { ctx } = contextWithConditions();
      const list = [{ ...pictures[0], displayCondition: condition('hide') }, pictures[1]!];
      expect(
        ((await pictureChoiceInput.display(block({}, list), ctx)).items as { id: string }[]).map((item) => item.id),
      ).toEqual(['p2']);
    });

    it('builds dynamic items with ids "0", "1"… from the pictures, titles and descriptions variables', async () => {
      const dynamicItems = {
        isEnabled: true,
        pictureSrcsVariableId: 'vp',
        titlesVariableId: 'vt',
        descriptionsVariableId: 'vd',
      };
      const ctx = contextWith([
        variable('vp', 'Pics', ['a.png', null, 'c.png']),
        variable('vt', 'Titles', ['A', 'B']),
        variable('vd', 'Descriptions', 'Only one'),
      ]);
      expect((await pictureChoiceInput.display(block({ dynamicItems }), ctx)).items).toEqual([
        { id: '0', pictureSrc: 'a.png', title: 'A', description: 'Only one' },
        { id: '1', pictureSrc: 'c.png', title: 'B', description: '' },
      ]);
      expect(
        (await pictureChoiceInput.display(block({ dynamicItems }), contextWith([variable('vp', 'Pics', 'single.png')])))
          .items,
      ).toEqual([{ id: '0', pictureSrc: 'single.png', title: '', description: '' }]);
    });

    it('keeps the stored items when dynamic items are disabled or the variable unset', async () => {
      const ctx = contextWith([variable('vp', 'Pics')]);
      expect(
        (
          await pictureChoiceInput.display(
            block({ dynamicItems: { isEnabled: true, pictureSrcsVariableId: 'vp' } }),
            ctx,
          )
        ).items,
      ).toEqual(pictures);
      expect(
        (
          await pictureChoiceInput.display(
            block({ dynamicItems: { isEnabled: false, pictureSrcsVariableId: 'vp' } }),
            contextWith([variable('vp', 'Pics', ['x'])]),
          )
        ).items,
      ).toEqual(pictures);
    });
  });

  describe('single choice', () => {
    const parse = async (text: string, replyId?: string) =>
      await pictureChoiceInput.parse(block(), textReply(text, replyId), contextWith());

    it('matches the title (case-sensitive), else the picture URL, and picks the item edge', async () => {
      expect(await parse('Dog')).toEqual({ status: 'ok', content: 'Dog', edgeId: 'e1' });
      expect(await parse('dog')).toEqual({ status: 'fail' });
      expect(await parse('https://x.io/bird.png')).toEqual({
        status: 'ok',
        content: 'https://x.io/bird.png',
        edgeId: 'e3',
      });
    });

    it('saves the internal value and matches ids', async () => {
      expect(await parse('Cat')).toEqual({ status: 'ok', content: 'feline' });
      expect(await parse('p1')).toEqual({ status: 'ok', content: 'Dog', edgeId: 'e1' });
      expect(await parse('anything', 'p2')).toEqual({ status: 'ok', content: 'feline' });
    });

    it('matches dynamic items by replyId', async () => {
      const ctx = contextWith([variable('vp', 'Pics', ['a.png', 'b.png']), variable('vt', 'Titles', ['A', 'B'])]);
      const dynamic = block({ dynamicItems: { isEnabled: true, pictureSrcsVariableId: 'vp', titlesVariableId: 'vt' } });
      expect(await pictureChoiceInput.parse(dynamic, textReply('B', '1'), ctx)).toEqual({ status: 'ok', content: 'B' });
      expect(await pictureChoiceInput.parse(dynamic, textReply('A'), ctx)).toEqual({ status: 'ok', content: 'A' });
    });

    it('fails on unknown labels and without a text message', async () => {
      expect(await parse('Horse')).toEqual({ status: 'fail' });
      expect(await pictureChoiceInput.parse(block(), undefined, contextWith())).toEqual({ status: 'fail' });
    });
  });

  describe('multiple choice', () => {
    it('matches titles case-insensitively and positions, in item order, without edges', async () => {
      const multiple = block({ isMultipleChoice: true });
      expect(await pictureChoiceInput.parse(multiple, textReply('3 and dog'), contextWith())).toEqual({
        status: 'ok',
        content: 'Dog, https://x.io/bird.png',
      });
      expect(await pictureChoiceInput.parse(multiple, textReply('CAT'), contextWith())).toEqual({
        status: 'ok',
        content: 'feline',
      });
      expect(await pictureChoiceInput.parse(multiple, textReply('horse'), contextWith())).toEqual({ status: 'fail' });
    });
  });
});
