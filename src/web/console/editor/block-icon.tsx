import { blockDefinition } from '../../../engine/blocks/definitions';
import { ICONS } from './generated-icons';

/**
 * A block type's icon (the lucide-static SVG its definition names), beside the label that names it:
 * hidden from assistive technology, which reads the label. An unknown type
 * (a block of a later version) keeps the icon's place empty, so rows line up.
 */
export function BlockIcon({ type }: { type: string }) {
  const name = blockDefinition(type)?.icon;
  const icon = name === undefined ? undefined : ICONS[name];
  return icon ? (
    // The markup is a lucide-static export bundled with the console, never text from a bot or a request.
    <span className="block-icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: icon }} />
  ) : (
    <span className="block-icon" aria-hidden="true" />
  );
}
