import { paymentInput, requirePaymentProvider } from '../../../../../src/engine/blocks/inputs/payment/block';
import { EngineRequestError } from '../../../../../src/engine/errors';
import { contextWith, inputBlock, textReply } from './helpers';

describe('payment input', () => {
  const block = inputBlock({
    outgoingEdgeId: 'e1',
    type: 'payment input',
    options: { additionalInformation: { name: '{{Name}}' }, amount: '9' },
  });

  it('declares its types and built-in retry message', () => {
    expect(paymentInput.type).toBe('payment input');
    expect(paymentInput.replyEventType).toBe('payment');
    expect(paymentInput.defaultRetryMessage).toBe('Payment failed. Please, try again.');
  });

  it('fails the request when displayed: no payment provider is configured', async () => {
    await expect(paymentInput.display(block, contextWith())).rejects.toThrow(EngineRequestError);
    await expect(paymentInput.display(block, contextWith())).rejects.toThrow('Credentials not found');
    expect(() => requirePaymentProvider()).toThrow(new EngineRequestError('Credentials not found'));
  });

  it('accepts anything but "fail"', async () => {
    const ctx = contextWith();
    expect(await paymentInput.parse(block, textReply('Success'), ctx)).toEqual({ status: 'ok', content: 'Success' });
    expect(await paymentInput.parse(block, textReply('Paid!'), ctx)).toEqual({ status: 'ok', content: 'Paid!' });
    expect(await paymentInput.parse(block, textReply('fail'), ctx)).toEqual({ status: 'fail' });
    expect(await paymentInput.parse(block, undefined, ctx)).toEqual({ status: 'fail' });
  });
});
