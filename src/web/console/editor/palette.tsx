import { useId, useMemo, useState } from 'react';
import { BlockIcon } from './block-icon';
import { CATEGORIES, type BlockTypeInfo } from './block-types';
import { startTypeDrag } from './drag-data';

/**
 * Every block type the engine runs, grouped and searchable. Click (or Enter)
 * adds one to the selected group (a new group when none is); drag one onto
 * a group or the canvas.
 */
export function Palette({
  types,
  onAdd,
  target,
}: {
  types: BlockTypeInfo[];
  onAdd(type: string): void;
  target: string;
}) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const shown = useMemo(() => {
    const words = query.trim().toLowerCase();
    return words
      ? types.filter((type) => `${type.label} ${type.type} ${type.category}`.toLowerCase().includes(words))
      : types;
  }, [types, query]);
  const known = new Set<string>(CATEGORIES.map((category) => category.id));
  const groups = [
    ...CATEGORIES,
    ...[...new Set(types.map((type) => type.category))].filter((id) => !known.has(id)).map((id) => ({ id, label: id })),
  ];
  return (
    <nav className="palette" aria-label="Blocks">
      <h2 className="visually-hidden">Blocks</h2>
      <label htmlFor={searchId} className="visually-hidden">
        Search blocks
      </label>
      <input
        id={searchId}
        type="search"
        placeholder="Search blocks…"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          // Enter adds the first match: search-and-add without the mouse.
          if (event.key === 'Enter' && shown[0]) {
            event.preventDefault();
            onAdd(shown[0].type);
          }
        }}
      />
      <p className="hint">Adds to {target}</p>
      {groups.map((category) => {
        const entries = shown.filter((type) => type.category === category.id);
        if (entries.length === 0) return null;
        return (
          <section key={category.id} aria-label={category.label}>
            <h3>{category.label}</h3>
            <ul>
              {entries.map((type) => (
                <li key={type.type}>
                  <button
                    type="button"
                    draggable
                    onDragStart={(event) => startTypeDrag(event, type.type)}
                    onClick={() => onAdd(type.type)}
                  >
                    <BlockIcon type={type.type} />
                    {type.label}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {shown.length === 0 && <p className="hint">No block matches “{query}”.</p>}
    </nav>
  );
}
