import { mountChat, type ChatOptions } from '../chat';
import { register, type EmbedCommands } from './commands';

export interface StandardOptions extends ChatOptions {
  /** The element (or a selector for it) to hold the chat; else a `<parley-standard>` on the page, else one added. */
  element?: HTMLElement | string;
}

/** The chat inline in the page, started at once. */
export function initStandard(options: StandardOptions): EmbedCommands {
  const target =
    typeof options.element === 'string' ? document.querySelector<HTMLElement>(options.element) : options.element;
  const found = target ?? document.querySelector<HTMLElement>('parley-standard');
  const host = found ?? document.body.appendChild(document.createElement('parley-standard'));
  const styleBefore = host.getAttribute('style');
  if (!host.style.height) host.style.height = '100%';
  void mountChat(host, options);
  const nothing = () => undefined;
  return register({
    // Always shown: there is nothing to open or close.
    open: nothing,
    close: nothing,
    toggle: nothing,
    // Started already: its variables were those of init.
    setPrefilledVariables: nothing,
    showPreviewMessage: nothing,
    hidePreviewMessage: nothing,
    unmount: () => {
      if (!found) return host.remove();
      // The site's element stays; what the chat put in and on it goes (a shadow root itself cannot be removed).
      host.shadowRoot?.replaceChildren();
      if (styleBefore === null) host.removeAttribute('style');
      else host.setAttribute('style', styleBefore);
    },
  });
}
