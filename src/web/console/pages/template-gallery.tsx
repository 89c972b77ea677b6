import { TEMPLATES, type BotTemplate } from '../../../engine/shapes/templates';
import { blankBot } from '../../../engine/shapes/templates/blank';
import { Dialog, ErrorNote } from '../ui';

/** What "New bot" can start from: a blank flow, or one of the templates. */
export interface Starter {
  id: string;
  name: string;
  description: string;
  /** A fresh definition each time: the blank flow's start event gets a new id. */
  definition(): { name: string } & Record<string, unknown>;
}

// Drawn rather than emoji: a system without a colour emoji font shows emoji as empty boxes.
const ICON_PATHS: Record<string, string> = {
  blank: 'M12 5v14M5 12h14',
  'lead-capture': 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 3.6-6 8-6s8 2 8 6',
  faq: 'M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12zM9.6 9.4a2.5 2.5 0 1 1 3.4 2.4c-.6.3-1 .8-1 1.5v.4M12 16.6v.1',
  nps: 'M5 20v-7M12 20V5M19 20v-10M3 20h18',
  quiz: 'M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3.5 4M16 6h3a3 3 0 0 1-3.5 4M12 13v4M8 20h8',
  'ai-assistant':
    'M11 3l1.9 5.1L18 10l-5.1 1.9L11 17l-1.9-5.1L4 10l5.1-1.9zM18.5 14.5l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z',
};

function StarterIcon({ id }: { id: string }) {
  return (
    <span className="starter-icon" data-starter={id} aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={ICON_PATHS[id] ?? ICON_PATHS.blank} />
      </svg>
    </span>
  );
}

const fromTemplate = (template: BotTemplate): Starter => ({
  id: template.id,
  name: template.name,
  description: template.description,
  definition: () => ({ ...template.definition }),
});

export const STARTERS: readonly Starter[] = [
  {
    id: 'blank',
    name: 'Blank',
    description: 'An empty flow, to build from scratch.',
    definition: () => blankBot('My bot'),
  },
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
              <StarterIcon id={starter.id} />
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
