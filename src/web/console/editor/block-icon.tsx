import { blockDefinition } from '../../../engine/blocks/definitions';

/**
 * A block type's icon (its definition's SVG), beside the label that names it:
 * hidden from assistive technology, which reads the label. An unknown type
 * (a block of a later version) keeps the icon's place empty, so rows line up.
 */
export function BlockIcon({ type }: { type: string }) {
  const icon = blockDefinition(type)?.icon;
  return icon ? (
    // The markup is a lucide-static export bundled with the console, never text from a bot or a request.
    <span className="block-icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: icon }} />
  ) : (
    <span className="block-icon" aria-hidden="true" />
  );
}
