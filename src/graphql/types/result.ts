import { z } from 'zod';
import { ANY_ROLE, EDITOR_ROLES } from '../../services/access';
import { badRequest, forbidden } from '../../errors';
import { encodeCursor, getResult, listResults, resultVisitedEdges, type ResultPage } from '../../services/result-reads';
import { archiveResults, storedResultVariables } from '../../services/results';
import { exportLines } from '../../services/results-export';
import {
  createResultsExportLink,
  EXPORT_LINK_NOT_FOUND,
  exportByLink,
  type ExportLink,
} from '../../services/results-export-link';
import { resultTranscript, type TranscriptLine } from '../../services/chat/transcript';
import { type RESULT_EVENT_KINDS, type ResultEvent } from '../../services/live/events';
import { builder, hasBotRole } from '../builder';
import { botLiveStream, LIVE_STREAM_BOUNDS, unlessAccessLost, type ACCESS_LOST } from '../live-access';
import { TimeFilter } from './analytics';
import { MessagePayload } from './scalars';

// Stored JSON columns are parsed, not cast: a malformed row reads as empty
// rather than leaking an unexpected shape onto the wire.
const storedFileUrls = z.array(z.string());

interface VariableValue {
  id: string;
  name: string;
  value: unknown;
}

const ResultVariable = builder.objectRef<VariableValue>('ResultVariable').implement({
  description: "A variable's value when the result was last saved (session variables are not kept).",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    value: t.field({
      type: 'JSON',
      nullable: true,
      description: 'A string or a list of strings.',
      resolve: (variable) => variable.value ?? null,
    }),
  }),
});

builder.prismaObject('Answer', {
  description: 'One accepted reply of the visitor (a block answered twice gives two answers).',
  fields: (t) => ({
    blockId: t.exposeString('blockId'),
    groupId: t.exposeString('groupId', { nullable: true }),
    variableId: t.exposeString('variableId', {
      nullable: true,
      description: 'Variable the answer was saved in, if any.',
    }),
    content: t.exposeString('content'),
    attachedFileUrls: t.field({
      type: ['String'],
      nullable: true,
      resolve: (answer) => {
        const parsed = storedFileUrls.safeParse(answer.attachedFileUrls);
        return parsed.success ? parsed.data : null;
      },
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.prismaObject('Log', {
  description: 'A log line of a conversation (integration errors, client logs).',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    resultId: t.exposeString('resultId', { nullable: true }),
    status: t.exposeString('status'),
    description: t.exposeString('description'),
    details: t.exposeString('details', { nullable: true }),
    context: t.exposeString('context', { nullable: true }),
  }),
});

const TranscriptLineRef = builder.objectRef<TranscriptLine>('TranscriptLine').implement({
  description: 'One line of a conversation as the visitor saw it: a bot bubble or an answer.',
  fields: (t) => ({
    role: t.exposeString('role', {
      description:
        'bot, user (the visitor) or agent (a person of the workspace while the conversation was handed to them).',
    }),
    author: t.exposeString('author', { nullable: true, description: "An agent line's author, by name." }),
    type: t.exposeString('type', { description: 'text, image, video, audio or embed.' }),
    text: t.exposeString('text', {
      nullable: true,
      description: "A text bubble as markdown (variables as they were then), or the visitor's answer.",
    }),
    url: t.exposeString('url', { nullable: true, description: "A media bubble's or an embed's URL." }),
    blockId: t.exposeString('blockId', { description: 'The bubble, or the input answered.' }),
    rejected: t.exposeBoolean('rejected', {
      description: "A visitor's reply the input refused (validation failed); the bot's retry message follows it.",
    }),
    message: t.field({
      type: 'JSON',
      nullable: true,
      description:
        "A bot line's message as the chat API sends it ({type, content}, the content as rich text): what the chat page rendered. Null for the visitor's lines.",
      resolve: (line) => line.message ?? null,
    }),
  }),
});

export const ResultRef = builder.prismaObject('Result', {
  description: 'One conversation of a visitor with a published bot.',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    botId: t.exposeID('botId'),
    hasStarted: t.exposeBoolean('hasStarted', { description: 'The visitor answered at least once.' }),
    isCompleted: t.exposeBoolean('isCompleted', { description: 'The flow ended after at least one answer.' }),
    isArchived: t.exposeBoolean('isArchived'),
    lastChatSessionId: t.exposeString('lastChatSessionId', { nullable: true }),
    variables: t.field({
      type: [ResultVariable],
      select: { variables: true },
      resolve: (result) => storedResultVariables(result.variables),
    }),
    answers: t.relation('answers', {
      description: 'In the order they were given.',
      query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    }),
    logs: t.relation('logs', { query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } }),
    transcript: t.field({
      type: [TranscriptLineRef],
      description:
        "The conversation as the visitor saw it, in order: the bot's published flow replayed with the stored replies (accepted answers, and the ones an input refused followed by its retry message), every variable taking the value the set-variable history recorded (nothing is sent to outside systems). Replays the bot's current published revision; where the flow no longer asks what was answered, the remaining answers follow as they are.",
      resolve: (result, _args, ctx) => resultTranscript(ctx.chat, result.botId, result.id),
    }),
    visitedEdges: t.field({
      type: ['String'],
      description: 'Ids of the edges the conversation went through, in order (the visited path).',
      resolve: (result, _args, ctx) => resultVisitedEdges(ctx.db, result.id),
    }),
  }),
});

const ResultFilterInput = builder.inputType('ResultFilter', {
  fields: (t) => ({
    timeFilter: t.field({ type: TimeFilter, description: 'Range of creation times; default allTime.' }),
    timeZone: t.string({ description: 'IANA time zone of the calendar boundaries, default UTC.' }),
    isCompleted: t.boolean({ description: 'Only completed (true) or only unfinished (false) results.' }),
    search: t.string({ description: "Text contained in one of the result's answers." }),
  }),
});

builder.prismaObjectFields('Bot', (t) => ({
  results: t.connection(
    {
      type: ResultRef,
      description:
        'Started, unarchived results, newest first; `first` 1 to 100 (default 50). Stable while new results arrive.',
      args: { filter: t.arg({ type: ResultFilterInput }) },
      resolve: async (bot, args, ctx) => {
        if (args.last != null || args.before != null) {
          throw badRequest('Results page forwards only: use first and after');
        }
        const page: ResultPage = await listResults(
          ctx.db,
          bot.id,
          { first: args.first, after: args.after },
          args.filter ?? {},
        );
        return {
          edges: page.results.map((result) => ({ cursor: encodeCursor(result), node: result })),
          pageInfo: {
            hasNextPage: page.hasNextPage,
            hasPreviousPage: false,
            startCursor: page.results[0] ? encodeCursor(page.results[0]) : null,
            endCursor: page.endCursor,
          },
        };
      },
    },
    {
      name: 'ResultConnection',
      fields: (c) => ({
        nodes: c.field({
          type: [ResultRef],
          resolve: (connection) => connection.edges.flatMap((edge) => (edge ? [edge.node] : [])),
        }),
        nextCursor: c.string({
          nullable: true,
          description: 'Pass as `after` for the next page; null on the last.',
          resolve: (connection) => (connection.pageInfo.hasNextPage ? (connection.pageInfo.endCursor ?? null) : null),
        }),
      }),
    },
  ),
  result: t.prismaField({
    type: 'Result',
    description: 'One unarchived result of the bot.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, bot, args, ctx) => getResult(ctx.db, bot.id, String(args.id)),
  }),
}));

builder.mutationFields((t) => ({
  deleteResults: t.field({
    type: MessagePayload,
    description:
      'Archives the given results of the bot, or all of them when `resultIds` is absent: answers, logs and history go, rows stay for usage.',
    args: { botId: t.arg.id({ required: true }), resultIds: t.arg.idList() },
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: EDITOR_ROLES } }),
    resolve: async (_root, args, ctx) => {
      await archiveResults(ctx.db, String(args.botId), args.resultIds?.map(String), ctx.uploads.files);
      return { message: 'Results deleted' };
    },
  }),
}));

const ExportFormatEnum = builder.enumType('ExportFormat', {
  values: ['csv', 'ndjson'] as const,
  description: 'csv: header then one row per result; ndjson: one JSON object per result.',
});

const ExportLine = builder.objectRef<{ line: string }>('ExportLine').implement({
  description: 'One line of a results export (a CSV row, or an NDJSON object), newline included.',
  fields: (t) => ({ line: t.exposeString('line') }),
});

builder.subscriptionFields((t) => ({
  resultsExport: t.field({
    type: ExportLine,
    description:
      "Every started, unarchived result of a bot, oldest first, as lines of CSV or NDJSON, read in batches (constant memory); any member of the bot's workspace.",
    args: {
      botId: t.arg.id({ required: true }),
      format: t.arg({ type: ExportFormatEnum, required: true }),
      filter: t.arg({ type: ResultFilterInput }),
    },
    // Checked here: scope-auth guards resolvers, and a subscription's source is built before any resolver runs.
    subscribe: async (_root, args, ctx) => {
      if (!(await hasBotRole(ctx, String(args.botId), ANY_ROLE))) throw forbidden();
      return mapLines(exportLines(ctx.db, String(args.botId), args.format, args.filter ?? {}));
    },
    resolve: (line: { line: string }) => line,
  }),
}));

const ResultsExportLinkRef = builder.objectRef<ExportLink>('ResultsExportLink').implement({
  description:
    "A link to a results export that needs no credentials, for a person the caller hands it to. It works for 15 minutes, while the token or console session that made it is valid and its maker is still a member of the bot's workspace.",
  fields: (t) => ({
    url: t.exposeString('url', {
      description:
        'GET it for the download (on the console origin); `resultsExportByLink` takes its last path segment.',
    }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});

builder.mutationFields((t) => ({
  createResultsExportLink: t.field({
    type: ResultsExportLinkRef,
    description:
      "A short-lived link to the export `resultsExport` gives for the same arguments; any member of the bot's workspace.",
    args: {
      botId: t.arg.id({ required: true }),
      format: t.arg({ type: ExportFormatEnum, required: true }),
      filter: t.arg({ type: ResultFilterInput }),
    },
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: ANY_ROLE } }),
    resolve: (_root, args, ctx) =>
      createResultsExportLink(
        { db: ctx.db, secrets: ctx.chat.secrets },
        // The bot scope above has checked there is one.
        ctx.viewer!,
        { botId: String(args.botId), format: args.format, filter: args.filter ?? {} },
        ctx.request.consoleBaseUrl ?? '',
      ),
  }),
}));

builder.subscriptionFields((t) => ({
  resultsExportByLink: t.field({
    type: ExportLine,
    description: `The export a link of \`createResultsExportLink\` stands for, as \`resultsExport\` streams it; needs no credentials. \`format\`, when given, must be the link's. A link that is malformed, altered, expired, or whose maker could no longer export is NOT_FOUND "${EXPORT_LINK_NOT_FOUND}".`,
    args: {
      token: t.arg.string({ required: true }),
      format: t.arg({ type: ExportFormatEnum }),
    },
    subscribe: async (_root, args, ctx) =>
      mapLines(await exportByLink({ db: ctx.db, secrets: ctx.chat.secrets }, args.token, args.format)),
    resolve: (line: { line: string }) => line,
  }),
}));

async function* mapLines(lines: AsyncGenerator<string>): AsyncGenerator<{ line: string }> {
  for await (const line of lines) yield { line };
}

const ResultUpdateEventEnum = builder.enumType('ResultUpdateEvent', {
  values: {
    created: {
      description: 'A visitor opened the chat: the result exists, unanswered (it is not in `results` until answered).',
    },
    answered: { description: 'The visitor answered (once or more in the turn).' },
    completed: { description: 'The flow ended after at least one answer (the turn may also have answered).' },
  } satisfies Record<(typeof RESULT_EVENT_KINDS)[number], { description: string }>,
  description: 'The furthest step one chat turn took a result to.',
});

const ResultUpdate = builder.objectRef<ResultEvent>('ResultUpdate').implement({
  description:
    'A result one chat turn changed, once the turn committed. Ids only: read the result with `bot.result(id)`.',
  fields: (t) => ({
    botId: t.exposeID('botId'),
    resultId: t.exposeID('resultId'),
    event: t.expose('event', { type: ResultUpdateEventEnum }),
    answersCount: t.exposeInt('answersCount', {
      nullable: true,
      description: 'Answers this turn added to the result; null when it added none (created).',
    }),
    isCompleted: t.exposeBoolean('isCompleted', { description: "The result's isCompleted after the turn." }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: "The result's updatedAt as the turn wrote it." }),
  }),
});

builder.subscriptionFields((t) => ({
  resultUpdated: t.field({
    type: ResultUpdate,
    description: `Live results of a bot: one event per result each committed chat turn changes (created, answered, completed), from every server process sharing the database; held open until the client goes away. Events of a rolled-back turn never come; events while the stream is closed are not replayed (re-read \`results\` on reconnect). Any member of the bot's workspace; access is checked again as events come (PARLEY_LIVE_RECHECK_MS), and a caller who lost it gets NOT_FOUND, then the end of the stream. ${LIVE_STREAM_BOUNDS}`,
    args: { botId: t.arg.id({ required: true }) },
    subscribe: (_root, args, ctx) => {
      const botId = String(args.botId);
      return botLiveStream(ctx, botId, (live) => live.subscribe(botId));
    },
    resolve: (event: ResultEvent | typeof ACCESS_LOST) => unlessAccessLost(event),
  }),
}));
