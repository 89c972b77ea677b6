import { useMemo, useState } from 'react';
import { request, subscribe } from '../api/client';
import { DeleteResultsDocument, ResultsDocument, ResultsExportDocument, type ResultsQuery } from '../api/generated';
import { Dialog, ErrorNote, formatDate, useAction, useLoad } from '../ui';
import { parseFlow } from '../flow/model';
import { useResultUpdates } from '../live';
import type { BotDefinition } from '../bot-definition';
import { Transcript } from './transcript';

type ResultRow = ResultsQuery['bot']['results']['nodes'][number];
const PAGE = 50;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The columns of the export: each input block by the name of the variable it
 * saves to, else its group's title, in flow order; then the other variables.
 */
function tableOf(
  bot: BotDefinition,
  rows: ResultRow[],
): { columns: string[]; valuesOf(row: ResultRow): Map<string, unknown> } {
  const variableNames = new Map(
    (Array.isArray(bot.variables) ? bot.variables : []).flatMap((variable: unknown) => {
      const { id, name } = (typeof variable === 'object' && variable ? variable : {}) as {
        id?: unknown;
        name?: unknown;
      };
      return typeof id === 'string' && typeof name === 'string' ? [[id, name] as const] : [];
    }),
  );
  const groupTitleOfBlock = new Map(
    parseFlow(bot).groups.flatMap((group) => group.blocks.map((block) => [block.id, group.title] as const)),
  );
  const labelOf = (answer: ResultRow['answers'][number]) =>
    (answer.variableId && variableNames.get(answer.variableId)) ||
    groupTitleOfBlock.get(answer.blockId) ||
    answer.blockId;
  const order = [...parseFlow(bot).groups.flatMap((group) => group.blocks.map((block) => block.id))];
  const answered = new Map<string, number>();
  for (const row of rows)
    for (const answer of row.answers)
      answered.set(labelOf(answer), Math.min(answered.get(labelOf(answer)) ?? Infinity, order.indexOf(answer.blockId)));
  const inputs = [...answered.entries()].sort((a, b) => a[1] - b[1]).map(([label]) => label);
  const others = [...new Set(rows.flatMap((row) => row.variables.map((variable) => variable.name)))].filter(
    (name) => !answered.has(name),
  );
  return {
    columns: [...inputs, ...others],
    valuesOf: (row) => {
      const values = new Map<string, unknown>(row.variables.map((variable) => [variable.name, variable.value]));
      for (const answer of row.answers) values.set(labelOf(answer), answer.content);
      return values;
    },
  };
}

export function ResultsTab({ bot, editable }: { bot: BotDefinition; editable: boolean }) {
  const [search, setSearch] = useState('');
  const [appliedSearch, setAppliedSearch] = useState('');
  const [pages, setPages] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [transcriptOf, setTranscriptOf] = useState<string | null>(null);
  const filter = appliedSearch ? { search: appliedSearch } : undefined;

  // Everything shown so far is read again at once (pages × 50): a live event re-reads the same span.
  const results = useLoad(async () => {
    const rows: ResultRow[] = [];
    let after: string | null = null;
    let hasNextPage = false;
    for (let page = 0; page < pages; page += 1) {
      const { bot: loaded }: ResultsQuery = await request(ResultsDocument, {
        botId: bot.id,
        first: PAGE,
        after,
        filter,
      });
      rows.push(...loaded.results.nodes);
      hasNextPage = loaded.results.pageInfo.hasNextPage;
      after = loaded.results.pageInfo.endCursor;
      if (!hasNextPage) break;
    }
    return { rows, hasNextPage };
  }, [bot.id, appliedSearch, pages]);

  const live = useResultUpdates(bot.id, results.reload);

  const rows = results.data?.rows ?? [];
  const { columns, valuesOf } = useMemo(() => tableOf(bot, rows), [bot, rows]);
  const remove = useAction(async () => {
    if (!confirm(`Delete ${selected.size} result(s)?`)) return;
    await request(DeleteResultsDocument, { botId: bot.id, resultIds: [...selected] });
    setSelected(new Set());
    results.reload();
  });
  const exportCsv = useAction(
    () =>
      new Promise<void>((resolve, reject) => {
        const lines: string[] = [];
        subscribe(
          ResultsExportDocument,
          { botId: bot.id, format: 'csv', filter },
          {
            next: (data) => lines.push(data.resultsExport.line),
            error: reject,
            complete: () => {
              const url = URL.createObjectURL(new Blob(lines, { type: 'text/csv;charset=utf-8' }));
              const link = document.createElement('a');
              link.href = url;
              link.download = `${bot.name.replace(/[^\w.-]+/g, '_') || 'results'}-results.csv`;
              document.body.append(link);
              link.click();
              link.remove();
              setTimeout(() => URL.revokeObjectURL(url), 10_000);
              resolve();
            },
          },
        );
      }),
  );

  return (
    <section className="results">
      <header className="row">
        <form
          className="search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            setPages(1);
            setAppliedSearch(search.trim());
          }}
        >
          <label>
            <span className="visually-hidden">Search answers</span>
            <input
              type="search"
              placeholder="Search answers"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
          <button type="submit" className="secondary">
            Search
          </button>
        </form>
        <span className={`live-status ${live}`} role="status">
          {live === 'live' ? 'Live' : live === 'lost' ? 'Live updates lost: reconnecting…' : 'Connecting…'}
        </span>
        <button type="button" className="secondary" disabled={exportCsv.pending} onClick={() => void exportCsv.run()}>
          {exportCsv.pending ? 'Exporting…' : 'Export CSV'}
        </button>
        {editable && (
          <button
            type="button"
            className="danger"
            disabled={selected.size === 0 || remove.pending}
            onClick={() => void remove.run()}
          >
            Delete selected
          </button>
        )}
      </header>
      <ErrorNote error={results.error ?? remove.error ?? exportCsv.error} />
      <p className="count" aria-live="polite">
        {rows.length} result{rows.length === 1 ? '' : 's'}
        {results.data?.hasNextPage ? ' shown' : ''}
      </p>
      <div className="table-scroll">
        <table className="list" aria-label="Results">
          <thead>
            <tr>
              {editable && (
                <th scope="col">
                  <span className="visually-hidden">Select</span>
                </th>
              )}
              <th scope="col">Submitted at</th>
              {columns.map((name) => (
                <th scope="col" key={name}>
                  {name}
                </th>
              ))}
              <th scope="col">Completed</th>
              <th scope="col">
                <span className="visually-hidden">Transcript</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const values = valuesOf(row);
              return (
                <tr key={row.id} data-result-id={row.id}>
                  {editable && (
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Select result of ${formatDate(row.createdAt)}`}
                        checked={selected.has(row.id)}
                        onChange={(event) => {
                          const next = new Set(selected);
                          if (event.target.checked) next.add(row.id);
                          else next.delete(row.id);
                          setSelected(next);
                        }}
                      />
                    </td>
                  )}
                  <td>{formatDate(row.createdAt)}</td>
                  {columns.map((name) => (
                    <td key={name}>{cell(values.get(name))}</td>
                  ))}
                  <td>{row.isCompleted ? 'Yes' : 'No'}</td>
                  <td>
                    <button type="button" className="link" onClick={() => setTranscriptOf(row.id)}>
                      Transcript
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {results.data?.hasNextPage && (
        <button type="button" className="secondary" onClick={() => setPages((count) => count + 1)}>
          Load more
        </button>
      )}
      <Dialog title="Transcript" open={transcriptOf !== null} onClose={() => setTranscriptOf(null)}>
        {transcriptOf && <Transcript botId={bot.id} resultId={transcriptOf} />}
      </Dialog>
    </section>
  );
}
