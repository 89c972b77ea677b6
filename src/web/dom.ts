/** A tiny element factory: the client needs no view library for this much DOM. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: (Node | string | null | undefined)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function')
      element.addEventListener(key.slice(2).toLowerCase(), value as EventListener);
    else if (key === 'className') element.className = String(value);
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) element.append(child);
  return element;
}

/** Only http(s) and mailto/tel links are rendered as links (no javascript: URLs from bot content). */
export function safeUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  return /^(https?:|mailto:|tel:|\/)/i.test(url.trim()) ? url.trim() : undefined;
}
