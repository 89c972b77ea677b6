import { useCallback, useMemo, useState } from 'react';
import { ApiError, request } from '../api/client';
import {
  BotRevisionDocument,
  BotRevisionExportDocument,
  BotRevisionsDocument,
  CheckpointBotDraftDocument,
  RestoreBotRevisionDocument,
  type BotRevisionQuery,
  type BotRevisionsQuery,
} from '../api/generated';
import { FlowView } from '../flow/lazy-flow-view';
import { parseFlow, type FlowBlock } from '../flow/model';
import { ErrorNote, formatDate, useAction, useLoad } from '../ui';
import type { BotDefinition } from '../bot-definition';
import { isObject } from '../json';

// The History tab: every publish kept as a revision, and checkpoints of the
// draft among them (work never published has a history too), each seen as it
// was and against the draft, downloadable, and restorable into the draft
// (never straight to the live bot: that still takes a publish).

type Revision = BotRevisionsQuery['bot']['revisions'][number];
type RevisionDetail = NonNullable<BotRevisionQuery['bot']['revision']>;
type Changes = RevisionDetail['changes'];

export function HistoryTab({
  bot,
  editable,
  onRestored,
}: {
  bot: BotDefinition;
  editable: boolean;
  onRestored(): void;
}) {
  // A publish adds a revision and moves the Live badge (publishedAt changes with it); a restore checkpoints the
  // draft it replaces (draftVersion changes with it).
  const list = useLoad(
    () => request(BotRevisionsDocument, { botId: bot.id }),
    [bot.id, bot.publishedAt, bot.draftVersion],
  );
  const revisions = list.data?.bot.revisions;
  const [selected, setSelected] = useState<number | null>(null);
  // The newest until one is chosen, so the tab never opens on an empty half.
  const shown =
    selected !== null && revisions?.some((each) => each.revision === selected)
      ? selected
      : (revisions?.[0]?.revision ?? null);

  const checkpointForm = editable && (
    <CheckpointForm
      botId={bot.id}
      onTaken={(revision) => {
        setSelected(revision);
        list.reload();
      }}
    />
  );

  if (list.error) return <ErrorNote error={list.error} />;
  if (!revisions) return <p className="loading">Loading the history…</p>;
  if (revisions.length === 0) {
    return (
      <section className="history empty">
        <p className="hint">
          No revision yet: each publish keeps one, and so does the draft when you come back to it after a pause, restore
          a revision or import over it.
        </p>
        {checkpointForm}
      </section>
    );
  }
  return (
    <section className="history">
      <nav className="revision-list" aria-label="Revisions">
        {checkpointForm}
        <ol>
          {revisions.map((revision) => (
            <li key={revision.revision}>
              <RevisionEntry revision={revision} current={revision.revision === shown} onSelect={setSelected} />
            </li>
          ))}
        </ol>
      </nav>
      {shown !== null && (
        <RevisionPanel
          key={shown}
          bot={bot}
          summary={revisions.find((each) => each.revision === shown)!}
          editable={editable}
          onRestored={() => {
            // The restore checkpoints the draft it replaced: a newer revision comes, this one stays shown.
            setSelected(shown);
            onRestored();
          }}
        />
      )}
    </section>
  );
}

/** Keeps the draft as it is now, with a note saying what the moment is. */
function CheckpointForm({ botId, onTaken }: { botId: string; onTaken(revision: number): void }) {
  const [note, setNote] = useState('');
  const take = useAction(async () => {
    const { checkpointDraft } = await request(CheckpointBotDraftDocument, { botId, note: note.trim() || null });
    setNote('');
    onTaken(checkpointDraft.revision);
  });
  return (
    <form
      className="checkpoint-form"
      onSubmit={(event) => {
        event.preventDefault();
        void take.run();
      }}
    >
      <input
        type="text"
        aria-label="Checkpoint note (optional)"
        placeholder="Note (optional)"
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <button type="submit" className="secondary" disabled={take.pending}>
        {take.pending ? 'Keeping…' : 'Keep the draft'}
      </button>
      <ErrorNote error={take.error} />
    </form>
  );
}

function RevisionEntry({
  revision,
  current,
  onSelect,
}: {
  revision: Revision;
  current: boolean;
  onSelect(revision: number): void;
}) {
  return (
    <button
      type="button"
      className="revision-entry"
      aria-current={current ? 'true' : undefined}
      onClick={() => onSelect(revision.revision)}
    >
      <span className="revision-number">
        Revision {revision.revision}
        {revision.isLive && <span className="badge badge-live">Live</span>}
        {revision.kind === 'draft' && <span className="badge badge-draft">Draft</span>}
      </span>
      {revision.kind === 'draft' && <span className="reason">{reasonInWords(revision)}</span>}
      <time dateTime={revision.publishedAt}>{formatDate(revision.publishedAt)}</time>
      <span className="publisher">{authorOf(revision)}</span>
    </button>
  );
}

const authorOf = (revision: Revision): string =>
  revision.author?.email ?? (revision.kind === 'draft' ? 'Author not recorded' : 'Publisher not recorded');

const REASONS: Record<NonNullable<Revision['reason']>, string> = {
  quiet: 'Kept when editing resumed after a pause',
  restore: 'Kept before a revision was restored over it',
  import: 'Kept before a flow was imported over it',
  overwrite: "Kept before a co-editor's change replaced it",
  manual: 'Checkpoint taken by hand',
};

/** Why a draft checkpoint was kept, in words (its note, for one taken by hand). */
function reasonInWords(revision: Revision): string {
  if (revision.note) return `${REASONS.manual}: ${revision.note}`;
  return revision.reason ? REASONS[revision.reason] : 'Draft checkpoint';
}

function RevisionPanel({
  bot,
  summary,
  editable,
  onRestored,
}: {
  bot: BotDefinition;
  summary: Revision;
  editable: boolean;
  onRestored(): void;
}) {
  const number = summary.revision;
  // The changes are against the draft: a save or a restore changes them.
  const detail = useLoad(
    () => request(BotRevisionDocument, { botId: bot.id, revision: number }),
    [bot.id, number, bot.draftVersion],
  );
  const revision = detail.data?.bot.revision;
  // The panel is keyed by revision: this is about the one shown.
  const [restored, setRestored] = useState(false);

  const restore = useAction(async () => {
    if (!confirm(`Replace the draft with revision ${number}? The live bot does not change until you publish.`)) return;
    // The draft version this page shows: a save made since (another tab, someone else) is not overwritten silently.
    await request(RestoreBotRevisionDocument, { botId: bot.id, revision: number, expectedVersion: bot.draftVersion });
    setRestored(true);
    onRestored();
  });
  const download = useAction(async () => {
    const file = (await request(BotRevisionExportDocument, { botId: bot.id, revision: number })).bot.revision?.export;
    if (file === undefined) throw new ApiError('NOT_FOUND', `Revision ${number} no longer exists`);
    saveJson(file, `${fileName(bot.name)}-revision-${number}.json`);
  });
  const conflict = restore.error instanceof ApiError && restore.error.code === 'CONFLICT';

  return (
    <section className="revision-panel" aria-labelledby="revision-title">
      <header className="revision-header">
        <div>
          <h2 id="revision-title">
            Revision {number}
            {summary.isLive && <span className="badge badge-live">Live</span>}
            {summary.kind === 'draft' && <span className="badge badge-draft">Draft</span>}
          </h2>
          {summary.kind === 'draft' ? (
            <p className="hint">
              {reasonInWords(summary)}, <time dateTime={summary.publishedAt}>{formatDate(summary.publishedAt)}</time> (
              {authorOf(summary)}). Never published.
            </p>
          ) : (
            <p className="hint">
              Published <time dateTime={summary.publishedAt}>{formatDate(summary.publishedAt)}</time> by{' '}
              {authorOf(summary)}
            </p>
          )}
        </div>
        <div className="actions">
          <button type="button" className="secondary" disabled={download.pending} onClick={() => void download.run()}>
            {download.pending ? 'Exporting…' : 'Export'}
          </button>
          {editable && (
            <button type="button" disabled={restore.pending || !revision} onClick={() => void restore.run()}>
              {restore.pending ? 'Restoring…' : 'Restore into the draft'}
            </button>
          )}
        </div>
      </header>
      {conflict ? (
        <div role="alert" className="error conflict">
          The draft was saved since this page was loaded (in another tab or by someone else), so it was not replaced.
          Reload the page to see the latest draft, then restore again if you still want to.{' '}
          <button type="button" className="link" onClick={() => location.reload()}>
            Reload
          </button>
        </div>
      ) : (
        <ErrorNote error={restore.error} />
      )}
      <ErrorNote error={download.error} />
      {restored && (
        <p role="status" className="notice">
          Revision {number} is now the draft. Publish to make it live.
        </p>
      )}
      <ErrorNote error={detail.error} />
      {revision && revision.revision === number ? (
        <RevisionContent revision={revision} />
      ) : detail.data && !revision ? (
        <p className="hint">This revision no longer exists.</p>
      ) : (
        !detail.error && <p className="loading">Loading revision {number}…</p>
      )}
    </section>
  );
}

function RevisionContent({ revision }: { revision: RevisionDetail }) {
  const flow = useMemo(() => parseFlow(flowPartOf(revision.definition)), [revision.definition]);
  const [selectedBlock, setSelectedBlock] = useState<string | undefined>();
  const onSelect = useCallback((block: FlowBlock) => setSelectedBlock(block.id), []);
  const sentences = describeChanges(revision.changes);
  return (
    <>
      <section className="revision-changes" aria-labelledby="changes-title">
        <h3 id="changes-title">Compared with the current draft</h3>
        {sentences.length === 0 ? (
          <p className="same">Same as the draft.</p>
        ) : (
          <ul>
            {sentences.map((sentence, index) => (
              <li key={index}>{sentence}</li>
            ))}
          </ul>
        )}
      </section>
      <div className="revision-canvas" aria-label={`Flow of revision ${revision.revision}`} role="region">
        <FlowView flow={flow} selectedId={selectedBlock} onSelect={onSelect} />
      </div>
    </>
  );
}

/** What parseFlow reads of a stored definition; it checks each field itself. */
function flowPartOf(definition: unknown): Parameters<typeof parseFlow>[0] {
  if (!isObject(definition)) return { groups: [], edges: [], events: [] };
  return { groups: definition.groups, edges: definition.edges, events: definition.events };
}

const quoted = (text: string) => `“${text}”`;

/** The differences as sentences, read from the draft's side: "added" is in the draft only. */
export function describeChanges(changes: Changes): string[] {
  const sentences: string[] = [];
  const groups = (list: { title: string }[], what: string) => {
    if (list.length === 1) sentences.push(`Group ${quoted(list[0]!.title)} ${what}`);
    else if (list.length > 1)
      sentences.push(`${list.length} groups ${what}: ${list.map((group) => quoted(group.title)).join(', ')}`);
  };
  const blocks = (list: { label: string }[], what: string) => {
    if (list.length > 0)
      sentences.push(
        `${list.length === 1 ? 'A block' : `${list.length} blocks`} ${what}: ${list.map((block) => block.label).join(', ')}`,
      );
  };
  groups(changes.groupsAdded, 'added in the draft');
  groups(changes.groupsRemoved, 'removed in the draft');
  for (const group of changes.groupsChanged) sentences.push(`Group ${quoted(group.title)} renamed or changed`);
  blocks(changes.blocksAdded, 'added in the draft');
  blocks(changes.blocksRemoved, 'removed in the draft');
  blocks(changes.blocksChanged, 'changed in the draft');
  if (changes.edgesChanged) sentences.push('Connections between blocks differ');
  if (changes.eventsChanged) sentences.push('The start or other events differ');
  if (changes.variablesChanged) sentences.push('Variables differ');
  if (changes.themeChanged) sentences.push('Theme differs');
  if (changes.settingsChanged) sentences.push('Settings differ');
  return sentences;
}

/** Keeps the bot's name readable in the file name; only what file systems refuse is replaced. */
const fileName = (name: string): string => name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'bot';

function saveJson(value: unknown, name: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the download may not have read the blob yet when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
