import {
  h,
  labelsOf,
  placeholderOf,
  sendButton,
  type InputHandlers,
  type InputWidget,
  type Json,
} from '../../../../web/widgets/kit';
import definition from './definition';

/** Dial codes by country (ISO code + digits), the phone input's country picker. */
const DIAL_CODES =
  'US1 CA1 GB44 FR33 DE49 ES34 IT39 PT351 NL31 BE32 CH41 AT43 IE353 LU352 DK45 SE46 NO47 FI358 IS354 PL48 CZ420 SK421 HU36 RO40 BG359 GR30 HR385 SI386 RS381 UA380 RU7 TR90 IL972 AE971 SA966 EG20 MA212 DZ213 TN216 NG234 KE254 ZA27 GH233 SN221 CI225 CM237 IN91 PK92 BD880 LK94 CN86 HK852 TW886 JP81 KR82 SG65 MY60 TH66 VN84 PH63 ID62 AU61 NZ64 MX52 BR55 AR54 CL56 CO57 PE51 VE58 UY598 EC593'
    .split(' ')
    .map((entry) => ({ country: entry.slice(0, 2), dial: entry.slice(2) }));

/** The phone input: a country picker (the block's default country first selected) beside the number. */
function phone(input: Json, handlers: InputHandlers): HTMLElement {
  const labels = labelsOf(input);
  const preferred = String(input.options?.defaultCountryCode ?? '').toUpperCase();
  const country = h(
    'select',
    { className: 'parley-field parley-country', 'aria-label': 'Country' },
    h('option', { value: '' }, 'Intl.'),
    ...DIAL_CODES.map((entry) =>
      h('option', { value: entry.dial, selected: entry.country === preferred }, `${entry.country} +${entry.dial}`),
    ),
  ) as HTMLSelectElement;
  const placeholder = placeholderOf(input, definition.placeholder);
  const field = h('input', {
    type: 'tel',
    'aria-label': placeholder,
    placeholder,
    className: 'parley-field',
    autocomplete: 'tel',
  }) as HTMLInputElement;
  const send = () => {
    const number = field.value.trim();
    if (number === '') return;
    // A number typed in full (+33...) keeps its own code; otherwise the picked country's is added.
    handlers.submit(
      number.startsWith('+') || !country.value ? number : `+${country.value} ${number.replace(/^0/, '')}`,
    );
  };
  return h(
    'form',
    { className: 'parley-input-row', onSubmit: (event: Event) => (event.preventDefault(), send()) },
    country,
    field,
    sendButton(labels.button),
  );
}

export default {
  type: definition.type,
  render: phone,
} satisfies InputWidget;
