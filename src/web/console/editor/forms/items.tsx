import { newId, type Draft, type DraftBlock, type DraftItem, type EdgeSource } from '../draft';
import { NextStep } from './next-step';
import { MediaAddress } from './media-address';

/** The items of a Buttons or Picture choice block: their words, their order, and where each leads. */
export function ItemsEditor({
  block,
  draft,
  groupId,
  field,
  onChange,
  onConnect,
  onNewGroup,
}: {
  block: DraftBlock;
  draft: Draft;
  groupId: string;
  /** The item field the list edits: a button's `content`, a picture's `title`. */
  field: string;
  onChange(items: DraftItem[], coalesce?: string): void;
  onConnect(from: EdgeSource, groupId: string | null): void;
  onNewGroup(from: EdgeSource): void;
}) {
  const items = block.items ?? [];
  const set = (index: number, patch: Partial<DraftItem>, coalesce?: string) =>
    onChange(
      items.map((item, at) => (at === index ? { ...item, ...patch } : item)),
      coalesce,
    );
  return (
    <fieldset className="items">
      <legend>{field === 'title' ? 'Pictures' : 'Buttons'}</legend>
      <ol>
        {items.map((item, index) => (
          <li key={item.id}>
            <div className="row tight">
              <input
                aria-label={`${field === 'title' ? 'Picture' : 'Button'} ${index + 1}`}
                value={typeof item[field] === 'string' ? (item[field] as string) : ''}
                placeholder="Click to edit"
                onChange={(event) => set(index, { [field]: event.target.value }, `item:${item.id}:${field}`)}
              />
              <button
                type="button"
                className="icon secondary"
                aria-label={`Remove ${field === 'title' ? 'picture' : 'button'} ${index + 1}`}
                onClick={() => onChange(items.filter((_, at) => at !== index))}
              >
                ×
              </button>
            </div>
            {field === 'title' && (
              <MediaAddress
                label={`Picture ${index + 1} image URL`}
                visibleLabel={false}
                value={typeof item.pictureSrc === 'string' ? item.pictureSrc : ''}
                onChange={(url) => set(index, { pictureSrc: url }, `item:${item.id}:src`)}
              />
            )}
            <NextStep
              label={`${field === 'title' ? 'Picture' : 'Button'} ${index + 1} goes to`}
              draft={draft}
              from={{ blockId: block.id, itemId: item.id }}
              ownGroupId={groupId}
              onConnect={onConnect}
              onNewGroup={onNewGroup}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="secondary"
        onClick={() => onChange([...items, { id: newId(), [field]: '' } as DraftItem])}
      >
        Add {field === 'title' ? 'a picture' : 'a button'}
      </button>
    </fieldset>
  );
}
