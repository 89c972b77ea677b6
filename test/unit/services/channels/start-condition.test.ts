import {
  chooseStartBot,
  meetsStartCondition,
  type ConnectedBot,
} from '../../../../src/services/channels/bot-selection';

const text = (value: string) => ({ type: 'text' as const, text: value });
const comparison = (comparisonOperator: string, value?: string) => ({ comparisonOperator, value });

describe('start conditions: the message text is the left operand', () => {
  test.each([
    [{ comparisons: [comparison('Contains', 'order')] }, 'I want to ORDER', true],
    [{ comparisons: [comparison('Equal to', 'Hi')] }, 'hi', false],
    [{ comparisons: [comparison('Starts with', 'promo'), comparison('Ends with', '42')] }, 'PROMO code 42', true],
    [{ comparisons: [comparison('Starts with', 'promo'), comparison('Ends with', '42')] }, 'promo code 7', false],
    [{ logicalOperator: 'OR', comparisons: [comparison('Equal to', 'a'), comparison('Equal to', 'b')] }, 'b', true],
    [{ comparisons: [comparison('Matches regex', '^\\d+$')] }, '12345', true],
  ])('%j on %j: %j', async (condition, message, expected) => {
    expect(await meetsStartCondition(condition, text(message))).toBe(expected);
  });

  test('only a text meets a condition', async () => {
    expect(await meetsStartCondition({ comparisons: [comparison('Is set')] }, undefined)).toBe(false);
    expect(await meetsStartCondition({ comparisons: [comparison('Is set')] }, { type: 'audio', url: 'x' })).toBe(false);
  });
});

describe('chooseStartBot', () => {
  const bot = (botId: string, startCondition?: object): ConnectedBot => ({
    botId,
    publicId: botId,
    messagingApp: { isEnabled: true, credentialsId: 'c', ...(startCondition ? { startCondition } : {}) },
  });
  const bots = [
    bot('general'),
    bot('orders', { comparisons: [comparison('Contains', 'order')] }),
    bot('empty-condition', { comparisons: [] }),
  ];

  test('the first bot whose condition the message meets, else the first without one', async () => {
    expect((await chooseStartBot(bots, text('an order')))?.botId).toBe('orders');
    expect((await chooseStartBot(bots, text('hello')))?.botId).toBe('general');
    expect((await chooseStartBot(bots, undefined))?.botId).toBe('general');
  });

  test('none when every bot has a condition and the message meets none', async () => {
    expect(await chooseStartBot([bots[1]!], text('hello'))).toBeUndefined();
  });
});
