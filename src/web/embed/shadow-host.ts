// The bubble's and the popup's own elements live in a shadow root on one host
// element: the site's CSS (a global `button {…}` rule, say) cannot restyle
// them, and unmounting is removing that one element.

const BASE = `:host{all:initial}[hidden]{display:none!important}
*{box-sizing:border-box}
button{font:inherit;cursor:pointer}
:focus-visible{outline:3px solid #ff9800;outline-offset:2px}
.dialog:focus{outline:none}`;

export function shadowHost(tag: string, css: string): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement(tag);
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = BASE + css;
  root.append(style);
  document.body.append(host);
  return { host, root };
}

/** An inline icon (no image request, no icon font), drawn in the current text colour. */
export function icon(path: string, size: number): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('fill', 'currentColor');
  const shape = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  shape.setAttribute('d', path);
  svg.append(shape);
  return svg;
}

export const CHAT_ICON = 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z';
export const CLOSE_ICON =
  'M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 0 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4z';
