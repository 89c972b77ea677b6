import { mountChat, type ChatOptions } from '../chat';
import type { Json } from '../api';
import type { Variables } from './commands';

// The chat in a dialog of its own, for the bubble and the popup: opened and
// closed by the visitor or the page, its chat started on first opening.

export interface ChatDialog {
  /** The dialog element, hidden while closed; the caller places it. */
  element: HTMLElement;
  isOpen(): boolean;
  /** `takeFocus` false: opened unasked (a bubble's autoShowDelay), the visitor's focus stays where it is. */
  open(takeFocus?: boolean): void;
  close(): void;
  setPrefilledVariables(variables: Variables): void;
  /** Stops listening to the page; the caller removes the nodes. */
  dispose(): void;
}

export interface DialogSettings {
  chat: ChatOptions;
  /** Modal: the popup, which holds the page's attention until closed. */
  modal: boolean;
  /** Where the focus goes on closing; else where it was when the dialog opened. */
  returnFocus?: () => HTMLElement | undefined;
  onOpenChange?: (open: boolean) => void;
  onTheme?: (theme: Json, version: unknown) => void;
}

/** The element that has the focus, looking into shadow roots (a focused chat input is in one). */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Whether the focus is on `element` or inside it, shadow roots included. */
function focusWithin(element: Element): boolean {
  for (let active = document.activeElement; active; active = active.shadowRoot?.activeElement ?? null)
    if (active === element || element.contains(active)) return true;
  return false;
}

const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

/** What Tab reaches in the dialog, in order: its own controls around the chat, and the chat's. */
function focusables(dialog: HTMLElement, chatHost: HTMLElement): HTMLElement[] {
  const usable = (list: Iterable<Element>) =>
    [...list].filter(
      (candidate): candidate is HTMLElement =>
        candidate instanceof HTMLElement &&
        !candidate.matches(':disabled') &&
        candidate.tabIndex >= 0 &&
        candidate.getClientRects().length > 0,
    );
  const own = usable(dialog.querySelectorAll(FOCUSABLE));
  const before = own.filter((control) => control.compareDocumentPosition(chatHost) & Node.DOCUMENT_POSITION_FOLLOWING);
  const after = own.filter((control) => !before.includes(control));
  return [...before, ...usable(chatHost.shadowRoot?.querySelectorAll(FOCUSABLE) ?? []), ...after];
}

export function chatDialog(settings: DialogSettings): ChatDialog {
  const element = document.createElement('div');
  element.className = 'dialog';
  element.setAttribute('role', 'dialog');
  element.setAttribute('aria-label', 'Chat');
  if (settings.modal) element.setAttribute('aria-modal', 'true');
  // Focusable by script only: opening moves the focus here until the chat's input takes it.
  element.tabIndex = -1;
  element.hidden = true;
  const chatHost = document.createElement('div');
  chatHost.className = 'chat';
  element.append(chatHost);

  let prefilled: Variables = {};
  let mounted = false;
  let focusBefore: Element | null = null;

  const onKey = (event: KeyboardEvent) => {
    if (element.hidden) return;
    const returnTarget = settings.returnFocus?.();
    // A bubble shares the page: Escape is its own only when the focus is in it or on its launcher.
    const ours = settings.modal || focusWithin(element) || (returnTarget !== undefined && focusWithin(returnTarget));
    if (event.key === 'Escape' && ours) {
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab' && settings.modal) keepFocusIn(event);
  };

  /** A modal's Tab goes round its own controls, never to the page behind it. */
  function keepFocusIn(event: KeyboardEvent): void {
    const controls = focusables(element, chatHost);
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) return;
    const active = deepActiveElement();
    const outside = !focusWithin(element);
    if (event.shiftKey && (outside || active === first || active === element)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (outside || active === last)) {
      event.preventDefault();
      first.focus();
    }
  }

  function open(takeFocus = true): void {
    if (!element.hidden) return;
    focusBefore = deepActiveElement();
    element.hidden = false;
    document.addEventListener('keydown', onKey);
    if (!mounted) {
      mounted = true;
      void mountChat(chatHost, {
        ...settings.chat,
        prefilledVariables: { ...settings.chat.prefilledVariables, ...prefilled },
        // Opened by the visitor (or the page for them): the chat's input has the focus as it comes.
        focus: takeFocus ? 'always' : 'after-interaction',
        onTheme: settings.onTheme,
      });
    }
    if (takeFocus) {
      // The input already waiting, on a reopening; else the dialog itself until the chat's input comes.
      const input = chatHost.shadowRoot?.querySelector<HTMLElement>(
        '.parley-input input, .parley-input textarea, .parley-input button',
      );
      (input ?? element).focus({ preventScroll: true });
    }
    settings.onOpenChange?.(true);
  }

  function close(): void {
    if (element.hidden) return;
    const hadFocus =
      focusWithin(element) || document.activeElement === null || document.activeElement === document.body;
    element.hidden = true;
    document.removeEventListener('keydown', onKey);
    settings.onOpenChange?.(false);
    // Only when the focus was in the dialog (or nowhere, after a click outside): a page's own close() must not
    // pull it from where the visitor is.
    if (!hadFocus) return;
    const target = settings.returnFocus?.() ?? focusBefore;
    if (target instanceof HTMLElement && target.isConnected) target.focus({ preventScroll: true });
  }

  return {
    element,
    isOpen: () => !element.hidden,
    open,
    close,
    setPrefilledVariables: (variables) => {
      prefilled = { ...prefilled, ...variables };
    },
    dispose: () => document.removeEventListener('keydown', onKey),
  };
}
