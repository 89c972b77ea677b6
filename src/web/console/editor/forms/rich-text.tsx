import { useEffect, useRef } from 'react';
import type { DraftVariable, Json } from '../draft';
import { caretOffset, placeCaret } from './caret';
import { htmlToRichText, richTextToHtml } from './rich-text-format';

/**
 * A text bubble's rich text: bold, italic, underline, links, lists, and
 * variables inserted as {{Name}} (the engine substitutes them). Edits reach
 * the draft as Slate nodes at each input.
 */
export function RichTextEditor({
  value,
  variables,
  onChange,
  label,
}: {
  value: unknown;
  variables: DraftVariable[];
  onChange(nodes: Json[]): void;
  label: string;
}) {
  const area = useRef<HTMLDivElement>(null);
  const written = useRef<string>('');
  // The element is written only when the value comes from elsewhere (another block, undo): typing keeps its caret.
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const html = richTextToHtml(value);
    if (html !== written.current) {
      // A caret at the end stays at the end (the words arriving come before it); elsewhere it keeps its place.
      const caret = caretOffset(element);
      const atEnd = caret !== undefined && caret === element.textContent?.length;
      element.innerHTML = html;
      written.current = html;
      if (caret !== undefined) placeCaret(element, atEnd ? Number.MAX_SAFE_INTEGER : caret);
    }
  }, [value]);
  const emit = () => {
    const element = area.current;
    if (!element) return;
    const nodes = htmlToRichText(element);
    written.current = richTextToHtml(nodes);
    onChange(nodes);
  };
  const command = (name: string, argument?: string) => {
    area.current?.focus();
    // execCommand is deprecated but still the one editing primitive every browser ships; its output is normalised by htmlToRichText.
    document.execCommand(name, false, argument);
    emit();
  };
  return (
    <div className="rich-text">
      <div className="rich-toolbar" role="toolbar" aria-label="Text formatting">
        <button
          type="button"
          aria-label="Bold"
          title="Bold (Ctrl+B)"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => command('bold')}
        >
          <strong>B</strong>
        </button>
        <button
          type="button"
          aria-label="Italic"
          title="Italic (Ctrl+I)"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => command('italic')}
        >
          <em>I</em>
        </button>
        <button
          type="button"
          aria-label="Underline"
          title="Underline (Ctrl+U)"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => command('underline')}
        >
          <u>U</u>
        </button>
        <button
          type="button"
          title="Link"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            const url = prompt('Link address (https://…)');
            if (url && /^(https?:|mailto:|tel:)/i.test(url.trim())) command('createLink', url.trim());
          }}
        >
          Link
        </button>
        <button
          type="button"
          title="Bulleted list"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => command('insertUnorderedList')}
        >
          • <span className="visually-hidden">Bulleted list</span>
        </button>
        <button
          type="button"
          title="Numbered list"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => command('insertOrderedList')}
        >
          1. <span className="visually-hidden">Numbered list</span>
        </button>
        <select
          aria-label="Insert a variable"
          value=""
          onMouseDown={(event) => event.stopPropagation()}
          onChange={(event) => {
            if (event.target.value) command('insertText', `{{${event.target.value}}}`);
          }}
        >
          <option value="">{'{{ }} Variable'}</option>
          {variables.map((variable) => (
            <option key={variable.id} value={variable.name}>
              {variable.name}
            </option>
          ))}
        </select>
      </div>
      <div
        ref={area}
        className="rich-area"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        tabIndex={0}
        suppressContentEditableWarning
        onInput={emit}
        onKeyDown={(event) => {
          // Undo inside the text is the editor's, not the browser's own (one history for everything).
          if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'z') event.preventDefault();
        }}
      />
    </div>
  );
}
