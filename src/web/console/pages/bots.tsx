import { useState, type DragEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { request } from '../api/client';
import {
  BotDefinitionDocument,
  BotsDocument,
  CreateBotDocument,
  DeleteBotDocument,
  WorkspaceCredentialsDocument,
  type BotsQuery,
} from '../api/generated';
import { canEdit, type Workspace } from '../session';
import { ErrorNote, formatDate, useAction, useLoad } from '../ui';
import { withOnlyAccounts } from '../templates/with-credentials';
import { TemplateGallery, type Starter } from './template-gallery';

type BotSummary = BotsQuery['bots']['bots'][number];

async function allBots(workspaceId: string): Promise<BotSummary[]> {
  const bots: BotSummary[] = [];
  let cursor: string | null = null;
  do {
    const page: BotsQuery = await request(BotsDocument, { workspaceId, cursor });
    bots.push(...page.bots.bots);
    cursor = page.bots.nextCursor;
  } while (cursor);
  return bots;
}

/** `name`, else `name (2)`, `name (3)`... whichever no bot of the list has. */
function freeName(name: string, existing: readonly { name: string }[]): string {
  const taken = new Set(existing.map((bot) => bot.name));
  if (!taken.has(name)) return name;
  for (let index = 2; ; index += 1) if (!taken.has(`${name} (${index})`)) return `${name} (${index})`;
}

export function BotsPage({ workspace }: { workspace: Workspace }) {
  const [, navigate] = useLocation();
  const bots = useLoad(() => allBots(workspace.id), [workspace.id]);
  const [search, setSearch] = useState('');
  const [dragging, setDragging] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const editable = canEdit(workspace.viewerRole);

  const create = useAction(async (starter: Starter) => {
    const { credentials } = await request(WorkspaceCredentialsDocument, { workspaceId: workspace.id });
    const definition = withOnlyAccounts(starter.definition(), credentials);
    // A second bot from one template is "Lead capture (2)": two bots of one name cannot be told apart in the list.
    const bot = { ...definition, name: freeName(definition.name, bots.data ?? []) };
    const created = await request(CreateBotDocument, { workspaceId: workspace.id, bot });
    navigate(`/bots/${created.createBot.id}/flow`);
  });
  const importFile = useAction(async (file: File) => {
    let definition: unknown;
    try {
      definition = JSON.parse(await file.text());
    } catch {
      throw new Error(`${file.name} is not a JSON file (a Typebot or Parley export)`);
    }
    // The same file imported twice gives "Name (2)": two bots of one name cannot be told apart in the list.
    const named = definition && typeof definition === 'object' ? (definition as { name?: unknown }) : {};
    const bot = typeof named.name === 'string' ? { ...named, name: freeName(named.name, bots.data ?? []) } : definition;
    const created = await request(CreateBotDocument, { workspaceId: workspace.id, bot });
    navigate(`/bots/${created.createBot.id}/flow`);
  });
  const duplicate = useAction(async (bot: BotSummary) => {
    const { bot: source } = await request(BotDefinitionDocument, { botId: bot.id });
    const {
      id: _id,
      publicId: _publicId,
      publishedAt: _publishedAt,
      updatedAt: _updatedAt,
      workspaceId: _workspaceId,
      ...definition
    } = source;
    await request(CreateBotDocument, {
      workspaceId: workspace.id,
      bot: { ...definition, name: `${source.name} (copy)` },
    });
    bots.reload();
  });
  const remove = useAction(async (bot: BotSummary) => {
    if (!confirm(`Delete "${bot.name}" with all its results?`)) return;
    await request(DeleteBotDocument, { botId: bot.id });
    bots.reload();
  });

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void importFile.run(file);
  };
  // The bot worked on last comes first: the API pages by creation, and the list holds every page.
  const shown = (bots.data ?? [])
    .filter((bot) => bot.name.toLowerCase().includes(search.trim().toLowerCase()))
    .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
  return (
    <section>
      <header className="row">
        <h1>Bots</h1>
        <label className="search">
          <span className="visually-hidden">Search bots</span>
          <input
            type="search"
            placeholder="Search bots"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        {editable && (
          <>
            <button type="button" onClick={() => setChoosing(true)} aria-haspopup="dialog">
              New bot
            </button>
            <label className="button secondary">
              Import…
              <input
                type="file"
                accept=".json,application/json"
                className="visually-hidden"
                aria-label="Import a bot file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void importFile.run(file);
                  event.target.value = '';
                }}
              />
            </label>
          </>
        )}
      </header>
      <TemplateGallery
        open={choosing}
        onClose={() => setChoosing(false)}
        onChoose={(starter) => void create.run(starter)}
        pending={create.pending}
        error={create.error}
      />
      <ErrorNote error={importFile.error ?? duplicate.error ?? remove.error ?? bots.error} />
      {editable && (
        <div
          className={`dropzone${dragging ? ' active' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          Drop a Typebot export (.json) here to import it
        </div>
      )}
      {bots.loading && !bots.data ? (
        <p className="loading">Loading…</p>
      ) : shown.length === 0 ? (
        <p>{search ? 'No bot matches.' : 'No bots yet.'}</p>
      ) : (
        <table className="list">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Published</th>
              <th scope="col">Updated</th>
              {editable && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {shown.map((bot) => (
              <tr key={bot.id}>
                <td>
                  <Link href={`/bots/${bot.id}/flow`}>
                    {bot.icon ? `${bot.icon} ` : ''}
                    {bot.name}
                  </Link>
                </td>
                <td>{bot.publishedAt ? formatDate(bot.publishedAt) : 'Draft'}</td>
                <td>{formatDate(bot.updatedAt)}</td>
                {editable && (
                  <td className="actions">
                    <button type="button" className="secondary" onClick={() => void duplicate.run(bot)}>
                      Duplicate
                    </button>
                    <button type="button" className="danger" onClick={() => void remove.run(bot)}>
                      Delete
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
