import { EngineRequestError } from '../../../errors';
import type { InputHandler } from '../../handler';
import { opt } from '../../options';
import { buttonLabel, FAIL, inputLabels, inputOptions, ok, textOrAudioOf } from '../shared';
import definition from './definition';

const options = inputOptions({
  amount: opt.string({ title: 'Amount' }),
  currency: opt.string({ title: 'Currency' }),
  labels: inputLabels({ button: buttonLabel(), success: opt.string({ title: 'Success message' }) }),
});

/**
 * Displaying a payment input needs a payment intent from a configured
 * provider. Parley has none, so the request fails as a whole (400
 * "Credentials not found"): the runtime turns the EngineRequestError into
 * that answer and persists nothing.
 */
export function requirePaymentProvider(): never {
  throw new EngineRequestError('Credentials not found');
}

/** The client sends "fail" when the payment failed, anything else (the success label) when it succeeded. */
export const paymentInput: InputHandler<typeof definition.type> = {
  category: 'input',
  type: definition.type,
  options,
  // A start's first message never answers it (docs/engine-behaviour.md#starting-with-a-message).
  answersFirstMessage: false,
  replyEventType: 'payment',
  defaultRetryMessage: 'Payment failed. Please, try again.',
  async display() {
    return requirePaymentProvider();
  },
  parse(_block, reply) {
    const text = textOrAudioOf(reply);
    if (text === undefined || text === 'fail') return FAIL;
    return ok(text);
  },
};

export default paymentInput;
