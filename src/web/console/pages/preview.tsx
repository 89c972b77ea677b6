import { useMemo, useState } from 'react';
import { parseFlow } from '../flow/model';
import { PreviewChat } from '../preview-chat';
import type { BotDefinition } from '../bot-definition';

/** The Test tab: the stored draft, from the start or from any group. */
export function PreviewTab({ bot }: { bot: BotDefinition }) {
  const groups = useMemo(() => parseFlow(bot).groups, [bot]);
  const [startGroup, setStartGroup] = useState('');
  const [run, setRun] = useState(0);
  return (
    <section className="preview">
      <form className="row" onSubmit={(event) => event.preventDefault()}>
        <label>
          Start from
          <select value={startGroup} onChange={(event) => setStartGroup(event.target.value)}>
            <option value="">The start</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.title}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="secondary" onClick={() => setRun((count) => count + 1)}>
          Restart
        </button>
      </form>
      <p className="hint">The preview runs the saved draft; its answers are not stored as results.</p>
      <PreviewChat botId={bot.id} startGroup={startGroup} run={run} />
    </section>
  );
}
