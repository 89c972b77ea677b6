import { TEMPLATES, type BotTemplate } from '../templates';
import { Dialog, ErrorNote } from '../ui';

/** What "New bot" can start from: a blank flow, or one of the templates. */
export interface Starter {
  id: string;
  name: string;
  description: string;
  icon: string;
  /** A fresh definition each time: the blank flow's start event gets a new id. */
  definition(): { name: string } & Record<string, unknown>;
}

/** A blank flow: the start event and nothing else. */
function blankBot(name: string) {
  return {
    version: '6.1',
    name,
    events: [{ id: crypto.randomUUID(), type: 'start', graphCoordinates: { x: 0, y: 0 } }],
    groups: [],
    edges: [],
    variables: [],
    theme: {},
    settings: {},
  };
}

const fromTemplate = (template: BotTemplate): Starter => ({
  id: template.id,
  name: template.name,
  description: template.description,
  icon: template.definition.icon ?? '🤖',
  definition: () => ({ ...template.definition }),
});

export const STARTERS: readonly Starter[] = [
  { id: 'blank', name: 'Blank', description: 'An empty flow, to build from scratch.', icon: '＋', definition: () => blankBot('My bot') },
  ...TEMPLATES.map(fromTemplate),
];

export function TemplateGallery({
  open,
  onClose,
  onChoose,
  pending,
  error,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (starter: Starter) => void;
  pending: boolean;
  error: unknown;
}) {
  return (
    <Dialog title="New bot" open={open} onClose={onClose} className="gallery">
      <p className="hint">Start from a blank flow or from a template: everything in it can be changed afterwards.</p>
      <ErrorNote error={error} />
      <ul className="starters" aria-label="Starting points">
        {STARTERS.map((starter) => (
          <li key={starter.id}>
            <button
              type="button"
              className={`starter${starter.id === 'blank' ? ' blank' : ''}`}
              aria-label={starter.name}
              aria-describedby={`starter-${starter.id}`}
              disabled={pending}
              onClick={() => onChoose(starter)}
            >
              <span className="starter-icon" aria-hidden="true">
                {starter.icon}
              </span>
              <span className="starter-text">
                <strong>{starter.name}</strong>
                <span id={`starter-${starter.id}`}>{starter.description}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
