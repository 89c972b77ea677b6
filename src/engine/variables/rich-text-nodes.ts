// Rich-text nodes as Slate/Plate store them: elements `{ type, children, url? }`
// and text leaves `{ text, bold?, italic?, underline?, … }`, handled as plain
// JSON (unknown element types and marks pass through).

export type Node = Record<string, unknown>;
export interface Leaf extends Node {
  text: string;
}
export interface Element extends Node {
  children: unknown[];
}

export function isObject(node: unknown): node is Node {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

export function isLeaf(node: unknown): node is Leaf {
  return isObject(node) && typeof node.text === 'string';
}

export function isElement(node: unknown): node is Element {
  return isObject(node) && !isLeaf(node) && Array.isArray(node.children);
}

export function emptyParagraph(): Element {
  return { type: 'p', children: [{ text: '' }] };
}

/** An element; one without children gets an empty leaf, as the editor stores it. */
export function element(type: string, children: unknown[], extra: Node = {}): Element {
  return { type, ...extra, children: children.length > 0 ? children : [{ text: '' }] };
}
