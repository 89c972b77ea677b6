import { h } from '../dom';
import type { Json } from '../api';
import { DEFAULT_BUTTON_LABEL } from '../../engine/shapes/theme-defaults';
import textInput from '../../engine/blocks/inputs/text/definition';
import type { InputHandlers } from './widget';

// What several visitor widgets are made of: labels, the send button, and the
// text-like field most inputs are.

export { h, safeUrl } from '../dom';
export type { Json } from '../api';
export type { InputHandlers, InputWidget } from './widget';

export function labelsOf(input: Json): Json {
  return (input.options?.labels ?? {}) as Json;
}

/** The block's placeholder, else its type's (`fallback`), else the text input's. */
export function placeholderOf(input: Json, fallback?: string): string {
  const own = labelsOf(input).placeholder;
  return typeof own === 'string' && own !== '' ? own : (fallback ?? textInput.placeholder ?? '');
}

const SEND_ICON =
  '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M22 2 11 13"/><path d="M22 2 15 22l-4-9-9-4 20-7z"/></svg>';

/** The submit button: the block's label, or a send icon (named for screen readers) when it sets none. */
export function sendButton(label: unknown): HTMLElement {
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

export interface TextLikeField {
  /** The HTML input type (`datetime-local` replies are sent with a space for the `T`). */
  htmlType: string;
  /** The type's own placeholder, when it has one. */
  placeholder?: string;
  /** Long text: a text area where Shift+Enter adds a line. */
  long?: boolean;
  /** Files may be attached beside the text (they go up first; their URLs travel with the reply). */
  attachments?: boolean;
}

/** A text-like input with its button: Enter sends, Shift+Enter adds a line in long text. */
export function textLike(input: Json, handlers: InputHandlers, spec: TextLikeField): HTMLElement {
  const options = (input.options ?? {}) as Json;
  const labels = labelsOf(input);
  const { long = false, htmlType: type } = spec;
  const placeholder = placeholderOf(input, spec.placeholder);
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
  const attach = spec.attachments
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
  return h(
    'form',
    { className: 'parley-input-row', onSubmit: (event: Event) => (event.preventDefault(), void send()) },
    field,
    attach,
    sendButton(labels.button),
    status,
  );
}
