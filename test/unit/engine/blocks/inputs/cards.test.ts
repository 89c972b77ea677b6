import { cardsInput } from '../../../../../src/engine/blocks/inputs/cards/block';
import { condition, contextWith, contextWithConditions, inputBlock, textReply, variable } from './helpers';

describe('cards input', () => {
  const staticCards = [
    {
      id: 'c1',
      imageUrl: 'https://x.io/a.png',
      title: 'Alpha',
      description: 'First {{Name}}',
      options: { internalValue: 'alpha-id' },
      paths: [
        { id: 'p1', text: 'Buy', outgoingEdgeId: 'e1' },
        { id: 'p2', text: 'Details', outgoingEdgeId: 'e2' },
      ],
    },
    {
      id: 'c2',
      imageUrl: 'https://x.io/b.png',
      title: 'Alpha Beta',
      description: null,
      paths: [{ id: 'p3', text: 'Buy', outgoingEdgeId: 'e3' }],
    },
    { id: 'c3', imageUrl: 'https://x.io/c.png', title: null, paths: [{ id: 'p4', text: 'See' }] },
  ];
  const mapping = [
    { field: 'Title', variableId: 'vtitle' },
    { field: 'Button', variableId: 'vbutton' },
    { field: 'Internal Value', variableId: 'vinternal' },
    { field: 'Image URL', variableId: 'vimage' },
    { field: 'Description', variableId: 'vdesc' },
    { field: 'Title', variableId: 'vunknown' },
  ];
  const mappedVariables = [
    variable('vtitle', 'Title'),
    variable('vbutton', 'Button'),
    variable('vinternal', 'Internal'),
    variable('vimage', 'Image'),
    variable('vdesc', 'Desc'),
  ];
  const block = (
    list: Record<string, unknown>[] = staticCards,
    options: Record<string, unknown> = { saveResponseMapping: mapping },
  ) => inputBlock({ outgoingEdgeId: 'e0', type: 'cards', items: list, options });

  it('declares its types', () => {
    expect(cardsInput.type).toBe('cards');
    expect(cardsInput.replyEventType).toBe('cards');
  });

  describe('display', () => {
    it('returns the block as stored, substituted, without a prefilled value', async () => {
      const input = await cardsInput.display(
        block(staticCards.slice(0, 1), { variableId: 'vn' }),
        contextWith([variable('vn', 'Name', 'Ann')]),
      );
      expect(input).toEqual({
        id: 'b1',
        outgoingEdgeId: 'e0',
        type: 'cards',
        items: [{ ...staticCards[0], description: 'First Ann' }],
        options: { variableId: 'vn' },
      });
    });

    it('filters cards by the display condition in their options', async () => {
      const { ctx } = contextWithConditions();
      const list = [
        { ...staticCards[0], options: { displayCondition: condition('hide') } },
        { ...staticCards[1], options: { displayCondition: condition('show') } },
        staticCards[2]!,
      ];
      expect(((await cardsInput.display(block(list), ctx)).items as { id: string }[]).map((card) => card.id)).toEqual([
        'c2',
        'c3',
      ]);
    });

    it('generates one card per list element in dynamic mode, with dynamic path ids', async () => {
      const template = {
        id: 'c1',
        imageUrl: '{{Pics}}',
        title: '{{Titles}}',
        description: 'About {{Name}}',
        options: { internalValue: '{{Ids}}' },
        paths: [
          { id: 'p1', text: 'Buy', outgoingEdgeId: 'e1' },
          { id: 'p2', text: 'Info' },
        ],
      };
      const ctx = contextWith([
        variable('v1', 'Pics', ['a.png', 'b.png']),
        variable('v2', 'Titles', ['A', 'B']),
        variable('v3', 'Ids', ['1', '2']),
        variable('v4', 'Name', 'Ann'),
      ]);
      expect((await cardsInput.display(block([template], {}), ctx)).items).toEqual([
        {
          id: 'c1',
          imageUrl: 'a.png',
          title: 'A',
          // A field that names no variable is left out of generated cards (the reference's getDynamicValue).
          options: { internalValue: '1' },
          paths: [
            { id: 'dynamic-card-0-path-0', text: 'Buy', outgoingEdgeId: 'e1' },
            { id: 'dynamic-card-0-path-1', text: 'Info' },
          ],
        },
        {
          id: 'c1',
          imageUrl: 'b.png',
          title: 'B',
          options: { internalValue: '2' },
          paths: [
            { id: 'dynamic-card-1-path-0', text: 'Buy', outgoingEdgeId: 'e1' },
            { id: 'dynamic-card-1-path-1', text: 'Info' },
          ],
        },
      ]);
    });

    it('is driven by the pictures list when titles are not a list', async () => {
      const template = { id: 'c1', imageUrl: '{{Pics}}', title: '{{Title}}', paths: [{ id: 'p1', text: 'Go' }] };
      const ctx = contextWith([variable('v1', 'Pics', ['a.png', 'b.png', 'c.png']), variable('v2', 'Title', 'Same')]);
      const cards = (await cardsInput.display(block([template], {}), ctx)).items as {
        title: string;
        imageUrl: string;
      }[];
      expect(cards.map((card) => [card.title, card.imageUrl])).toEqual([
        ['Same', 'a.png'],
        ['Same', 'b.png'],
        ['Same', 'c.png'],
      ]);
    });

    it('is not dynamic with several cards or without a list variable', async () => {
      const template = { id: 'c1', title: '{{Titles}}', paths: [{ id: 'p1' }] };
      const ctx = contextWith([variable('v2', 'Titles', ['A', 'B'])]);
      expect((await cardsInput.display(block([template, { id: 'c2', title: 'Other' }], {}), ctx)).items).toEqual([
        { id: 'c1', title: '["A","B"]', paths: [{ id: 'p1' }] },
        { id: 'c2', title: 'Other' },
      ]);
      expect(
        (await cardsInput.display(block([template], {}), contextWith([variable('v2', 'Titles', 'Solo')]))).items,
      ).toEqual([{ id: 'c1', title: 'Solo', paths: [{ id: 'p1' }] }]);
    });
  });

  describe('parse', () => {
    it('matches a path by replyId: its card, its edge and the mapped variables', async () => {
      const ctx = contextWith([...mappedVariables, variable('vn', 'Name', 'Ann')]);
      expect(await cardsInput.parse(block(), textReply('Details', 'p2'), ctx)).toEqual({
        status: 'ok',
        content: 'Alpha',
        edgeId: 'e2',
        variables: [
          { id: 'vtitle', value: 'Alpha' },
          { id: 'vbutton', value: 'Details' },
          { id: 'vinternal', value: 'alpha-id' },
          { id: 'vimage', value: 'https://x.io/a.png' },
          { id: 'vdesc', value: 'First Ann' },
        ],
      });
    });

    it('matches a path id sent as text', async () => {
      expect(await cardsInput.parse(block(), textReply('p3'), contextWith(mappedVariables))).toMatchObject({
        status: 'ok',
        content: 'Alpha Beta',
        edgeId: 'e3',
      });
    });

    it('matches a card title case-insensitively and takes its first path; unset fields are skipped', async () => {
      expect(await cardsInput.parse(block(), textReply('  alpha beta '), contextWith(mappedVariables))).toEqual({
        status: 'ok',
        content: 'Alpha Beta',
        edgeId: 'e3',
        variables: [
          { id: 'vtitle', value: 'Alpha Beta' },
          { id: 'vbutton', value: 'Buy' },
          { id: 'vimage', value: 'https://x.io/b.png' },
          { id: 'vdesc', value: null },
        ],
      });
    });

    it('uses the image URL when the card has no title, and no edge when the path has none', async () => {
      expect(await cardsInput.parse(block(staticCards, {}), textReply('See', 'p4'), contextWith())).toEqual({
        status: 'ok',
        content: 'https://x.io/c.png',
      });
    });

    it('fails when no card matches or the card has neither title nor image', async () => {
      expect(await cardsInput.parse(block(), textReply('Gamma'), contextWith(mappedVariables))).toEqual({
        status: 'fail',
      });
      expect(
        await cardsInput.parse(block([{ id: 'c9', paths: [{ id: 'p9' }] }], {}), textReply('p9'), contextWith()),
      ).toEqual({ status: 'fail' });
      expect(await cardsInput.parse(block(), undefined, contextWith())).toEqual({ status: 'fail' });
    });

    it('only matches displayed cards', async () => {
      const { ctx } = contextWithConditions();
      const list = [{ ...staticCards[0], options: { displayCondition: condition('hide') } }];
      expect(await cardsInput.parse(block(list, {}), textReply('Alpha', 'p1'), ctx)).toEqual({ status: 'fail' });
    });

    it('matches dynamic cards by their generated path ids', async () => {
      const template = {
        id: 'c1',
        title: '{{Titles}}',
        options: { internalValue: '{{Ids}}' },
        paths: [{ id: 'p1', text: 'Pick', outgoingEdgeId: 'e1' }],
      };
      const ctx = contextWith([
        variable('v2', 'Titles', ['A', 'B']),
        variable('v3', 'Ids', ['1', '2']),
        variable('vinternal', 'Internal'),
      ]);
      expect(
        await cardsInput.parse(
          block([template], { saveResponseMapping: [{ field: 'Internal Value', variableId: 'vinternal' }] }),
          textReply('Pick', 'dynamic-card-1-path-0'),
          ctx,
        ),
      ).toEqual({
        status: 'ok',
        content: 'B',
        edgeId: 'e1',
        variables: [{ id: 'vinternal', value: '2' }],
      });
    });
  });
});
