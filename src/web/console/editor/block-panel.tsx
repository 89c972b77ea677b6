import { useParams } from 'wouter';
import { blockDefinition } from '../../../engine/blocks/definitions';
import type { BlockTypeInfo } from './block-types';
import type { Draft, DraftBlock, DraftItem, DraftVariable, EdgeSource, Json } from './draft';
import { ConditionEditor } from './forms/condition';
import { ItemsEditor } from './forms/items';
import { MediaAddress } from './forms/media-address';
import { NextStep } from './forms/next-step';
import { RichTextEditor } from './forms/rich-text';
import { SchemaForm, type Credential } from './forms/schema-form';
import { labelOf, widgetOf } from './forms/schema-read';
import { useWorkspaceCredentials } from './forms/workspace-lists';
import { isObject } from '../json';

export interface PanelActions {
  /** `coalesce`: typing in one field makes one undo step. */
  updateBlock(blockId: string, change: (block: DraftBlock) => DraftBlock, coalesce?: string): void;
  removeBlock(blockId: string): void;
  connect(from: EdgeSource, groupId: string | null): void;
  newGroupFrom(from: EdgeSource): void;
  createVariable(name: string): string;
}

/** A field of a schema's `properties`, when the schema has it. */
function property(schema: Json | null | undefined, key: string): Json | undefined {
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : undefined;
  const field = properties?.[key];
  return isObject(field) ? field : undefined;
}

/** The item field a list of items is edited by (`x-parley-item-label`: a button's label, a picture's title). */
function itemLabelField(schema: Json | null | undefined): string | undefined {
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  return Object.keys(properties).find((key) => {
    const field = properties[key];
    return isObject(field) && field['x-parley-item-label'] === true;
  });
}

/** The side panel's form for the selected block: its content, its options, where it leads. */
export function BlockPanel({
  draft,
  block,
  groupId,
  isLast,
  info,
  variables,
  credentials,
  actions,
  readOnly,
}: {
  draft: Draft;
  block: DraftBlock;
  groupId: string;
  isLast: boolean;
  info: BlockTypeInfo | undefined;
  variables: DraftVariable[];
  credentials: Credential[];
  actions: PanelActions;
  readOnly?: boolean;
}) {
  const content = isObject(block.content) ? block.content : {};
  const options = isObject(block.options) ? block.options : {};
  const setContent = (next: Json, coalesce?: string) =>
    actions.updateBlock(block.id, (current) => ({ ...current, content: next }), coalesce);
  const setItems = (items: DraftItem[], coalesce?: string) =>
    actions.updateBlock(block.id, (current) => ({ ...current, items }), coalesce);
  // The bot's page route names its workspace and bot: the forms list that workspace's bots and credentials.
  const { workspaceId, botId } = useParams<{ workspaceId?: string; botId?: string }>();
  // Guests may not list credentials: theirs stay the page's (none).
  const workspaceCredentials = useWorkspaceCredentials(readOnly ? undefined : workspaceId, credentials);
  // The content and items are edited as their schemas say: rich text, a media address, a list of labelled items.
  const richText = property(info?.contentSchema, 'richText');
  const address = property(info?.contentSchema, 'url');
  const itemField = itemLabelField(info?.itemSchema);
  const schema = info?.optionsSchema;
  const hasOptions = isObject(schema) && isObject(schema.properties) && Object.keys(schema.properties).length > 0;
  return (
    <aside className="block-panel" aria-label="Block settings">
      <header className="row">
        <h2>{info?.label ?? block.type}</h2>
        {!readOnly && (
          <button type="button" className="danger" onClick={() => actions.removeBlock(block.id)}>
            Delete block
          </button>
        )}
      </header>
      <fieldset disabled={readOnly} className="plain">
        {richText && widgetOf(richText) === 'richText' && (
          <RichTextEditor
            label={labelOf('richText', richText)}
            value={content.richText}
            variables={variables}
            onChange={(richText) => setContent({ ...content, type: 'richText', richText }, `text:${block.id}`)}
          />
        )}
        {address && (
          <MediaAddress
            label={labelOf('url', address)}
            value={typeof content.url === 'string' ? content.url : ''}
            onChange={(url) => setContent({ ...content, url }, `url:${block.id}`)}
          />
        )}
        {itemField && (
          <ItemsEditor
            block={block}
            draft={draft}
            groupId={groupId}
            field={itemField}
            onChange={setItems}
            onConnect={actions.connect}
            onNewGroup={actions.newGroupFrom}
          />
        )}
        {blockDefinition(block.type)?.itemsAreConditions && (
          <ConditionEditor
            block={block}
            draft={draft}
            groupId={groupId}
            variables={variables}
            onChange={setItems}
            onCreateVariable={actions.createVariable}
            onConnect={actions.connect}
            onNewGroup={actions.newGroupFrom}
          />
        )}
        {hasOptions && (
          <section className="options" aria-label="Options">
            <h3>Options</h3>
            <SchemaForm
              schema={schema}
              value={options}
              context={{
                variables,
                credentials: workspaceCredentials,
                createVariable: actions.createVariable,
                draft,
                botId,
                workspaceId,
                readOnly,
              }}
              onChange={(next) =>
                actions.updateBlock(block.id, (current) => ({ ...current, options: next }), `options:${block.id}`)
              }
            />
          </section>
        )}
        {isLast && !block.items && (
          <NextStep
            label="Then go to"
            draft={draft}
            from={{ blockId: block.id }}
            ownGroupId={groupId}
            onConnect={actions.connect}
            onNewGroup={actions.newGroupFrom}
          />
        )}
      </fieldset>
    </aside>
  );
}
