import type { LogicHandler, Outcome } from '../../handler';
import { opt, optionsSchema, readOptions } from '../../options';
import { anonymousPreviewSkip } from '../anonymous-preview';
import { notConfigured } from '../not-configured';
import definition from './definition';

// QR code forge block ("Generate a QR Code", no credentials): the service
// renders the PNG (an effect) and the block stores its URL in a variable. The
// reference uploads the image to its bucket; Parley answers a data: URL,
// which image bubbles and links show as they are.

const options = optionsSchema({
  action: opt.string({ title: 'Action' }),
  data: opt.string({ title: 'Data' }),
  saveUrlInVariableId: opt.variable('Save the image URL in'),
});

const ACTION = 'Generate a QR Code';

export const qrCodeBlock: LogicHandler<typeof definition.type> = {
  category: 'integration',
  type: definition.type,
  options,
  async execute(block, ctx): Promise<Outcome> {
    const skip = anonymousPreviewSkip('qr-code', ctx);
    if (skip) {
      ctx.log(skip);
      return { kind: 'next' };
    }
    const { action, data, saveUrlInVariableId } = readOptions(options, block);
    if (action !== ACTION) {
      ctx.log(notConfigured('qr-code'));
      return { kind: 'next' };
    }
    const text = await ctx.text(data ?? '');
    if (text === '') {
      ctx.log({
        status: 'error',
        description: 'QR code data is empty. Please provide the data to be encoded into the QR code.',
      });
      return { kind: 'next' };
    }
    if (!saveUrlInVariableId) {
      ctx.log({
        status: 'error',
        description:
          'QR code image URL is not specified. Please select a variable to save the generated QR code image.',
      });
      return { kind: 'next' };
    }
    return { kind: 'effect', effect: { type: 'qrCode', data: text } };
  },
  onEffect(block, result, ctx): Outcome {
    if (result.type === 'qrCode') ctx.variables.set(readOptions(options, block).saveUrlInVariableId, result.url);
    else
      ctx.log({
        status: 'error',
        description: result.type === 'failed' ? result.message : 'Could not generate the QR code',
      });
    return { kind: 'next' };
  },
};

export default qrCodeBlock;
