import { Fragment } from 'react';
import type { Json } from '../draft';
import { isObject } from '../../json';
import { choicesOf, modesOf, variantFields, variantOf } from '../../../../engine/shapes/choices';
import { shapeRuleOf } from '../../../../engine/shapes/values';
import { ChoiceField } from './choice-field';
import { CredentialsField } from './credentials-field';
import type { FieldProps, FormContext } from './form-context';
import { ObjectListField } from './list-field';
import { BlockField, BotField, GroupField } from './reference-fields';
import {
  credentialKinds,
  descriptionOf,
  drawable,
  labelOf,
  objectAlternative,
  placeholderOf,
  siblingKey,
  typesOf,
  widgetOf,
} from './schema-read';
import { CheckField, LinesField, NumberField, ShapedField, TextField } from './text-fields';
import { VariablePicker } from './variable-picker';

// One field drawn from its JSON Schema, by what it holds: a reference (its
// widget), one of a list of values, a shaped text, a switch, a list of rows,
// an object's own fields, a number, a text. An object whose fields depend on
// one of them (its modes, src/engine/blocks/form-schema.ts) shows that field
// as a select and, right after it, only the chosen mode's fields.

const GROUP_FIELD = 'x-parley-group-field';
const BOT_FIELD = 'x-parley-bot-field';

/** Names of texts written over several lines. */
const LONG_TEXTS = new Set(['body', 'content', 'prompt', 'message', 'instructions', 'systemMessage', 'input']);

export function Field({ name, schema, value, siblings, onChange, context }: FieldProps) {
  const label = labelOf(name, schema);
  const description = descriptionOf(schema);
  const hint = description ? <small className="hint">{description}</small> : null;
  const placeholder = placeholderOf(schema);
  const base = { label, hint, value, onChange };
  switch (widgetOf(schema)) {
    case 'variable':
      return (
        <VariablePicker
          label={label}
          value={typeof value === 'string' ? value : undefined}
          variables={context.variables}
          onChange={onChange}
          onCreate={context.createVariable}
        />
      );
    case 'credentials':
      return (
        <CredentialsField
          {...base}
          kinds={credentialKinds(schema)}
          credentials={context.credentials}
          workspaceId={context.readOnly ? undefined : context.workspaceId}
        />
      );
    case 'group': {
      const botKey = siblingKey(schema, BOT_FIELD);
      const botId = botKey ? siblings[botKey] : undefined;
      return (
        <GroupField
          {...base}
          draft={context.draft}
          botId={typeof botId === 'string' ? botId : undefined}
          thisBotId={context.botId}
          empty={botKey ? '— where the bot starts —' : '— none —'}
        />
      );
    }
    case 'block': {
      const groupKey = siblingKey(schema, GROUP_FIELD);
      return <BlockField {...base} draft={context.draft} groupId={groupKey ? siblings[groupKey] : undefined} />;
    }
    case 'bot':
      return <BotField {...base} workspaceId={context.workspaceId} thisBotId={context.botId} />;
  }
  const choices = choicesOf(schema);
  if (choices)
    return (
      <ChoiceField
        {...base}
        choices={choices}
        byDefault={typeof schema.default === 'string' ? schema.default : undefined}
        unknown={typeof schema['x-parley-unknown'] === 'string' ? schema['x-parley-unknown'] : undefined}
      />
    );
  const types = typesOf(schema);
  const rule = shapeRuleOf(schema);
  if (rule && (types.includes('string') || types.includes('number') || types.includes('integer')))
    return <ShapedField {...base} rule={rule} placeholder={placeholder} />;
  if (types.includes('boolean') && types.length === 1)
    return <CheckField {...base} byDefault={schema.default === true} />;
  if (types.includes('array') && isObject(schema.items)) {
    const items = schema.items;
    if (typesOf(items).includes('string')) return <LinesField {...base} />;
    return (
      <ObjectListField
        {...base}
        rowName={typeof schema['x-parley-row'] === 'string' ? schema['x-parley-row'] : undefined}
        newRow={isObject(schema['x-parley-new-row']) ? schema['x-parley-new-row'] : undefined}
        renderRow={(row, change) => <ObjectFields schema={items} value={row} onChange={change} context={context} />}
      />
    );
  }
  const object =
    types.includes('object') && !types.includes('string') && isObject(schema.properties)
      ? schema
      : isObject(value)
        ? objectAlternative(schema)
        : undefined;
  if (object)
    return (
      <fieldset className="nested">
        <legend>{label}</legend>
        <ObjectFields schema={object} value={isObject(value) ? value : {}} onChange={onChange} context={context} />
      </fieldset>
    );
  if ((types.includes('number') || types.includes('integer')) && !types.includes('string'))
    return <NumberField {...base} placeholder={placeholder} />;
  if (types.includes('string') || types.includes('number')) {
    const widget = widgetOf(schema);
    return (
      <TextField
        {...base}
        placeholder={placeholder}
        code={widget === 'code'}
        suggestTimeZones={widget === 'timeZone'}
        multiline={widget === 'richText' || LONG_TEXTS.has(name)}
      />
    );
  }
  return null;
}

const propertiesOf = (schema: Json): [string, Json][] =>
  Object.entries(isObject(schema.properties) ? schema.properties : {}).filter((entry): entry is [string, Json] =>
    isObject(entry[1]),
  );

/**
 * `value` with `key` set to `next`: the fields following it (a block of the
 * chosen group, a group of the chosen bot) are cleared, and a new mode drops
 * the fields only other modes have.
 */
function withField(schema: Json, value: Json, key: string, next: unknown): Json {
  const { [key]: _old, ...rest } = value;
  const updated: Json = next === undefined ? rest : { ...rest, [key]: next };
  const modes = modesOf(schema);
  const every = [
    ...propertiesOf(schema),
    ...(modes ? modes.variants.flatMap((variant) => Object.entries(variantFields(modes, variant))) : []),
  ];
  for (const [other, field] of every) if (field[GROUP_FIELD] === key || field[BOT_FIELD] === key) delete updated[other];
  if (modes && key === modes.key) {
    const kept = new Set(Object.keys(variantFields(modes, variantOf(modes, updated))));
    for (const variant of modes.variants)
      for (const other of Object.keys(variantFields(modes, variant))) if (!kept.has(other)) delete updated[other];
  }
  return updated;
}

/** An object's fields, in the schema's order; a mode's own fields right after the field choosing it. */
export function ObjectFields({
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
  const modes = modesOf(schema);
  const own = modes ? Object.entries(variantFields(modes, variantOf(modes, value))) : [];
  const draw = (key: string, field: Json) =>
    drawable(field) ? (
      <Field
        key={key}
        name={key}
        schema={field}
        value={value[key]}
        siblings={value}
        context={context}
        onChange={(next) => onChange(withField(schema, value, key, next))}
      />
    ) : null;
  return (
    <>
      {propertiesOf(schema).map(([key, field]) => (
        <Fragment key={key}>
          {draw(key, field)}
          {modes?.key === key && own.map(([ownKey, ownField]) => draw(ownKey, ownField))}
        </Fragment>
      ))}
    </>
  );
}
