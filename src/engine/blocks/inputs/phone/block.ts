import type * as PhoneNumbers from 'libphonenumber-js';
import { lazyModule } from '../../../lazy-module';
import type { InputHandler } from '../../handler';
import { opt, readOptions } from '../../options';
import {
  buttonLabel,
  displayWithPrefill,
  FAIL,
  inputLabels,
  inputOptions,
  ok,
  placeholderLabel,
  textOf,
} from '../shared';
import definition from './definition';

const options = inputOptions({
  defaultCountryCode: opt.string({
    title: 'Default country',
    description: 'ISO code (FR, US...) for numbers typed without their country code',
  }),
  labels: inputLabels({ placeholder: placeholderLabel(), button: buttonLabel() }),
});

/** The first phone number found in the text, in E.164; the default country applies to national numbers. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first phone reply (see lazyModule)
const phoneNumbers = lazyModule(() => require('libphonenumber-js') as typeof PhoneNumbers);

export function findPhoneNumber(text: string, defaultCountryCode?: string): string | undefined {
  const { findPhoneNumbersInText, isSupportedCountry } = phoneNumbers();
  const country =
    defaultCountryCode && isSupportedCountry(defaultCountryCode)
      ? (defaultCountryCode as PhoneNumbers.CountryCode)
      : undefined;
  return findPhoneNumbersInText(text, country)[0]?.number.number;
}

/** Saved in E.164 (`06 12 34 56 78` with FR ⇒ `+33612345678`); the generic invalid message on failure. */
export const phoneInput: InputHandler<typeof definition.type> = {
  category: 'input',
  type: definition.type,
  options,
  replyEventType: 'phone',
  display: displayWithPrefill,
  async parse(block, reply, ctx) {
    const text = textOf(reply);
    if (text === undefined) return FAIL;
    const country = readOptions(options, block).defaultCountryCode;
    const number = findPhoneNumber(text, country ? (await ctx.text(country)).trim() : undefined);
    return number ? ok(number) : FAIL;
  },
};

export default phoneInput;
