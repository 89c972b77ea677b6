import type { Json } from '../draft';
import { ObjectFields } from './field';
import type { FormContext } from './form-context';
import { JsonBox } from './json-box';

// A block's options drawn from their author JSON Schema (the API's
// blockTypes, src/engine/blocks/form-schema.ts): the same description the
// engine's options are declared with and a draft's problems are checked
// against. Fields are drawn by what they hold (field.tsx); only the chosen
// mode's fields show; the options stay editable as JSON, folded, below.

export type { Credential } from './workspace-lists';
export type { FormContext } from './form-context';

export function SchemaForm({
  schema,
  value,
  onChange,
  context,
}: {
  schema: Json;
  value: Json;
  onChange(value: Json): void;
  context: FormContext;
}) {
  return (
    <div className="schema-form">
      <ObjectFields schema={schema} value={value} onChange={onChange} context={context} />
      <JsonBox schema={schema} value={value} onChange={onChange} />
    </div>
  );
}
