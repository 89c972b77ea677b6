// Where the caret sits in an editable element, in characters of its text, so
// that rewriting the element (another editor's change arriving) does not send
// it to the start while the person is about to type.

/** The caret's offset in the element's text, or undefined when the selection is not a caret inside it. */
export function caretOffset(element: HTMLElement): number | undefined {
  const selection = element.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0 || !selection.isCollapsed) return undefined;
  const range = selection.getRangeAt(0);
  if (!element.contains(range.endContainer)) return undefined;
  const before = element.ownerDocument.createRange();
  before.selectNodeContents(element);
  before.setEnd(range.endContainer, range.endOffset);
  return before.toString().length;
}

/** Puts the caret `offset` characters into the element's text (its end when the text is shorter). */
export function placeCaret(element: HTMLElement, offset: number): void {
  const document = element.ownerDocument;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  range.selectNodeContents(element);
  range.collapse(false);
  let left = offset;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (left <= node.length) {
      range.setStart(node, left);
      range.collapse(true);
      break;
    }
    left -= node.length;
  }
  const selection = document.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}
