// The session state as stored between turns (JSON, bounded in size): the
// queue of running bots with their variables, where the walk waits, the
// transcript, and a turn paused for an effect.
export type { Answer, BotRef, QueueEntry, ReturnMark } from './queue';
export type { DynamicThemeTemplates, PendingTurn, PreviewCredentials, SessionState, WalkCursor } from './state';
export type { TranscriptRecord, TranscriptTurn } from './transcript';
export type { RuntimeVariable, VariableValue } from './variables';
