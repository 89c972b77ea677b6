import type { Json } from './api';
import { textLike } from './widgets/kit';
import { WIDGETS } from './widgets/generated';
import type { InputHandlers, InputWidget } from './widgets/widget';

export type { InputHandlers } from './widgets/widget';

// Each input's widget lives in its block folder (src/engine/blocks/inputs/<input>/widget.ts): this only finds it.

const byType = new Map<string, InputWidget>();
for (const widget of WIDGETS) for (const type of [widget.type, ...(widget.aliases ?? [])]) byType.set(type, widget);

/** The element for the bot's current input; an input this client does not know is answered as text. */
export function renderInput(input: Json, handlers: InputHandlers): HTMLElement {
  const widget = byType.get(String(input.type));
  return widget ? widget.render(input, handlers) : textLike(input, handlers, { htmlType: 'text' });
}
