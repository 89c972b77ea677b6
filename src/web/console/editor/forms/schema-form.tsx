import { useEffect, useId, useState, type ReactNode } from 'react';
import type { DraftVariable, Json } from '../draft';
import { VariablePicker } from './variable-picker';
import { isObject } from '../../json';
import { shapeRuleOf, type ShapeRule } from '../../../../engine/shapes/values';
import { FieldError, invalidProps, useShapedText } from '../../shaped-text';
import { credentialsTypeName } from '../../pages/credentials-form';

// A block's options drawn from their JSON Schema (the API's blockTypes): the
// same description the engine parses them with. Fields the schema marks get
// their widget (x-parley-widget: variable, credentials, code); what the form
// cannot draw stays editable as JSON below it. Fields with a shape
// (x-parley-shape: a colour, a length, an address, a bounded number) are
// checked as they are typed with the server's words; text without its shape
// is not written to the block, which keeps its last good value.

export interface Credential {
  id: string;
  name: string;
  type: string;
}

interface Context {
  variables: DraftVariable[];
  credentials: Credential[];
  createVariable(name: string): string;
}

/** "isLong" → "Is long", "variableId" → "Variable". */
export function humanize(key: string): string {
  const words = key
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function typesOf(schema: Json): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string');
  const alternatives = [
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
  ].filter(isObject);
  return alternatives.flatMap(typesOf);
}

/** The credential types a field accepts (`x-parley-credentials`); undefined: any. */
function credentialKinds(schema: Json): string[] | undefined {
  const kinds = schema['x-parley-credentials'];
  return Array.isArray(kinds) ? kinds.filter((kind): kind is string => typeof kind === 'string') : undefined;
}

/**
 * An account: the workspace's credentials of the kinds the block takes. One
 * of another kind already saved (a Telegram connection in an OpenAI block)
 * stays shown as chosen, marked invalid with the reason, until another is picked.
 */
function CredentialsField({
  id,
  label,
  kinds,
  value,
  credentials,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  kinds: string[] | undefined;
  value: unknown;
  credentials: Credential[];
  hint: ReactNode;
  onChange(value: unknown): void;
}) {
  const current = typeof value === 'string' ? value : '';
  const offered = kinds ? credentials.filter((credential) => kinds.includes(credential.type)) : credentials;
  const chosen = credentials.find((credential) => credential.id === current);
  const wrongKind = chosen && kinds && !kinds.includes(chosen.type) ? chosen : undefined;
  const kindWords = kinds?.map(credentialsTypeName).join(' or ');
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={current}
        aria-invalid={wrongKind ? true : undefined}
        aria-describedby={wrongKind ? errorId : undefined}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">— none —</option>
        {offered.map((credential) => (
          <option key={credential.id} value={credential.id}>
            {credential.name} ({credentialsTypeName(credential.type)})
          </option>
        ))}
        {wrongKind && (
          <option value={wrongKind.id}>
            {wrongKind.name} ({credentialsTypeName(wrongKind.type)}): not usable here
          </option>
        )}
      </select>
      {wrongKind && (
        <small id={errorId} className="field-error">
          {wrongKind.name} is a {credentialsTypeName(wrongKind.type)} account; this block needs {kindWords} credentials.
          Choose another.
        </small>
      )}
      {offered.length === 0 && (
        <small className="hint">Add {kindWords ? `${kindWords} ` : ''}credentials in Settings first.</small>
      )}
      {hint}
    </div>
  );
}

/** A text or number field held to its schema's shape. */
function ShapedField({
  id,
  label,
  rule,
  value,
  placeholder,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  rule: ShapeRule;
  value: unknown;
  placeholder?: string;
  hint: ReactNode;
  onChange(value: unknown): void;
}) {
  const text = useShapedText(
    rule,
    typeof value === 'string' || typeof value === 'number' ? String(value) : '',
    onChange,
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        placeholder={placeholder}
        value={text.value}
        spellCheck={false}
        inputMode={rule.shape === 'number' || rule.shape === 'integer' ? 'decimal' : undefined}
        {...invalidProps(`${id}-error`, text.problem)}
        onChange={(event) => text.onChange(event.target.value)}
        onBlur={text.onBlur}
      />
      {hint}
      <FieldError id={`${id}-error`} problem={text.problem} />
    </div>
  );
}

function Field({
  name,
  schema,
  value,
  onChange,
  context,
}: {
  name: string;
  schema: Json;
  value: unknown;
  onChange(value: unknown): void;
  context: Context;
}) {
  const id = useId();
  const label = typeof schema.title === 'string' ? schema.title : humanize(name);
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  const widget = schema['x-parley-widget'];
  const types = typesOf(schema);
  const placeholder =
    schema.default !== undefined && typeof schema.default !== 'object' ? String(schema.default) : undefined;
  const hint = description ? <small className="hint">{description}</small> : null;
  const rule = shapeRuleOf(schema);
  if (
    rule &&
    widget === undefined &&
    (types.includes('string') || types.includes('number') || types.includes('integer'))
  )
    return (
      <ShapedField
        id={id}
        label={label}
        rule={rule}
        value={value}
        placeholder={placeholder}
        hint={hint}
        onChange={onChange}
      />
    );
  if (widget === 'variable')
    return (
      <VariablePicker
        label={label}
        value={typeof value === 'string' ? value : undefined}
        variables={context.variables}
        onChange={onChange}
        onCreate={context.createVariable}
      />
    );
  if (widget === 'credentials')
    return (
      <CredentialsField
        id={id}
        label={label}
        kinds={credentialKinds(schema)}
        value={value}
        credentials={context.credentials}
        hint={hint}
        onChange={onChange}
      />
    );
  if (Array.isArray(schema.enum))
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        >
          <option value="">{placeholder ? `Default (${placeholder})` : '—'}</option>
          {schema.enum.map((option) => (
            <option key={String(option)} value={String(option)}>
              {String(option)}
            </option>
          ))}
        </select>
        {hint}
      </div>
    );
  if (types.includes('boolean') && types.length === 1)
    return (
      <div className="field check">
        <label>
          <input
            type="checkbox"
            checked={value === true || (value === undefined && schema.default === true)}
            onChange={(event) => onChange(event.target.checked)}
          />
          {label}
        </label>
        {hint}
      </div>
    );
  if (types.includes('object') && isObject(schema.properties))
    return (
      <fieldset className="nested">
        <legend>{label}</legend>
        <ObjectFields schema={schema} value={isObject(value) ? value : {}} onChange={onChange} context={context} />
      </fieldset>
    );
  if ((types.includes('number') || types.includes('integer')) && !types.includes('string'))
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="number"
          placeholder={placeholder}
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        />
        {hint}
      </div>
    );
  if (types.includes('string') || types.includes('number')) {
    const long = widget === 'code' || widget === 'richText' || name === 'body' || name === 'content';
    const shown = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {long ? (
          <textarea
            id={id}
            className={widget === 'code' ? 'code' : undefined}
            rows={widget === 'code' ? 8 : 3}
            spellCheck={widget !== 'code'}
            placeholder={placeholder}
            value={shown}
            onChange={(event) => onChange(event.target.value || undefined)}
          />
        ) : (
          <input
            id={id}
            placeholder={placeholder}
            value={shown}
            onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
          />
        )}
        {hint}
      </div>
    );
  }
  return null;
}

/** Whether a field is drawn by the form (else it stays in the JSON box). */
function drawable(schema: Json): boolean {
  const types = typesOf(schema);
  if (schema['x-parley-widget'] || Array.isArray(schema.enum)) return true;
  if (types.includes('object')) return isObject(schema.properties);
  return types.some((type) => ['string', 'number', 'integer', 'boolean'].includes(type));
}

function ObjectFields({
  schema,
  value,
  onChange,
  context,
}: {
  schema: Json;
  value: Json;
  onChange(value: Json): void;
  context: Context;
}) {
  const properties = isObject(schema.properties) ? schema.properties : {};
  return (
    <>
      {Object.entries(properties)
        .filter(([, property]) => isObject(property) && drawable(property))
        .map(([key, property]) => (
          <Field
            key={key}
            name={key}
            schema={property as Json}
            value={value[key]}
            context={context}
            onChange={(next) => {
              const { [key]: _old, ...rest } = value;
              onChange(next === undefined ? rest : { ...rest, [key]: next });
            }}
          />
        ))}
    </>
  );
}

/** The options form of one block, and its JSON for what the form does not draw. */
export function SchemaForm({
  schema,
  value,
  onChange,
  variables,
  credentials,
  createVariable,
}: {
  schema: Json;
  value: Json;
  onChange(value: Json): void;
  variables: DraftVariable[];
  credentials: Credential[];
  createVariable(name: string): string;
}) {
  const context = { variables, credentials, createVariable };
  return (
    <div className="schema-form">
      <ObjectFields schema={schema} value={value} onChange={onChange} context={context} />
      <JsonBox value={value} onChange={onChange} />
    </div>
  );
}

/** All options as JSON: for fields the form does not draw (lists of rows, mappings). */
function JsonBox({ value, onChange }: { value: Json; onChange(value: Json): void }) {
  const id = useId();
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(JSON.stringify(value, null, 2)), [value]);
  return (
    <details className="json-box">
      <summary>Options as JSON</summary>
      <label htmlFor={id} className="visually-hidden">
        Options as JSON
      </label>
      <textarea
        id={id}
        className="code"
        rows={8}
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          try {
            const parsed: unknown = JSON.parse(event.target.value);
            if (!isObject(parsed)) throw new Error('options are an object: { … }');
            setError(null);
            onChange(parsed);
          } catch (caught) {
            setError(caught instanceof Error ? caught.message : String(caught));
          }
        }}
      />
      {error && <p className="error">Not saved: {error}</p>}
    </details>
  );
}
