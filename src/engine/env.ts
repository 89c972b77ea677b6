import type { CodeRunner } from './contracts/code-runner';

/** Everything the engine needs from the outside world: it stays a pure function of these. */
export interface EngineEnv {
  now(): Date;
  /** Uniform in [0, 1). */
  random(): number;
  newId(): string;
  code: CodeRunner;
  limits: { maxBlocksPerTurn: number; turnBudgetMs: number };
  /**
   * Replays only (a result's transcript): the value the conversation gave
   * this variable when this block ran, taken instead of computing it again
   * (code, random ids, dates, answers of outside systems); undefined when
   * none was recorded.
   */
  recordedValue?(blockId: string, variableId: string): { value: unknown } | undefined;
  /**
   * Replays only: whether a value is recorded for this block's next set of
   * this variable (without taking it). Server-side code whose sets are
   * recorded is not run again: its requests (its `fetch`) would be sent again
   * each time a transcript is read.
   */
  hasRecorded?(blockId: string, variableId: string): boolean;
  /** Milliseconds the turn has spent so far, effects excluded (the wall-clock budget). */
  elapsedMs(): number;
}
