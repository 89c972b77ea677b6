import { h, safeUrl } from './dom';
import type { Json } from './api';
import { DEFAULT_BUTTON_LABEL, DEFAULT_PLACEHOLDERS } from '../engine/shapes/theme-defaults';

export interface InputHandlers {
  /** Sends the reply text (what the reference's client sends), with the URLs of files attached to it. */
  submit(reply: string, shown?: string, attachedFileUrls?: string[]): void;
  /** Uploads files for the awaited input (a file input, a text input's attachments); resolves to their public URLs. */
  upload(files: File[]): Promise<string[]>;
}

const HTML_TYPES: Record<string, string> = {
  'text input': 'text',
  'number input': 'number',
  'email input': 'email',
  'url input': 'url',
  'phone number input': 'tel',
  'date input': 'date',
  'time input': 'time',
};

function labelsOf(input: Json): Json {
  return (input.options?.labels ?? {}) as Json;
}

function placeholderOf(input: Json): string {
  const own = labelsOf(input).placeholder;
  return typeof own === 'string' && own !== ''
    ? own
    : (DEFAULT_PLACEHOLDERS[String(input.type)] ?? DEFAULT_PLACEHOLDERS['text input']!);
}

const SEND_ICON =
  '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M22 2 11 13"/><path d="M22 2 15 22l-4-9-9-4 20-7z"/></svg>';

/** The submit button: the block's label, or a send icon (named for screen readers) when it sets none. */
function sendButton(label: unknown): HTMLElement {
  if (typeof label === 'string' && label.trim() !== '')
    return h('button', { type: 'submit', className: 'parley-button' }, label);
  const button = h('button', {
    type: 'submit',
    className: 'parley-button parley-send',
    'aria-label': DEFAULT_BUTTON_LABEL,
  });
  button.innerHTML = SEND_ICON;
  return button;
}

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
  const placeholder = placeholderOf(input);
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

/** A date range: two labelled fields, sent as "<from> to <to>" (what the runtime parses). */
function dateRange(input: Json, handlers: InputHandlers): HTMLElement {
  const labels = labelsOf(input);
  const type = input.options?.hasTime ? 'datetime-local' : 'date';
  const from = h('input', { type, className: 'parley-field', 'aria-label': labels.from ?? 'From' }) as HTMLInputElement;
  const to = h('input', { type, className: 'parley-field', 'aria-label': labels.to ?? 'To' }) as HTMLInputElement;
  const send = () => {
    if (!from.value || !to.value) return;
    const text = (value: string) => value.replace('T', ' ');
    handlers.submit(`${text(from.value)} to ${text(to.value)}`);
  };
  return h(
    'form',
    { className: 'parley-input-row', onSubmit: (event: Event) => (event.preventDefault(), send()) },
    h('label', {}, labels.from ?? 'From', from),
    h('label', {}, labels.to ?? 'To', to),
    h('button', { type: 'submit', className: 'parley-button' }, labels.button ?? 'Send'),
  );
}

/** A text-like input with its button: Enter sends, Shift+Enter adds a line in long text. */
function textLike(input: Json, handlers: InputHandlers): HTMLElement {
  const options = (input.options ?? {}) as Json;
  const labels = labelsOf(input);
  const long = input.type === 'text input' && options.isLong;
  let type = HTML_TYPES[input.type] ?? 'text';
  if (input.type === 'date input' && options.hasTime) type = 'datetime-local';
  const placeholder = placeholderOf(input);
  const field = long
    ? h('textarea', { 'aria-label': placeholder, placeholder, rows: 3, className: 'parley-field' })
    : h('input', {
        type,
        'aria-label': placeholder,
        placeholder,
        className: 'parley-field',
        ...(options.min !== undefined ? { min: options.min } : {}),
        ...(options.max !== undefined ? { max: options.max } : {}),
        ...(options.step !== undefined ? { step: options.step } : {}),
        ...(input.prefilledValue !== undefined ? { value: input.prefilledValue } : {}),
      });
  // A text input taking attachments: files chosen beside the text go up first, their URLs travel with the reply.
  const attach =
    input.type === 'text input' && options.attachments?.isEnabled
      ? (h('input', {
          type: 'file',
          multiple: true,
          className: 'parley-attach',
          'aria-label': 'Attach files',
        }) as HTMLInputElement)
      : null;
  const status = attach ? h('span', { role: 'status', className: 'parley-status' }) : null;
  const send = async () => {
    const value = (field as HTMLInputElement).value.trim();
    const files = [...(attach?.files ?? [])];
    if (value === '' && files.length === 0) return;
    let urls: string[] | undefined;
    if (files.length > 0) {
      status!.textContent = 'Uploading...';
      try {
        urls = await handlers.upload(files);
      } catch (error) {
        status!.textContent = error instanceof Error ? error.message : 'An error occured while uploading the files';
        return;
      }
    }
    const text = type === 'datetime-local' ? value.replace('T', ' ') : value;
    handlers.submit(text, urls ? [text, ...files.map((file) => file.name)].filter(Boolean).join(' ') : undefined, urls);
  };
  field.addEventListener('keydown', (event) => {
    const key = event as KeyboardEvent;
    if (key.key === 'Enter' && !(long && key.shiftKey)) {
      event.preventDefault();
      void send();
    }
  });
  const form = h(
    'form',
    { className: 'parley-input-row', onSubmit: (event: Event) => (event.preventDefault(), void send()) },
    field,
    attach,
    sendButton(labels.button),
    status,
  );
  return form;
}

function choice(input: Json, handlers: InputHandlers): HTMLElement {
  const items = (input.items ?? []) as Json[];
  const options = (input.options ?? {}) as Json;
  const multiple = Boolean(options.isMultipleChoice);
  const chosen = new Set<string>();
  const list = h('div', { className: 'parley-choices', role: 'group', 'aria-label': 'Choices' });
  const buttons = items.map((item) => {
    const label = String(item.content ?? item.title ?? '');
    const button = h(
      'button',
      { type: 'button', className: 'parley-choice', 'aria-pressed': multiple ? 'false' : undefined },
      label,
    );
    button.addEventListener('click', () => {
      if (!multiple) return handlers.submit(label);
      if (chosen.has(label)) chosen.delete(label);
      else chosen.add(label);
      button.setAttribute('aria-pressed', String(chosen.has(label)));
    });
    list.append(button);
    return { button, label };
  });
  const wrapper = h('div', { className: 'parley-choice-input' });
  if (options.isSearchable) {
    const search = h('input', {
      type: 'search',
      className: 'parley-field',
      placeholder: options.searchInputPlaceholder ?? 'Filter the options...',
      'aria-label': 'Filter the options',
    });
    search.addEventListener('input', () => {
      const query = search.value.toLowerCase();
      for (const { button, label } of buttons) button.hidden = !label.toLowerCase().includes(query);
    });
    wrapper.append(search);
  }
  wrapper.append(list);
  if (multiple)
    wrapper.append(
      h(
        'button',
        {
          type: 'button',
          className: 'parley-button',
          onClick: () => chosen.size > 0 && handlers.submit([...chosen].join(', ')),
        },
        options.buttonLabel ?? 'Send',
      ),
    );
  return wrapper;
}

function pictureChoice(input: Json, handlers: InputHandlers): HTMLElement {
  const items = (input.items ?? []) as Json[];
  return h(
    'div',
    { className: 'parley-choices', role: 'group', 'aria-label': 'Choices' },
    ...items.map((item) => {
      const label = String(item.title ?? item.id);
      const src = safeUrl(item.pictureSrc);
      return h(
        'button',
        { type: 'button', className: 'parley-picture', onClick: () => handlers.submit(label) },
        src ? h('img', { src, alt: label }) : null,
        h('span', {}, label),
      );
    }),
  );
}

function cards(input: Json, handlers: InputHandlers): HTMLElement {
  const items = (input.items ?? []) as Json[];
  return h(
    'div',
    { className: 'parley-cards' },
    ...items.map((item) => {
      const src = safeUrl(item.imageUrl);
      const paths = (item.paths ?? []) as Json[];
      return h(
        'div',
        { className: 'parley-card' },
        src ? h('img', { src, alt: String(item.title ?? '') }) : null,
        h('strong', {}, String(item.title ?? '')),
        item.description ? h('p', {}, String(item.description)) : null,
        ...paths.map((path) =>
          h(
            'button',
            { type: 'button', className: 'parley-choice', onClick: () => handlers.submit(String(path.text ?? '')) },
            String(path.text ?? ''),
          ),
        ),
      );
    }),
  );
}

function rating(input: Json, handlers: InputHandlers): HTMLElement {
  const options = (input.options ?? {}) as Json;
  const length = Number(options.length) || 10;
  const start = options.buttonType === 'Icons' ? 1 : 0;
  const buttons: HTMLElement[] = [];
  for (let value = start; value <= length; value += 1)
    buttons.push(
      h(
        'button',
        {
          type: 'button',
          className: 'parley-choice',
          'aria-label': `Rate ${value}`,
          onClick: () => handlers.submit(String(value)),
        },
        options.buttonType === 'Icons' ? '★' : String(value),
      ),
    );
  return h('div', { className: 'parley-choices', role: 'group', 'aria-label': 'Rating' }, ...buttons);
}

function fileInput(input: Json, handlers: InputHandlers): HTMLElement {
  const options = (input.options ?? {}) as Json;
  const labels = labelsOf(input);
  const field = h('input', {
    type: 'file',
    className: 'parley-field',
    'aria-label': labels.placeholder ?? 'Choose a file',
    multiple: Boolean(options.isMultipleAllowed),
  });
  const status = h('span', { role: 'status', className: 'parley-status' });
  const send = async () => {
    const files = [...(field.files ?? [])];
    if (files.length === 0) return;
    status.textContent = 'Uploading...';
    try {
      const urls = await handlers.upload(files);
      handlers.submit(urls.join(', '), files.map((file) => file.name).join(', '));
    } catch (error) {
      status.textContent = error instanceof Error ? error.message : 'Upload failed';
    }
  };
  const skip =
    options.isRequired === false
      ? h(
          'button',
          { type: 'button', className: 'parley-button', onClick: () => handlers.submit('Skip') },
          labels.skip ?? 'Skip',
        )
      : null;
  return h(
    'div',
    { className: 'parley-input-row' },
    field,
    h('button', { type: 'button', className: 'parley-button', onClick: send }, labels.button ?? 'Upload'),
    skip,
    status,
  );
}

/** The element for the bot's current input, or a clear state for inputs this client cannot take. */
export function renderInput(input: Json, handlers: InputHandlers): HTMLElement {
  switch (input.type) {
    case 'choice input':
      return choice(input, handlers);
    case 'picture choice input':
      return pictureChoice(input, handlers);
    case 'cards':
    case 'cards input':
      return cards(input, handlers);
    case 'rating input':
      return rating(input, handlers);
    case 'file input':
      return fileInput(input, handlers);
    case 'phone number input':
      return phone(input, handlers);
    case 'date input':
      return input.options?.isRange ? dateRange(input, handlers) : textLike(input, handlers);
    case 'payment input':
      return h('p', { role: 'alert', className: 'parley-notice' }, 'Payments are not configured for this bot.');
    default:
      return textLike(input, handlers);
  }
}
