import { z } from 'zod';
import { answering, field } from '../answers';
import { BLOCK_DEFINITIONS } from '../../engine/blocks/definitions';
import {
  awaitedInput,
  botLines,
  clientActions,
  turnErrors,
  type AwaitedInput,
  type TranscriptLine,
  type Turn,
} from '../preview-transcript';
import { botId, WRITES, type ToolHost } from './shared';

/** Replies one preview takes; a longer conversation is several calls (each starts over). */
const MAX_REPLIES = 30;

/** "Buttons: a reply picks…": how the inputs whose replies are not guessed take them, from their definitions. */
const REPLY_HINTS = BLOCK_DEFINITIONS.filter((definition) => definition.replyHint)
  .map((definition) => `${definition.label}: ${definition.replyHint}`)
  .join(' ');

interface Transcript {
  lines: TranscriptLine[];
  errors: string[];
  clientActions: string[];
  /** What the bot waits for at the end; absent when the conversation ended. */
  waitingFor?: AwaitedInput;
  /** Replies left unsent because the conversation ended first. */
  unsentReplies?: string[];
}

function record(transcript: Transcript, turn: Turn): void {
  transcript.lines.push(...botLines(turn));
  transcript.errors.push(...turnErrors(turn));
  transcript.clientActions.push(...clientActions(turn));
}

export function registerPreviewTools({ server, run }: ToolHost): void {
  server.registerTool(
    'preview_chat',
    {
      title: 'Test a bot',
      description: `Runs a test conversation with the bot's current draft (as the editor's preview: no result is stored, nothing is published) and answers the transcript: the bot's messages, your scripted replies in order, what the bot waits for at the end, and any errors its blocks logged. Scripts and redirects meant for the visitor's browser are listed, not run. ${REPLY_HINTS} A reply an input refuses gets its retry message, and the input waits again.`,
      inputSchema: {
        botId,
        replies: z
          .array(z.string().max(4000))
          .max(MAX_REPLIES)
          .default([])
          .describe('What the visitor answers, one entry per question, in order.'),
        prefilledVariables: z
          .record(z.string(), z.string())
          .optional()
          .describe('Variable values the chat starts with, by variable name.'),
      },
      // Preview sessions are kept a while, as the editor's are; nothing visitors see changes.
      annotations: { ...WRITES, idempotentHint: true },
    },
    ({ botId, replies, prefilledVariables }) =>
      answering(async () => {
        const transcript: Transcript = { lines: [], errors: [], clientActions: [] };
        const started = field(
          await run('StartPreviewChat', { botId, prefilledVariables, textBubbleContentFormat: 'markdown' }),
          'startPreviewChat',
        ) as Turn & { sessionId?: string };
        record(transcript, started);
        let waiting = awaitedInput(started);
        for (const [index, reply] of replies.entries()) {
          if (!waiting) {
            transcript.unsentReplies = replies.slice(index);
            break;
          }
          transcript.lines.push({ from: 'visitor', text: reply });
          const turn = field(
            await run('ContinueChat', {
              sessionId: started.sessionId,
              message: reply,
              textBubbleContentFormat: 'markdown',
            }),
            'continueChat',
          ) as Turn;
          record(transcript, turn);
          waiting = awaitedInput(turn);
        }
        if (waiting) transcript.waitingFor = waiting;
        return transcript;
      }),
  );
}
