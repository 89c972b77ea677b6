// Settings of the inbox of conversations handed to people (Handoff blocks, docs/handoff.md).
import { duration, integer } from '../setting';

export const handoff = {
  maxWaitingPerWorkspace: integer({
    env: 'PARLEY_HANDOFF_MAX_WAITING',
    default: 500,
    min: 1,
    doc: 'conversations that may wait for a person at once in one workspace; past it a Handoff block goes on at once along its outgoing edge',
  }),
  maxMessageLength: integer({
    env: 'PARLEY_HANDOFF_MAX_MESSAGE_LENGTH',
    default: 4000,
    min: 1,
    doc: "characters of one agent's message",
  }),
  maxTranscriptLines: integer({
    env: 'PARLEY_HANDOFF_TRANSCRIPT_LINES',
    default: 200,
    min: 0,
    doc: 'lines of what the visitor saw before the handoff copied into the conversation (the latest ones)',
  }),
  sweepMs: duration({
    env: 'PARLEY_HANDOFF_SWEEP_MS',
    unit: 'ms',
    default: 5000,
    doc: 'how often each process looks for conversations nobody took in time (their bot then goes on)',
  }),
};
