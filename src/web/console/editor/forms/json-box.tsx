import { useEffect, useId, useState } from 'react';
import type { Json } from '../draft';
import { isObject } from '../../json';
import { choiceIssues } from '../../../../engine/shapes/choices';

// Every option as JSON, folded under the form: for what the form does not
// draw, and for pasting a block's options. It holds the options to the same
// lists of values as the form: a value outside its list that the text adds is
// not written to the block, and the box says which field and why.

/** Why the options are not taken: the first value outside its list that `next` adds to `current`. */
function addedChoiceProblem(schema: Json, current: Json, next: Json): string | undefined {
  const key = (issue: { path: (string | number)[]; message: string }) => `${issue.path.join('.')}:${issue.message}`;
  const had = new Set(choiceIssues(schema, current).map(key));
  const added = choiceIssues(schema, next).find((issue) => !had.has(key(issue)));
  return added ? `${added.title ?? added.path.join('.')}: ${added.message}` : undefined;
}

export function JsonBox({ schema, value, onChange }: { schema: Json; value: Json; onChange(value: Json): void }) {
  const id = useId();
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(JSON.stringify(value, null, 2)), [value]);
  return (
    <details className="json-box">
      <summary>Advanced: options as JSON</summary>
      <label htmlFor={id} className="visually-hidden">
        Options as JSON
      </label>
      <textarea
        id={id}
        className="code"
        rows={8}
        spellCheck={false}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          try {
            const parsed: unknown = JSON.parse(event.target.value);
            if (!isObject(parsed)) throw new Error('options are an object: { … }');
            const refused = addedChoiceProblem(schema, value, parsed);
            if (refused) throw new Error(refused);
            setError(null);
            onChange(parsed);
          } catch (caught) {
            setError(caught instanceof Error ? caught.message : String(caught));
          }
        }}
      />
      {error && (
        <p id={`${id}-error`} className="error">
          Not saved: {error}
        </p>
      )}
    </details>
  );
}
