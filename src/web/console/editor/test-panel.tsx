import { useEffect, useRef } from 'react';
import { PreviewChat } from '../preview-chat';
import type { Draft } from './draft';
import { saveOpenEdits } from './save-barrier';
import type { EditedBot } from './edited-bot';
import type { TestRun } from './use-test-run';

/** The side panel's test chat: the flow as it is now, from the start or from a group. */
export function TestPanel({ bot, draft, test }: { bot: EditedBot; draft: Draft; test: TestRun }) {
  const panel = useRef<HTMLElement>(null);
  // On a phone the panel is stacked under the canvas, out of sight of the button that opened it.
  useEffect(() => {
    if (window.matchMedia('(max-width: 900px)').matches) panel.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <aside className="block-panel test-panel" aria-label="Test" ref={panel}>
      <h2>Test</h2>
      <div className="row tight">
        <label className="field">
          Start from
          <select value={test.from} onChange={(event) => test.startFrom(event.target.value)}>
            <option value="">The start</option>
            {draft.groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.title}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="secondary" onClick={test.restart}>
          Restart
        </button>
      </div>
      <p className="hint">
        Runs the flow as it is now (changes not saved yet are saved first); answers are not stored. The block the chat
        is at is highlighted.
      </p>
      <PreviewChat
        botId={bot.id}
        beforeStart={saveOpenEdits}
        startGroup={test.from}
        run={test.run}
        onBlock={test.setRunning}
      />
    </aside>
  );
}
