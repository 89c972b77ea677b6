import { choiceInput } from '../../../../../src/engine/blocks/inputs/choice/block';
import { condition, contextWith, contextWithConditions, inputBlock, textReply, variable } from './helpers';

const items = (...contents: string[]) => contents.map((content, index) => ({ id: `id${index + 1}`, content }));

describe('choice input', () => {
  it('declares its types', () => {
    expect(choiceInput.type).toBe('choice input');
    expect(choiceInput.replyEventType).toBe('buttons');
    expect(choiceInput.defaultRetryMessage).toBeUndefined();
  });

  describe('display', () => {
    it('returns the block as stored (key order, edges) for static items', async () => {
      const stored = inputBlock({
        id: 'cl1r09dl9000j2e6dhkc2h97y',
        outgoingEdgeId: 'cl1r0cfjt00122e6dzwtamycl',
        type: 'choice input',
        items: [
          { id: 'cl1r09dl9000k2e6dvf7llzkd', content: 'Send Email Out' },
          {
            id: 'cl1r0adei000m2e6dfc8w5y4k',
            outgoingEdgeId: 'cl1r0dfip00152e6doo9duexn',
            content: 'Search Engine Optimization',
          },
        ],
      });
      expect(JSON.stringify(await choiceInput.display(stored, contextWith()))).toBe(
        '{"id":"cl1r09dl9000j2e6dhkc2h97y","outgoingEdgeId":"cl1r0cfjt00122e6dzwtamycl","type":"choice input","items":[{"id":"cl1r09dl9000k2e6dvf7llzkd","content":"Send Email Out"},{"id":"cl1r0adei000m2e6dfc8w5y4k","outgoingEdgeId":"cl1r0dfip00152e6doo9duexn","content":"Search Engine Optimization"}]}',
      );
    });

    it('substitutes variables and never adds a prefilled value', async () => {
      const block = inputBlock({
        type: 'choice input',
        items: [{ id: 'i1', content: 'Hi {{Name}}' }],
        options: { variableId: 'v1', buttonLabel: 'OK {{Name}}' },
      });
      expect(await choiceInput.display(block, contextWith([variable('v1', 'Name', 'Ann')]))).toEqual({
        id: 'b1',
        type: 'choice input',
        items: [{ id: 'i1', content: 'Hi Ann' }],
        options: { variableId: 'v1', buttonLabel: 'OK Ann' },
      });
    });

    it('removes items whose enabled display condition is false (operator defaults to AND)', async () => {
      const { ctx, seen } = contextWithConditions();
      const block = inputBlock({
        type: 'choice input',
        items: [
          { id: 'i1', content: 'Shown', displayCondition: condition('show') },
          { id: 'i2', content: 'Hidden', displayCondition: condition('hide', 'OR') },
          { id: 'i3', content: 'Disabled condition', displayCondition: { ...condition('hide'), isEnabled: false } },
          { id: 'i4', content: 'No condition' },
        ],
      });
      expect(((await choiceInput.display(block, ctx)).items as { id: string }[]).map((item) => item.id)).toEqual([
        'i1',
        'i3',
        'i4',
      ]);
      expect(seen.map((c) => c.logicalOperator)).toEqual(['AND', 'OR']);
    });

    it('evaluates display conditions with the engine (real context)', async () => {
      const notContains = (value: string) => ({
        isEnabled: true,
        condition: { comparisons: [{ id: 'c1', variableId: 'vs', comparisonOperator: 'Does not contain', value }] },
      });
      const block = inputBlock({
        type: 'choice input',
        items: [
          { id: 'i1', content: 'Pimples', displayCondition: notContains('Pimples') },
          { id: 'i2', content: 'Blackheads', displayCondition: notContains('Blackheads') },
        ],
      });
      const ctx = contextWith([variable('vs', 'Symptoms', ['Pimples'])]);
      expect((await choiceInput.display(block, ctx)).items).toEqual([
        { id: 'i2', content: 'Blackheads', displayCondition: notContains('Blackheads') },
      ]);
      expect(await choiceInput.parse(block, textReply('Pimples'), ctx)).toEqual({ status: 'fail' });
      expect(await choiceInput.parse(block, textReply('Blackheads'), ctx)).toEqual({
        status: 'ok',
        content: 'Blackheads',
      });
    });

    it('builds dynamic buttons from a list variable (empty and duplicate entries dropped)', async () => {
      const block = inputBlock({
        type: 'choice input',
        items: [{ id: 'i1', content: 'Click to edit', outgoingEdgeId: 'e9' }],
        options: { variableId: 'v1', dynamicVariableId: 'vl', buttonLabel: '{{Name}}' },
      });
      const ctx = contextWith([
        variable('vl', 'Colors', ['Red', '', null, 'Blue', 'Red']),
        variable('vn', 'Name', 'Go'),
      ]);
      expect(await choiceInput.display(block, ctx)).toEqual({
        id: 'b1',
        type: 'choice input',
        items: [
          { id: 'choice0', content: 'Red' },
          { id: 'choice1', content: 'Blue' },
        ],
        options: { variableId: 'v1', dynamicVariableId: 'vl', buttonLabel: 'Go' },
      });
    });

    it('builds dynamic buttons from a JSON-array string, or one button from any other string', async () => {
      const block = inputBlock({ type: 'choice input', items: [], options: { dynamicVariableId: 'vl' } });
      expect(
        (await choiceInput.display(block, contextWith([variable('vl', 'Colors', '["Red","Blue",3]')]))).items,
      ).toEqual([
        { id: 'choice0', content: 'Red' },
        { id: 'choice1', content: 'Blue' },
        { id: 'choice2', content: '3' },
      ]);
      expect((await choiceInput.display(block, contextWith([variable('vl', 'Colors', 'Red, Blue')]))).items).toEqual([
        { id: 'choice0', content: 'Red, Blue' },
      ]);
    });

    it('returns the block unchanged when the dynamic variable is unset (reference behaviour)', async () => {
      const block = inputBlock({
        type: 'choice input',
        items: [{ id: 'i1', content: '{{Name}}' }],
        options: { dynamicVariableId: 'vl' },
      });
      const ctx = contextWith([variable('vl', 'Colors'), variable('vn', 'Name', 'Ann')]);
      expect(await choiceInput.display(block, ctx)).toEqual({
        id: 'b1',
        type: 'choice input',
        items: [{ id: 'i1', content: '{{Name}}' }],
        options: { dynamicVariableId: 'vl' },
      });
    });
  });

  describe('single choice', () => {
    const block = inputBlock({
      type: 'choice input',
      items: [
        { id: 'i1', outgoingEdgeId: 'e1', content: 'Yes', value: 'y' },
        { id: 'i2', content: 'No' },
        { id: 'i3', outgoingEdgeId: 'e3', content: 'Maybe later' },
      ],
    });
    const parse = async (text: string, replyId?: string) =>
      await choiceInput.parse(block, textReply(text, replyId), contextWith());

    it('matches the label exactly (trimmed, case-sensitive) and picks the item edge', async () => {
      expect(await parse('Maybe later')).toEqual({ status: 'ok', content: 'Maybe later', edgeId: 'e3' });
      expect(await parse('  No ')).toEqual({ status: 'ok', content: 'No' });
      expect(await parse('no')).toEqual({ status: 'fail' });
      expect(await parse('Maybe')).toEqual({ status: 'fail' });
    });

    it('saves the internal value when there is one', async () => {
      expect(await parse('Yes')).toEqual({ status: 'ok', content: 'y', edgeId: 'e1' });
      expect(await parse('y')).toEqual({ status: 'ok', content: 'y', edgeId: 'e1' });
    });

    it('matches the item id, in the text or as replyId', async () => {
      expect(await parse('i3')).toEqual({ status: 'ok', content: 'Maybe later', edgeId: 'e3' });
      expect(await parse('whatever the label', 'i2')).toEqual({ status: 'ok', content: 'No' });
    });

    it('has no numeric-index matching', async () => {
      expect(await parse('1')).toEqual({ status: 'fail' });
    });

    it('tries the longest labels first', async () => {
      const overlapping = inputBlock({
        type: 'choice input',
        items: [
          { id: 'a', outgoingEdgeId: 'ea', content: 'Basic', value: 'b' },
          { id: 'b', outgoingEdgeId: 'eb', content: 'Basic plan', value: 'Basic' },
        ],
      });
      expect(await choiceInput.parse(overlapping, textReply('Basic'), contextWith())).toEqual({
        status: 'ok',
        content: 'Basic',
        edgeId: 'eb',
      });
    });

    it('only matches displayed items', async () => {
      const { ctx } = contextWithConditions();
      const filtered = inputBlock({
        type: 'choice input',
        items: [
          { id: 'i1', content: 'Hidden', displayCondition: condition('hide') },
          { id: 'i2', content: 'Shown' },
        ],
      });
      expect(await choiceInput.parse(filtered, textReply('Hidden'), ctx)).toEqual({ status: 'fail' });
      expect(await choiceInput.parse(filtered, textReply('Shown'), ctx)).toEqual({ status: 'ok', content: 'Shown' });
    });

    it('matches dynamic buttons by content or id', async () => {
      const dynamic = inputBlock({ type: 'choice input', items: [], options: { dynamicVariableId: 'vl' } });
      const ctx = contextWith([variable('vl', 'Colors', ['Red', 'Blue'])]);
      expect(await choiceInput.parse(dynamic, textReply('Blue'), ctx)).toEqual({ status: 'ok', content: 'Blue' });
      expect(await choiceInput.parse(dynamic, textReply('Red', 'choice0'), ctx)).toEqual({
        status: 'ok',
        content: 'Red',
      });
    });

    it('fails without a text message and on an empty item', async () => {
      expect(await choiceInput.parse(block, undefined, contextWith())).toEqual({ status: 'fail' });
      const empty = inputBlock({ type: 'choice input', items: [{ id: 'i1' }] });
      expect(await choiceInput.parse(empty, textReply('i1'), contextWith())).toEqual({ status: 'fail' });
    });
  });

  describe('multiple choice', () => {
    const multiple = (list: Record<string, unknown>[]) =>
      inputBlock({ type: 'choice input', items: list, options: { isMultipleChoice: true } });
    const parse = async (list: Record<string, unknown>[], text: string) =>
      await choiceInput.parse(multiple(list), textReply(text), contextWith());
    const three = [
      { id: 'id1', outgoingEdgeId: 'e1', content: 'item', value: 'item' },
      { id: 'id2', content: 'second item', value: 'second item' },
      { id: 'id3', content: 'third item', value: 'third item' },
    ];

    it('mixes positions, labels and ids, in item order', async () => {
      expect(await parse(three, '1 and second item, id3')).toEqual({
        status: 'ok',
        content: 'item, second item, third item',
      });
      expect(await parse(three.slice(0, 2), '2 and item')).toEqual({ status: 'ok', content: 'item, second item' });
      expect(await parse(three.slice(0, 2), 'item and second item')).toEqual({
        status: 'ok',
        content: 'item, second item',
      });
    });

    it('is case-insensitive and tolerates whitespace runs', async () => {
      expect(
        await parse(items('Website dev', 'Content Marketing', 'Social Media'), 'SOCIAL   media, website dev'),
      ).toEqual({
        status: 'ok',
        content: 'Website dev, Social Media',
      });
    });

    it('matches whole phrases only (Unicode letters count as word characters)', async () => {
      expect(await parse(items('Just a few tests'), 'tests')).toEqual({ status: 'fail' });
      expect(await parse(items('Thé', 'Café'), 'théière')).toEqual({ status: 'fail' });
      expect(await parse(items('Thé', 'Café'), 'un café et un thé')).toEqual({ status: 'ok', content: 'Thé, Café' });
      expect(await parse(items('UI / UX Design', 'Other'), 'ui / ux design')).toEqual({
        status: 'ok',
        content: 'UI / UX Design',
      });
    });

    it('saves internal values, trimmed', async () => {
      expect(
        await parse(
          [
            { id: 'a', content: 'Red', value: ' r ' },
            { id: 'b', content: 'Blue' },
          ],
          'blue, red',
        ),
      ).toEqual({ status: 'ok', content: 'r, Blue' });
    });

    it('never chooses an item edge', async () => {
      expect(await parse(three, 'item')).toEqual({ status: 'ok', content: 'item' });
    });

    it('fails when nothing matches', async () => {
      expect(await parse(three, 'nothing')).toEqual({ status: 'fail' });
      expect(await parse(three, '4')).toEqual({ status: 'fail' });
    });

    it('matches dynamic buttons by position', async () => {
      const dynamic = inputBlock({
        type: 'choice input',
        items: [],
        options: { isMultipleChoice: true, dynamicVariableId: 'vl' },
      });
      const ctx = contextWith([variable('vl', 'Colors', '["Red","Blue","Green"]')]);
      expect(await choiceInput.parse(dynamic, textReply('3 and 1'), ctx)).toEqual({
        status: 'ok',
        content: 'Red, Green',
      });
    });
  });
});
