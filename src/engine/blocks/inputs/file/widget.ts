import { h, labelsOf, type InputHandlers, type InputWidget, type Json } from '../../../../web/widgets/kit';
import definition from './definition';

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

export default {
  type: definition.type,
  render: fileInput,
} satisfies InputWidget;
